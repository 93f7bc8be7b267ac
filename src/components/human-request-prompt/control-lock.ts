import type { TabChannel, TabEnvironment } from '../../store';

/** Who holds control of a hand-off in this browser: nobody, this tab, or another tab. */
export type ControlHolder = 'none' | 'me' | 'elsewhere';

/** The channel the tabs of an origin say who holds control on (one for every hand-off; each message names its own). */
const CHANNEL = 'hitl-react:control';
/** How often the holding tab says it still holds control. */
export const CONTROL_HEARTBEAT_MS = 1000;
/** A holder silent this long is taken for gone (its tab crashed without `pagehide`). */
export const CONTROL_HOLDER_TIMEOUT_MS = 3500;

interface ControlMessage {
  type: 'held' | 'released' | 'ask';
  key: string;
  tab: string;
}

const isControlMessage = (value: unknown): value is ControlMessage =>
  typeof value === 'object' &&
  value !== null &&
  ['held', 'released', 'ask'].includes((value as ControlMessage).type) &&
  typeof (value as ControlMessage).key === 'string' &&
  typeof (value as ControlMessage).tab === 'string';

/**
 * One tab of the browser at a time holds control of a hand-off, over the tabs' own channel and
 * locks (the `TabEnvironment` the store's tabs share a poller with): with Web Locks, the lock of
 * the hand-off is held while this tab has control, so two tabs never both take it, and the browser
 * frees it when the tab dies; the channel tells the other tabs, so they show the view read-only,
 * and a heartbeat lets them see a holder that died without a word. Without Web Locks the channel
 * alone decides, and of two tabs that took control at once the one with the smaller id keeps it.
 * Without a channel (no `BroadcastChannel`, or `false`) this tab coordinates with none.
 */
export class ControlLock {
  holder: ControlHolder = 'none';
  private readonly tab = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  private readonly channel: TabChannel | undefined;
  private readonly cleanups: Array<() => void> = [];
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private holderTimer: ReturnType<typeof setTimeout> | undefined;
  private unlock: (() => void) | undefined;
  private destroyed = false;

  constructor(
    private readonly key: string,
    private readonly tabs: TabEnvironment | undefined,
    private readonly onChange: () => void,
  ) {
    this.channel = tabs?.channel(CHANNEL);
    if (this.channel !== undefined) {
      this.cleanups.push(this.channel.listen((message) => this.heard(message)));
      // A tab that opens while another holds control learns it at once, not at the next heartbeat.
      this.post('ask');
    }
    if (tabs !== undefined) this.cleanups.push(tabs.onClose(() => this.release()));
  }

  /** Takes control for this tab; false when another tab has it. */
  async take(): Promise<boolean> {
    if (this.holder === 'me') return true;
    if (this.holder === 'elsewhere' || this.destroyed) return false;
    const locks = this.tabs?.locks;
    if (locks !== undefined) {
      const taken = await new Promise<boolean>((resolve) => {
        locks
          .request(`${CHANNEL}:${this.key}`, { ifAvailable: true }, (lock) => {
            if (lock === null || this.destroyed) {
              resolve(false);
              return undefined;
            }
            resolve(true);
            // Held until released, or by the browser until the tab goes.
            return new Promise<void>((release) => (this.unlock = release));
          })
          // Locks refused (an opaque origin): the channel alone decides.
          .catch(() => resolve(true));
      });
      if (!taken) {
        // Another tab has the lock: it says so on the channel; meanwhile this one knows.
        if (!this.destroyed) this.set('elsewhere');
        this.expectHeartbeat();
        return false;
      }
    }
    if (this.destroyed) {
      this.unlock?.();
      return false;
    }
    this.set('me');
    this.post('held');
    this.heartbeat = setInterval(() => this.post('held'), CONTROL_HEARTBEAT_MS);
    return true;
  }

  /** Gives up control, if this tab has it. */
  release(): void {
    if (this.holder !== 'me') return;
    this.stopHolding();
    this.post('released');
    this.set('none');
  }

  destroy(): void {
    this.release();
    this.destroyed = true;
    clearTimeout(this.holderTimer);
    for (const cleanup of this.cleanups) cleanup();
    this.channel?.close();
  }

  private stopHolding(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.unlock?.();
    this.unlock = undefined;
  }

  private heard(message: unknown): void {
    if (!isControlMessage(message) || message.key !== this.key || message.tab === this.tab) return;
    if (message.type === 'ask') {
      if (this.holder === 'me') this.post('held');
    } else if (message.type === 'released') {
      if (this.holder === 'elsewhere') this.set('none');
    } else if (this.holder !== 'me' || message.tab < this.tab) {
      // Two holders (no Web Locks, both took at once): the smaller id keeps control.
      if (this.holder === 'me') this.stopHolding();
      this.set('elsewhere');
      this.expectHeartbeat();
    }
  }

  private expectHeartbeat(): void {
    clearTimeout(this.holderTimer);
    this.holderTimer = setTimeout(() => {
      if (this.holder === 'elsewhere') this.set('none');
    }, CONTROL_HOLDER_TIMEOUT_MS);
  }

  private post(type: ControlMessage['type']): void {
    try {
      this.channel?.post({ type, key: this.key, tab: this.tab } satisfies ControlMessage);
    } catch {
      // A closed channel (the tab is going): nobody is left to tell.
    }
  }

  private set(holder: ControlHolder): void {
    if (this.holder === holder) return;
    this.holder = holder;
    if (!this.destroyed) this.onChange();
  }
}

import type { ProxyStore } from '../stores/proxy-store';

/**
 * Which instance polls a topic: the one holding its lease in the shared store. A lease taken at a
 * turn lasts two status intervals (the poll and the next turn an interval later, with one to
 * spare), so another instance takes over within two intervals of its holder's last turn, and no
 * sooner.
 */
export class TopicLease {
  /** Whether this instance held the lease at its last take; `undefined` when the store could not be asked. */
  held: boolean | undefined = false;

  constructor(
    private readonly store: Pick<ProxyStore, 'acquireLease' | 'releaseLease'>,
    private readonly key: string,
    private readonly owner: string,
    private readonly intervalMs: number,
  ) {}

  /** Takes or renews it: `true`, or how many ms another holder's has left (`false`: the store cannot say). Throws when the store fails. */
  async take(): Promise<boolean | number> {
    try {
      const taken = await this.store.acquireLease(this.key, this.owner, 2 * this.intervalMs);
      this.held = taken === true;
      return taken;
    } catch (error) {
      this.held = undefined;
      throw error;
    }
  }

  /**
   * The next turn is `delayMs` away: the lease outlasts it by one interval, however far off it is (a
   * GIF's pace, a backoff, an idle check), so another instance takes over at most an interval after
   * this one would have polled, and never while this one is only waiting.
   */
  wait(delayMs: number): void {
    if (delayMs > this.intervalMs) this.extend(delayMs + this.intervalMs);
  }

  /** Keeps it, if held, `ttlMs` from now; a failure shows at the next take. */
  private extend(ttlMs: number): void {
    if (this.held === true) this.store.acquireLease(this.key, this.owner, ttlMs).catch(() => undefined);
  }

  /** Keeps it through `work` (a slow answer, a wait for a place among the open requests): no other instance starts polling meanwhile. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    const ttlMs = 2 * this.intervalMs;
    const renewal = setInterval(() => this.extend(ttlMs), Math.max(50, Math.floor(ttlMs / 3)));
    (renewal as { unref?: () => void }).unref?.();
    try {
      return await work();
    } finally {
      clearInterval(renewal);
    }
  }

  /** Gives it up, if held: nobody takes it for `holdMs`, so nobody polls sooner than this instance would have. */
  async release(holdMs: number): Promise<void> {
    const held = this.held;
    this.held = false;
    if (held !== true) return;
    await this.store.releaseLease(this.key, this.owner, Math.max(0, Math.ceil(holdMs)));
  }
}

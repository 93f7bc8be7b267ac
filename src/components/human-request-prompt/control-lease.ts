import { CONTROL_HELD_CODE, CONTROL_NOT_FOUND_CODE, isTaskApiError, type ControlLeaseHolder, type TaskClient } from '../../client';
import type { TabEnvironment } from '../../store';
import { ControlLock, type ControlHolder } from './control-lock';

/**
 * Where control of a hand-off is held one person at a time, across people, tabs and proxy
 * instances: the proxy's `{basePath}/control/{id}` through `client`.
 */
export interface ControlLeaseTarget {
  /** A client of a `createTaskProxy` (`createTaskClient`): its `readControl`, `takeControl` and `releaseControl`. Required. */
  client: TaskClient;
  /** The request's id as the proxy lists it, or the task's id (with `toolCallId`) for a call of the task service. Required. */
  id: string;
  /** For a `human_control` call of the task service: its `toolCallId`. Default: none (`id` is a request's). */
  toolCallId?: string | undefined;
}

/** How often a page that shows a hand-off reads who holds it. */
export const CONTROL_POLL_MS = 1000;
/** The same, while the page is hidden: nobody is looking, but the holder shown must not be long stale when it shows again. */
export const CONTROL_HIDDEN_POLL_MS = 5000;
/** How often the holder's page renews its lease: well within the proxy's `ttlMs` (5000), so one lost renewal costs nothing. */
export const CONTROL_RENEW_MS = 1500;

/** What a page shows of a hand-off's control. */
export interface ControlView {
  readonly holder: ControlHolder;
  /** Who holds it, as the proxy says; undefined when it is nobody, or not known (another tab of this browser that is still taking it). */
  readonly user: string | undefined;
  /** Since when, in ms since the epoch. */
  readonly since: number | undefined;
  /** Another tab of this browser holds it. */
  readonly otherTab: boolean;
  /** The proxy could not be reached (or said what cannot be used): what is shown may be stale, and is read again. */
  readonly unreachable: boolean;
  /** Control of this page lapsed: its renewals did not reach the proxy within the lease. */
  readonly lapsed: boolean;
  /** The proxy says the hand-off ended (410) or is not there (404): control can no longer be taken. */
  readonly ended: boolean;
}

/** A random lease token: 32 characters of `[A-Za-z0-9_-]` from 24 random bytes. */
function leaseToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** A refusal that will not change by asking again: the hand-off ended or is not there, or the request is not one the proxy takes. */
const isFinal = (error: unknown) =>
  isTaskApiError(error) &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

/** A 404 from something with no control routes (the task service itself, a simulator): no proxy leases control here. */
const isUnserved = (error: unknown) => isTaskApiError(error) && error.status === 404 && error.code !== CONTROL_NOT_FOUND_CODE;

const isHeld = (error: unknown) => isTaskApiError(error) && error.status === 409 && error.code === CONTROL_HELD_CODE;

const holderOf = (error: unknown): ControlLeaseHolder | null => {
  const details = isTaskApiError(error) ? error.details : undefined;
  return typeof details?.user === 'string' && typeof details.since === 'number' ? { user: details.user, since: details.since } : null;
};

/**
 * Control of a hand-off held through the proxy's lease, one page at a time however many people,
 * tabs and proxy instances show it: `ControlLock`'s shape (`holder`, `take`, `release`, `destroy`)
 * with who holds it. It reads the holder every `CONTROL_POLL_MS` while mounted (`CONTROL_HIDDEN_POLL_MS`
 * while the page is hidden), takes with a random lease token, renews every `CONTROL_RENEW_MS` while
 * held, and loses control at once when a renewal is refused, or when no renewal got through within
 * the lease (the proxy has let it lapse by then). This page is the holder only once the proxy said
 * so. It releases on `release()`, on `destroy()`, and when the page goes (`pagehide`, with
 * `keepalive`). The browser's `ControlLock` stands in front: two tabs of one browser never both
 * take or renew, and a tab sees "Another tab has control" without asking the proxy.
 */
export class ControlLease {
  view: ControlView = {
    holder: 'none',
    user: undefined,
    since: undefined,
    otherTab: false,
    unreachable: false,
    lapsed: false,
    ended: false,
  };
  private readonly token = leaseToken();
  private readonly lock: ControlLock;
  private readonly cleanups: Array<() => void> = [];
  /** Who holds it as the proxy last said, when not this page. */
  private proxyHolder: ControlLeaseHolder | null = null;
  private mine = false;
  private taking = false;
  private reading = false;
  /** Bumped whenever this page's holding changes: a read sent before says nothing of it. */
  private epoch = 0;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private renewTimer: ReturnType<typeof setTimeout> | undefined;
  private lapseTimer: ReturnType<typeof setTimeout> | undefined;
  private renewEvery = CONTROL_RENEW_MS;
  private destroyed = false;
  /** Whether the proxy has answered a read yet: until it has, a 404 may say there is no proxy at all. */
  private heard = false;
  /** No proxy serves control here: the browser's tabs alone decide, as without a target. */
  private local = false;

  constructor(
    private readonly target: ControlLeaseTarget,
    key: string,
    tabs: TabEnvironment | undefined,
    private readonly onChange: () => void,
  ) {
    this.lock = new ControlLock(key, tabs, () => this.update({}));
    const gone = () => void this.release(true);
    if (tabs !== undefined) this.cleanups.push(tabs.onClose(gone));
    else if (typeof window !== 'undefined') {
      window.addEventListener('pagehide', gone);
      this.cleanups.push(() => window.removeEventListener('pagehide', gone));
    }
    if (typeof document !== 'undefined') {
      // Shown again: the holder it shows may be old, so it is read at once.
      const shown = () => {
        if (document.visibilityState === 'visible') void this.poll();
      };
      document.addEventListener('visibilitychange', shown);
      this.cleanups.push(() => document.removeEventListener('visibilitychange', shown));
    }
    void this.poll();
  }

  get holder(): ControlHolder {
    return this.view.holder;
  }

  /** Takes control for this page; false when someone else has it, or the proxy did not say yes. */
  async take(): Promise<boolean> {
    const { client } = this.target;
    if (this.mine) return true;
    if (this.local) return this.lock.take();
    if (this.view.holder !== 'none' || this.view.ended || this.taking || this.destroyed || client.takeControl === undefined) return false;
    this.taking = true;
    // The person acts again: what ended their last control is said no more.
    this.update({ lapsed: false });
    try {
      if (!(await this.lock.take())) return false;
      if (this.destroyed) {
        this.lock.release();
        return false;
      }
      const sentAt = Date.now();
      this.epoch++;
      let granted;
      try {
        granted = await client.takeControl(this.target.id, this.body());
      } catch (error) {
        this.lock.release();
        if (!this.destroyed) this.failed(error);
        return false;
      }
      if (this.destroyed) {
        // Unmounted while the take was out: what it got is given back at once.
        void this.send(false);
        return false;
      }
      this.mine = true;
      this.epoch++;
      this.granted(sentAt, granted.ttlMs);
      this.scheduleRenewal();
      this.update({ holder: granted.holder, unreachable: false, lapsed: false });
      return true;
    } finally {
      this.taking = false;
    }
  }

  /** Gives up control, if this page has it; resolves once the proxy was told (or could not be). */
  release(keepalive = false): Promise<void> {
    if (this.local) {
      this.lock.release();
      return Promise.resolve();
    }
    if (!this.mine) return Promise.resolve();
    this.stopHolding();
    this.update({ holder: null });
    return this.send(keepalive);
  }

  destroy(): void {
    void this.release();
    this.destroyed = true;
    clearTimeout(this.pollTimer);
    for (const cleanup of this.cleanups) cleanup();
    this.lock.destroy();
  }

  private body() {
    return { lease: this.token, toolCallId: this.target.toolCallId };
  }

  private send(keepalive: boolean): Promise<void> {
    const { client } = this.target;
    // Not told (offline, the proxy down): the lease lapses by itself within its ttl.
    return client.releaseControl === undefined
      ? Promise.resolve()
      : client.releaseControl(this.target.id, this.body(), { keepalive }).then(
          () => undefined,
          () => undefined,
        );
  }

  private async poll(): Promise<void> {
    clearTimeout(this.pollTimer);
    const { client } = this.target;
    if (this.destroyed || this.view.ended || client.readControl === undefined) {
      if (client.readControl === undefined) this.update({ unreachable: true });
      return;
    }
    let delay = typeof document !== 'undefined' && document.visibilityState === 'hidden' ? CONTROL_HIDDEN_POLL_MS : CONTROL_POLL_MS;
    // While held, the renewals say what a read would.
    if (!this.mine && !this.reading) {
      const epoch = this.epoch;
      this.reading = true;
      try {
        const status = await client.readControl(this.target.id, { toolCallId: this.target.toolCallId }, { priority: 'low' });
        this.heard = true;
        if (!this.destroyed && epoch === this.epoch && !this.mine && !this.taking)
          this.update({ holder: status.holder, unreachable: false, lapsed: false });
      } catch (error) {
        if (!this.heard && isUnserved(error)) {
          // Nothing leases control here: this browser's tabs hold it, as they do without a proxy.
          this.local = true;
          this.update({ unreachable: false });
          return;
        }
        if (!this.destroyed && epoch === this.epoch && !this.mine) this.failed(error);
        if (isTaskApiError(error) && error.retryAfterMs !== undefined) delay = Math.max(delay, error.retryAfterMs);
      } finally {
        this.reading = false;
      }
    }
    if (!this.destroyed && !this.view.ended) this.pollTimer = setTimeout(() => void this.poll(), delay);
  }

  private async renew(): Promise<void> {
    const { client } = this.target;
    if (!this.mine || this.destroyed || client.takeControl === undefined) return;
    const epoch = this.epoch;
    const sentAt = Date.now();
    try {
      const granted = await client.takeControl(this.target.id, this.body());
      if (epoch !== this.epoch) return;
      this.granted(sentAt, granted.ttlMs);
      this.update({ unreachable: false });
    } catch (error) {
      if (epoch !== this.epoch) return;
      if (isFinal(error)) {
        // Refused: someone else holds it now, or the hand-off ended. Control ends at once.
        this.lose();
        this.failed(error);
        return;
      }
      // Not reached: control holds while the lease may still run; the lapse timer ends it otherwise.
      this.update({ unreachable: true });
    }
    this.scheduleRenewal();
  }

  private scheduleRenewal(): void {
    clearTimeout(this.renewTimer);
    this.renewTimer = setTimeout(() => void this.renew(), this.renewEvery);
  }

  /** The proxy said yes to a take sent at `sentAt`: control is this page's until `ttlMs` after it, at the latest. */
  private granted(sentAt: number, ttlMs: number): void {
    clearTimeout(this.lapseTimer);
    // A proxy with a shorter lease is renewed within it all the same.
    this.renewEvery = Math.min(CONTROL_RENEW_MS, ttlMs / 3);
    this.lapseTimer = setTimeout(
      () => {
        this.lose();
        void this.send(false);
        this.update({ holder: null, unreachable: true, lapsed: true });
      },
      Math.max(0, sentAt + ttlMs - Date.now()),
    );
  }

  private lose(): void {
    this.stopHolding();
  }

  private stopHolding(): void {
    this.mine = false;
    this.epoch++;
    clearTimeout(this.renewTimer);
    clearTimeout(this.lapseTimer);
    this.lock.release();
  }

  private failed(error: unknown): void {
    if (isHeld(error)) this.update({ holder: holderOf(error), unreachable: false });
    else if (isFinal(error)) {
      this.update({ holder: null, ended: true, unreachable: false });
      clearTimeout(this.pollTimer);
    } else this.update({ unreachable: true });
  }

  private update(change: { holder?: ControlLeaseHolder | null; unreachable?: boolean; lapsed?: boolean; ended?: boolean }): void {
    if (change.holder !== undefined) this.proxyHolder = change.holder;
    const mine = this.local ? this.lock.holder === 'me' : this.mine;
    const otherTab = !mine && this.lock.holder === 'elsewhere';
    const shown = this.proxyHolder;
    const next: ControlView = {
      holder: mine ? 'me' : shown !== null || otherTab ? 'elsewhere' : 'none',
      user: shown?.user,
      since: shown?.since,
      otherTab,
      unreachable: change.unreachable ?? this.view.unreachable,
      lapsed: mine ? false : (change.lapsed ?? this.view.lapsed),
      ended: change.ended ?? this.view.ended,
    };
    const before = this.view;
    if ((Object.keys(next) as Array<keyof ControlView>).every((field) => next[field] === before[field])) return;
    this.view = next;
    if (!this.destroyed) this.onChange();
  }
}

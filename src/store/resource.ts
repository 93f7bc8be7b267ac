import type { ResourceKey } from './resource-key';
import {
  INITIAL_RESOURCE_STATE,
  isFresh,
  resourceReducer,
  type ResourceEvent,
  type ResourceSnapshot,
  type ResourceState,
} from './resource-state';

/** How often to poll: milliseconds, `false` for never, or a function of the latest data. */
export type PollInterval<T> = number | false | ((data: T | undefined) => number | false);

export interface WatchOptions<T> {
  /**
   * Poll interval for this watcher. With several watchers of one resource the shortest wins.
   * Default: the store's `pollIntervalMs.status` for run statuses, `pollIntervalMs.gif` for GIFs,
   * `pollIntervalMs.requests` for the proxy's requests, and `false` (fetched once) for results,
   * lists and the key check.
   */
  pollIntervalMs?: PollInterval<T> | undefined;
  /**
   * A passive watcher keeps the resource fetched and polled but has no interval of its own: it
   * polls at the other watchers' interval, or at the store default when every watcher is passive.
   * For watchers that only need to notice a change (a result waiting for its run to end), so they
   * never speed up a slower interval chosen elsewhere. Default: false.
   */
  passive?: boolean | undefined;
}

/** One open request of a resource. */
export interface ResourceRequest {
  readonly seq: number;
  /** Store clock value when it started. */
  readonly tick: number;
  /** When it started, ms since the epoch. */
  readonly startedAt: number;
  readonly controller: AbortController;
  /** Settles with the applied data, or rejects with the failure; never unhandled. */
  result: Promise<unknown>;
  /** Its slot in the request cap was given back. */
  released: boolean;
}

const EMPTY: ResourceSnapshot<never> = Object.freeze({ data: undefined, error: undefined, isFetching: false, failureCount: 0 });

/** The snapshot of a resource nobody has asked for yet. */
export const EMPTY_SNAPSHOT: ResourceSnapshot<never> = EMPTY;

/**
 * One resource of the store (a run's status, a page of a list, …), like TanStack Query's `Query`:
 * it owns its state, changed only through `dispatch`, its readers (`listeners`), its watchers, and
 * its one open request. Timers and the line of requests belong to the scheduler; fetching belongs to
 * the store.
 */
export class Resource {
  state: ResourceState = INITIAL_RESOURCE_STATE;
  readonly listeners = new Set<() => void>();
  readonly watchers = new Set<{ options: WatchOptions<unknown> }>();
  request: ResourceRequest | undefined;
  private nextSeqValue = 0;
  /** The snapshot while idle and while fetching, made once per (data, error, failureCount). */
  private idle: ResourceSnapshot<unknown> = EMPTY;
  private busy: ResourceSnapshot<unknown> | undefined;
  private snapshot: ResourceSnapshot<unknown> = EMPTY;

  constructor(
    readonly id: string,
    readonly key: ResourceKey,
  ) {}

  getSnapshot(): ResourceSnapshot<unknown> {
    return this.snapshot;
  }

  /** Someone reads or watches it: it must not be forgotten. */
  get inUse(): boolean {
    return this.watchers.size > 0 || this.listeners.size > 0;
  }

  dispatch(event: ResourceEvent): void {
    const next = resourceReducer(this.state, event);
    if (next === this.state) return;
    this.state = next;
    this.publish();
  }

  /**
   * A sequence number for data that came without a request (pushed by the event stream): newer
   * than every request begun so far, so an open request's older answer cannot overwrite it.
   */
  nextSeq(): number {
    return ++this.nextSeqValue;
  }

  /** Starts counting a new request; the caller sends it and settles it through `finish`. */
  begin(tick: number, send: (signal: AbortSignal) => Promise<unknown>): ResourceRequest {
    const controller = new AbortController();
    const request: ResourceRequest = {
      seq: ++this.nextSeqValue,
      tick,
      startedAt: Date.now(),
      controller,
      result: Promise.resolve(),
      released: false,
    };
    this.request = request;
    let sent: Promise<unknown>;
    try {
      sent = send(controller.signal);
    } catch (error) {
      sent = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    request.result = sent;
    return request;
  }

  /**
   * Clears `request`'s place; true when its response may still be applied. Own aborts, older
   * requests and requests older than an invalidation never overwrite newer state.
   */
  finish(request: ResourceRequest): boolean {
    const current = this.request === request;
    if (current) this.request = undefined;
    const fresh = !request.controller.signal.aborted && isFresh(this.state, request.seq, request.tick);
    if (!fresh && current) this.dispatch({ type: 'cancel' });
    return fresh;
  }

  /** Aborts the open request; true when there was one. */
  abort(): boolean {
    const request = this.request;
    if (request === undefined) return false;
    this.request = undefined;
    request.controller.abort();
    this.dispatch({ type: 'cancel' });
    return true;
  }

  private publish(): void {
    const { data, error, failureCount, fetching } = this.state;
    if (this.idle.data !== data || this.idle.error !== error || this.idle.failureCount !== failureCount) {
      this.idle = Object.freeze({ data, error, isFetching: false, failureCount });
      this.busy = undefined;
    }
    const next = fetching ? (this.busy ??= Object.freeze({ ...this.idle, isFetching: true })) : this.idle;
    if (next === this.snapshot) return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}

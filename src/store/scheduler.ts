import { isRetryableReadError, isTaskApiError, unknownStatusInterval } from '../client';
import { retryDelay, type BackoffOptions } from '../utils';
import { RequestQueue } from './request-queue';
import { UnusableDataError } from './resource-data';
import type { PollInterval, Resource, ResourceRequest } from './resource';
import { isInvalidated } from './resource-state';
import type { StoreEnvironment } from './store-environment';

/** Polling intervals below this are raised to it, so a typo cannot turn a page into a request loop. */
export const MIN_POLL_INTERVAL_MS = 250;

/** Longest delay `setTimeout` accepts; a longer one would fire at once. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** Why polling is paused: the key was refused, the page is hidden, or the browser is offline. */
export type PauseReason = 'auth' | 'hidden' | 'offline';

export interface SchedulerOptions {
  /** Default interval of watchers that give none, by resource; absent kinds are fetched once. */
  defaultIntervals: { readonly status: number; readonly gif: number; readonly requests: number };
  maxConcurrentRequests: number;
  firstPollJitterMs: number;
  backoff: BackoffOptions;
  random: () => number;
  environment: StoreEnvironment;
  /** The resource will not change any more (a terminal run, a final GIF): no more polls. */
  isDone(resource: Resource): boolean;
  /**
   * The resource says something the store cannot place (a run status it does not know): it is
   * polled on, more slowly the longer it says so (see `unknownStatusInterval`).
   */
  isUnknown(resource: Resource): boolean;
  /** Every resource of the store, for pauses and returns. */
  resources(): Iterable<Resource>;
  /** Another transport (the proxy's event stream) brings this resource: it is not polled. */
  isCovered(resource: Resource): boolean;
  /** A pause began or ended (a refused key, a hidden page, no network). */
  onPauseChange(): void;
  /** Sends the resource's request; called when its turn in the queue comes. */
  start(resource: Resource): void;
}

/** What a failure means for the next automatic request. */
export interface FailurePlan {
  readonly auth: boolean;
  readonly retryAt: number | undefined;
  readonly notBefore: number;
  readonly halted: boolean;
}

interface Slot {
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Cancels the resource's place in the queue. */
  dequeue: (() => void) | undefined;
  firstDueAt: number | undefined;
  /** When the first request whose answer the store could not place started; undefined while it can. */
  unknownSince: number | undefined;
}

/**
 * When each watched resource is requested next: one timer per resource, the shared request queue
 * (at most `maxConcurrentRequests` polls open), full-jitter backoff, `Retry-After`, and the pauses
 * (a refused key, a hidden page, no network). It decides when; the store decides what a request is.
 */
export class Scheduler {
  private readonly queue: RequestQueue;
  private readonly slots = new Map<Resource, Slot>();
  private authError: Error | undefined;
  private environmentActive = true;
  private detachEnvironment: (() => void) | undefined;
  private destroyed = false;

  constructor(private readonly options: SchedulerOptions) {
    this.queue = new RequestQueue(Math.max(1, Math.floor(options.maxConcurrentRequests)));
  }

  /** The refused key polling is paused for, if any. */
  get refusal(): Error | undefined {
    return this.authError;
  }

  isPaused(): boolean {
    return this.authError !== undefined || !this.environmentActive || this.destroyed;
  }

  pauseReason(): PauseReason | undefined {
    if (this.authError !== undefined) return 'auth';
    if (this.detachEnvironment === undefined) return undefined;
    if (!this.options.environment.isOnline()) return 'offline';
    if (!this.options.environment.isVisible()) return 'hidden';
    return undefined;
  }

  /** Sets the one timer of a watched resource from its state. Idempotent. */
  schedule(resource: Resource): void {
    this.clearTimer(resource);
    const slot = this.slot(resource);
    // Before any early return: every applied answer passes here, so the first unknown one is the one noted.
    if (!this.options.isUnknown(resource)) slot.unknownSince = undefined;
    else slot.unknownSince ??= resource.state.requestedAt ?? resource.state.settledAt ?? Date.now();
    if (resource.watchers.size === 0 || resource.request !== undefined || slot.dequeue !== undefined || this.isPaused()) return;
    if (this.options.isCovered(resource)) return;
    const state = resource.state;
    const now = Date.now();
    let due: number;
    if (state.retryAt !== undefined) {
      due = state.retryAt;
    } else if (state.halted) {
      return;
    } else if (state.settledAt === undefined) {
      slot.firstDueAt ??= now + Math.floor(this.options.random() * this.options.firstPollJitterMs);
      due = slot.firstDueAt;
    } else if (isInvalidated(state)) {
      due = now;
    } else {
      const interval = this.interval(resource);
      if (interval === undefined) return;
      // Timed from the last request's start, not its answer: slow answers (a busy service, a
      // starved main thread) do not stretch the interval. Clamped to now: after the wall clock is
      // set back, the next poll is one interval away, not years.
      const last = Math.min(state.requestedAt ?? state.settledAt, now);
      due = last + (slot.unknownSince === undefined ? interval : unknownStatusInterval(interval, Math.max(0, last - slot.unknownSince)));
    }
    due = Math.max(due, state.notBefore);
    if (due <= now) {
      // Due already: no timer hop, so a resource enabled by a render is requested in the same task.
      this.enqueue(resource);
      return;
    }
    slot.timer = setTimeout(
      () => {
        slot.timer = undefined;
        this.enqueue(resource);
      },
      Math.min(MAX_TIMER_DELAY_MS, due - now),
    );
  }

  /** Puts the resource in line for a request, unless one is open, queued or paused. */
  enqueue(resource: Resource): void {
    const slot = this.slot(resource);
    if (resource.request !== undefined || slot.dequeue !== undefined || this.isPaused() || this.options.isCovered(resource)) return;
    let ran = false;
    const cancel = this.queue.push(() => {
      ran = true;
      slot.dequeue = undefined;
      if (resource.watchers.size === 0 || this.isPaused() || this.options.isCovered(resource)) return;
      this.options.start(resource);
    });
    // With a free slot the job has already run inside `push`.
    if (!ran) slot.dequeue = cancel;
  }

  /** No timer and no place in line for this resource. */
  cancel(resource: Resource): void {
    this.clearTimer(resource);
    const slot = this.slots.get(resource);
    slot?.dequeue?.();
    if (slot !== undefined) slot.dequeue = undefined;
  }

  /** The resource is gone from the store. */
  forget(resource: Resource): void {
    this.cancel(resource);
    this.slots.delete(resource);
  }

  /** A request goes out: it counts towards the cap, and leaves its place in line. */
  begin(resource: Resource): void {
    this.cancel(resource);
    this.queue.begin();
  }

  /** A request is over (answered, or aborted: an aborted fetch no longer loads the service). */
  release(request: ResourceRequest): void {
    if (request.released) return;
    request.released = true;
    this.queue.end();
  }

  /** The interval a watched resource polls at now, or undefined for none (fetched once, or done). */
  interval(resource: Resource): number | undefined {
    return this.options.isDone(resource) ? undefined : this.requestedInterval(resource);
  }

  /** The interval its watchers ask for, done or not; undefined when none asks for polls. */
  requestedInterval(resource: Resource): number | undefined {
    const kind = resource.key.resource;
    // Results, lists and the key check have no default: fetched once.
    const fallback = (this.options.defaultIntervals as Partial<Record<string, number>>)[kind] ?? false;
    let shortest: number | undefined;
    let active = false;
    const consider = (option: PollInterval<unknown>) => {
      const value = typeof option === 'function' ? option(resource.state.data) : option;
      if (typeof value !== 'number' || !Number.isFinite(value)) return;
      const interval = Math.max(MIN_POLL_INTERVAL_MS, value);
      shortest = shortest === undefined ? interval : Math.min(shortest, interval);
    };
    for (const watcher of resource.watchers) {
      if (watcher.options.passive === true) continue;
      active = true;
      consider(watcher.options.pollIntervalMs ?? fallback);
    }
    if (!active) consider(fallback);
    return shortest;
  }

  /**
   * What a failure at `at` means: a refused key pauses everything; network errors, time-outs, 408,
   * 429, 5xx, a `success: false` answer that does not say the task or run is gone
   * (`isRetryableReadError`) and data the store could not use are retried with backoff, never
   * sooner than `Retry-After` (and a 429 with one holds every poll of the store); anything else
   * halts the resource until someone asks again.
   */
  planFailure(resource: Resource, cause: unknown, at: number): FailurePlan {
    const state = resource.state;
    if (isTaskApiError(cause) && cause.isAuthError) {
      return { auth: true, retryAt: undefined, notBefore: state.notBefore, halted: state.halted };
    }
    // Data the store could not use may be followed by data it can: retried like a 5xx.
    if ((isTaskApiError(cause) && isRetryableReadError(cause)) || cause instanceof UnusableDataError) {
      const retryAfter = isTaskApiError(cause) ? cause.retryAfterMs : undefined;
      // A 429 speaks for the whole service, not one resource.
      if (isTaskApiError(cause) && cause.status === 429 && retryAfter !== undefined) this.queue.holdUntil(at + retryAfter);
      return {
        auth: false,
        retryAt: at + retryDelay(state.failureCount, retryAfter, this.options.backoff),
        notBefore: retryAfter === undefined ? 0 : at + retryAfter,
        halted: false,
      };
    }
    return { auth: false, retryAt: undefined, notBefore: state.notBefore, halted: true };
  }

  /** A refused key: every poll of the store stops until `resume()`. */
  pauseForAuth(error: Error): void {
    this.authError = error;
    this.stopAll();
    this.options.onPauseChange();
    // Every watched resource says why it stopped updating.
    for (const resource of this.options.resources()) if (resource.watchers.size > 0) resource.dispatch({ type: 'pause', error });
  }

  /** Lifts an auth pause and refreshes every watched resource; true when there was one. */
  resumeAfterAuth(): boolean {
    if (this.authError === undefined || this.destroyed) return false;
    this.authError = undefined;
    this.options.onPauseChange();
    for (const resource of this.options.resources()) {
      if (resource.watchers.size === 0) continue;
      resource.dispatch({ type: 'resume' });
      this.enqueue(resource);
    }
    return true;
  }

  /** Starts following the page's visibility and connectivity (once; on first watch). */
  attachEnvironment(): void {
    if (this.detachEnvironment !== undefined || this.destroyed) return;
    const { environment } = this.options;
    this.environmentActive = environment.isVisible() && environment.isOnline();
    this.detachEnvironment = environment.subscribe(() => this.onEnvironmentChange());
  }

  destroy(): void {
    this.destroyed = true;
    this.queue.clear();
    this.detachEnvironment?.();
    this.detachEnvironment = undefined;
    for (const resource of this.slots.keys()) this.clearTimer(resource);
    this.slots.clear();
  }

  private onEnvironmentChange(): void {
    const { environment } = this.options;
    const active = environment.isVisible() && environment.isOnline();
    if (active === this.environmentActive) return;
    this.environmentActive = active;
    this.options.onPauseChange();
    if (!active) {
      this.stopAll();
      return;
    }
    if (this.authError !== undefined) return;
    const now = Date.now();
    for (const resource of this.options.resources()) {
      if (resource.watchers.size === 0) continue;
      const state = resource.state;
      // One refresh on return for whatever was still being polled or never loaded, unless the
      // service asked us to wait (Retry-After) or retrying cannot help.
      const wanted =
        !state.halted && (state.settledAt === undefined || state.retryAt !== undefined || this.interval(resource) !== undefined);
      if (wanted && state.notBefore <= now) {
        resource.dispatch({ type: 'resume' });
        this.enqueue(resource);
      } else {
        this.schedule(resource);
      }
    }
  }

  private stopAll(): void {
    this.queue.clear();
    for (const [resource, slot] of this.slots) {
      this.clearTimer(resource);
      slot.dequeue = undefined;
    }
  }

  private slot(resource: Resource): Slot {
    let slot = this.slots.get(resource);
    if (slot === undefined) {
      slot = { timer: undefined, dequeue: undefined, firstDueAt: undefined, unknownSince: undefined };
      this.slots.set(resource, slot);
    }
    return slot;
  }

  private clearTimer(resource: Resource): void {
    const slot = this.slots.get(resource);
    if (slot?.timer === undefined) return;
    clearTimeout(slot.timer);
    slot.timer = undefined;
  }
}

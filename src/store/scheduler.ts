import { firstPollDelay, isTaskApiError, nextPollAt, planRetry, PollGate, timerDelay, unknownSince } from '../client';
import type { BackoffOptions } from '../utils';
import { UnusableDataError, type PollInterval, type Resource, type ResourceRequest } from './resource';
import { isInvalidated } from './resource-state';
import type { StoreEnvironment } from './store-environment';

/** Polling intervals below this are raised to it, so a typo cannot turn a page into a request loop. */
export const MIN_POLL_INTERVAL_MS = 250;

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
 * When each watched resource is requested next, by the polling policy of `src/client` (interval from
 * a request's start, full-jitter backoff, `Retry-After`, the unknown-status slow-down) and its
 * `PollGate` (at most `maxConcurrentRequests` polls open): one timer per resource, and the pauses (a
 * refused key, a hidden page, no network). It decides when; the store decides what a request is.
 */
export class Scheduler {
  private readonly gate: PollGate;
  private readonly slots = new Map<Resource, Slot>();
  private authError: Error | undefined;
  private environmentActive = true;
  private detachEnvironment: (() => void) | undefined;
  private destroyed = false;

  constructor(private readonly options: SchedulerOptions) {
    this.gate = new PollGate(options.maxConcurrentRequests);
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
    const state = resource.state;
    const startedAt = state.requestedAt ?? state.settledAt ?? Date.now();
    slot.unknownSince = unknownSince(slot.unknownSince, this.options.isUnknown(resource), startedAt);
    if (resource.watchers.size === 0 || resource.request !== undefined || slot.dequeue !== undefined || this.isPaused()) return;
    if (this.options.isCovered(resource)) return;
    const now = Date.now();
    let due: number;
    if (state.retryAt !== undefined) {
      due = state.retryAt;
    } else if (state.halted) {
      return;
    } else if (state.settledAt === undefined) {
      slot.firstDueAt ??= now + firstPollDelay(this.options.firstPollJitterMs, this.options.random);
      due = slot.firstDueAt;
    } else if (isInvalidated(state)) {
      due = now;
    } else {
      const interval = this.interval(resource);
      if (interval === undefined) return;
      due = nextPollAt(state.requestedAt ?? state.settledAt, interval, slot.unknownSince, now);
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
      timerDelay(due, now),
    );
  }

  /** Puts the resource in line for a request, unless one is open, queued or paused. */
  enqueue(resource: Resource): void {
    const slot = this.slot(resource);
    if (resource.request !== undefined || slot.dequeue !== undefined || this.isPaused() || this.options.isCovered(resource)) return;
    let ran = false;
    const cancel = this.gate.push(() => {
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
    this.gate.begin();
  }

  /** A request is over (answered, or aborted: an aborted fetch no longer loads the service). */
  release(request: ResourceRequest): void {
    if (request.released) return;
    request.released = true;
    this.gate.end();
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
   * What a failure at `at` means (`planRetry`): a refused key pauses everything; what retrying may
   * fix, data the store could not use included, is retried; anything else halts the resource until
   * someone asks again, and so does a throw of a client that is not a `TaskApiError`.
   */
  planFailure(resource: Resource, cause: unknown, at: number): FailurePlan {
    const state = resource.state;
    const plan =
      isTaskApiError(cause) || cause instanceof UnusableDataError
        ? planRetry(cause, state.failureCount, at, this.options.backoff)
        : { stop: 'halt' as const };
    if (plan.stop !== false) {
      const auth = plan.stop === 'auth';
      return { auth, retryAt: undefined, notBefore: state.notBefore, halted: auth ? state.halted : true };
    }
    if (plan.holdUntil !== undefined) this.gate.holdUntil(plan.holdUntil);
    return { auth: false, retryAt: plan.retryAt, notBefore: plan.notBefore, halted: false };
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
    this.gate.clear();
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
    this.gate.clear();
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

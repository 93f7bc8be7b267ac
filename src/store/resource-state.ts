/**
 * The state of one resource and the events that change it. A pure reducer, like TanStack Query's
 * `Query` reducer: everything a response, a failure or a person's action does to a resource is one
 * named event here, so the rules can be read (and tested) without timers or requests.
 */

/** What the store knows about one resource, as readers see it. Immutable; the same object while nothing changes. */
export interface ResourceSnapshot<T> {
  /** The latest data; kept while refetching and after an error. Deep-frozen. */
  readonly data: T | undefined;
  /** The last failure, cleared by the next success. */
  readonly error: Error | undefined;
  /** True while a request for this resource is open. */
  readonly isFetching: boolean;
  /** Failures in a row. */
  readonly failureCount: number;
}

export interface ResourceState {
  readonly data: unknown;
  readonly error: Error | undefined;
  readonly failureCount: number;
  /** A request for this resource is open. */
  readonly fetching: boolean;
  /** When a response (data or error) was last applied, ms since the epoch. */
  readonly settledAt: number | undefined;
  /**
   * When the request whose response was applied last started (pushed data: when it came). The next
   * poll is one interval after it, so a slow answer does not stretch the interval.
   */
  readonly requestedAt: number | undefined;
  /** Sequence number of the request whose response was applied last. */
  readonly appliedSeq: number;
  /** Store clock value of the request whose response was applied last. */
  readonly appliedTick: number;
  /** Store clock value of the last invalidation; answers to requests started before it are dropped. */
  readonly invalidatedTick: number;
  /** When the next automatic retry is due after a transient failure; undefined when none is planned. */
  readonly retryAt: number | undefined;
  /** `Retry-After` of the last failure: no automatic request before this. */
  readonly notBefore: number;
  /** A failure retrying cannot fix (4xx other than 408/429): no automatic request until asked. */
  readonly halted: boolean;
}

/** Where a request stands in the order of requests and invalidations. */
export interface RequestStamp {
  readonly seq: number;
  readonly tick: number;
  /** When its response was applied. */
  readonly at: number;
  /** When the request started; `at` for data pushed to the store. */
  readonly startedAt?: number | undefined;
}

export type ResourceEvent =
  /** A request starts. `manual`: a person asked for it, which lifts a halt. */
  | { readonly type: 'fetch'; readonly manual: boolean }
  /** A response is applied. `data` already has the references of equal parts of the old data. */
  | { readonly type: 'success'; readonly stamp: RequestStamp; readonly data: unknown; readonly keepError: Error | undefined }
  /** A failure is applied, with what the scheduler planned for it. */
  | {
      readonly type: 'failure';
      readonly stamp: RequestStamp;
      readonly error: Error;
      readonly retryAt: number | undefined;
      readonly notBefore: number;
      readonly halted: boolean;
    }
  /** The open request ended without anything to apply (aborted, or its answer was out of date). */
  | { readonly type: 'cancel' }
  /** The data is out of date from store clock `tick` on. */
  | { readonly type: 'invalidate'; readonly tick: number }
  /** Polling stopped for a reason every reader should see (a refused key). */
  | { readonly type: 'pause'; readonly error: Error }
  /** Automatic requests may go again, now: no halt, no pending retry delay. */
  | { readonly type: 'resume' };

export const INITIAL_RESOURCE_STATE: ResourceState = Object.freeze({
  data: undefined,
  error: undefined,
  failureCount: 0,
  fetching: false,
  settledAt: undefined,
  requestedAt: undefined,
  appliedSeq: 0,
  appliedTick: 0,
  invalidatedTick: 0,
  retryAt: undefined,
  notBefore: 0,
  halted: false,
});

export function resourceReducer(state: ResourceState, event: ResourceEvent): ResourceState {
  switch (event.type) {
    case 'fetch':
      return { ...state, fetching: true, halted: event.manual ? false : state.halted };
    case 'success':
      return {
        ...state,
        data: event.data,
        // A refused key stays visible on data that was still in flight when the key was refused.
        error: event.keepError !== undefined && state.error === event.keepError ? event.keepError : undefined,
        failureCount: 0,
        fetching: false,
        settledAt: event.stamp.at,
        requestedAt: event.stamp.startedAt ?? event.stamp.at,
        appliedSeq: event.stamp.seq,
        appliedTick: event.stamp.tick,
        retryAt: undefined,
        notBefore: 0,
        halted: false,
      };
    case 'failure':
      return {
        ...state,
        error: event.error,
        failureCount: state.failureCount + 1,
        fetching: false,
        settledAt: event.stamp.at,
        requestedAt: event.stamp.startedAt ?? event.stamp.at,
        appliedSeq: event.stamp.seq,
        appliedTick: event.stamp.tick,
        retryAt: event.retryAt,
        notBefore: event.notBefore,
        halted: event.halted,
      };
    case 'cancel':
      return state.fetching ? { ...state, fetching: false } : state;
    case 'invalidate':
      return { ...state, invalidatedTick: event.tick };
    case 'pause':
      return state.error === event.error ? state : { ...state, error: event.error };
    case 'resume':
      return state.halted || state.retryAt !== undefined ? { ...state, halted: false, retryAt: undefined } : state;
  }
}

/** True when the answer to a request stamped `seq`/`tick` may still be applied. */
export function isFresh(state: ResourceState, seq: number, tick: number): boolean {
  return seq > state.appliedSeq && tick >= state.invalidatedTick;
}

/** True when the data is older than the last invalidation. */
export function isInvalidated(state: ResourceState): boolean {
  return state.invalidatedTick > state.appliedTick;
}

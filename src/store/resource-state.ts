/**
 * The state of one resource and the events that change it. A pure reducer, like TanStack Query's
 * `Query` reducer: everything a response, a failure or a person's action does to a resource is one
 * named event here, so the rules can be read (and tested) without timers or requests. New data
 * keeps the references of its unchanged parts (`replaceEqualDeep`) before it is applied.
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * How deep structural sharing looks. Data from the service is agent-made and may be nested
 * thousands of levels deep (a web page can steer the agent); below this depth a changed response is
 * taken as new, so the walk is bounded and never runs out of stack.
 */
const MAX_SHARING_DEPTH = 64;

/**
 * Returns `previous` when `next` is deeply equal to it, and otherwise `next` with every subtree that
 * is deeply equal to the matching subtree of `previous` replaced by that subtree. An unchanged poll
 * thus yields the very same object, and a changed one keeps the references of its unchanged parts,
 * so consumers comparing by reference re-render only what changed. Sharing stops at
 * `MAX_SHARING_DEPTH`: deeper parts of a changed response are used as they are.
 */
export function replaceEqualDeep<T>(previous: unknown, next: T, depth = 0): T {
  if (Object.is(previous, next)) return previous as T;
  if (depth >= MAX_SHARING_DEPTH) return next;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    const out = next.map((item: unknown, index) => {
      const kept = replaceEqualDeep(previous[index], item, depth + 1);
      if (!Object.is(kept, previous[index])) same = false;
      return kept;
    });
    return (same ? previous : out) as T;
  }
  if (isPlainObject(previous) && isPlainObject(next)) {
    const nextKeys = Object.keys(next);
    let same = nextKeys.length === Object.keys(previous).length;
    const out: Record<string, unknown> = {};
    for (const key of nextKeys) {
      const had = Object.prototype.hasOwnProperty.call(previous, key);
      const kept = had ? replaceEqualDeep(previous[key], next[key], depth + 1) : next[key];
      if (!had || !Object.is(kept, previous[key])) same = false;
      out[key] = kept;
    }
    return (same ? previous : out) as T;
  }
  return next;
}

/**
 * Freezes a value and everything reachable from it, without recursion (agent-made data may be
 * nested deeper than the stack allows). Already-frozen subtrees (the parts `replaceEqualDeep` kept
 * from the previous snapshot) are skipped, so the cost is proportional to what changed.
 */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || Object.isFrozen(current)) continue;
    Object.freeze(current);
    for (const key of Object.keys(current)) pending.push((current as Record<string, unknown>)[key]);
  }
  return value;
}

import { DEFAULT_RETRY_BASE_MS, DEFAULT_RETRY_CAP_MS } from '../utils';
import type { StoreEnvironment } from './store-environment';

/** Defaults of `RunStoreOptions`. */
export const RUN_STORE_DEFAULTS = Object.freeze({
  pollIntervalMs: Object.freeze({ status: 2000, gif: 3000 }),
  maxConcurrentRequests: 6,
  retryBaseMs: DEFAULT_RETRY_BASE_MS,
  retryCapMs: DEFAULT_RETRY_CAP_MS,
  firstPollJitterMs: 100,
  cacheTimeMs: 5 * 60_000,
});

export interface RunStoreOptions {
  /**
   * Poll intervals, in ms, of watchers that give none: run statuses (`status`) and GIF statuses
   * (`gif`). Results, lists and the key check are fetched once unless a watcher asks for polls.
   * Default: `{ status: 2000, gif: 3000 }`.
   */
  pollIntervalMs?: { status?: number; gif?: number };
  /**
   * Most polls open at once, for the whole store. Reads a person asked for and mutations are not
   * held back by it (they never wait behind polls), but reads count towards it. Default: 6, what
   * browsers allow per host over HTTP/1.1.
   */
  maxConcurrentRequests?: number;
  /** Upper bound of the first retry delay, in ms. Default: 1000. */
  retryBaseMs?: number;
  /** Upper bound of every retry delay, in ms (`Retry-After` may ask for more and is obeyed). Default: 30000. */
  retryCapMs?: number;
  /**
   * The first fetch of a resource waits a random 0 to this many ms, so many resources watched at
   * once do not poll in lockstep for ever after. Default: 100 (below what a person notices).
   */
  firstPollJitterMs?: number;
  /** How long a resource nobody watches or reads keeps its data, in ms. Default: 300000. */
  cacheTimeMs?: number;
  /** Run `status` values meaning "still going"; others are terminal. Default: `DEFAULT_NON_TERMINAL_RUN_STATUSES`. */
  nonTerminalRunStatuses?: Iterable<string>;
  /** Source of randomness in [0, 1) for jitter. Default: `Math.random`. */
  random?: () => number;
  /** Visibility and connectivity. Default: `createBrowserEnvironment()`. */
  environment?: StoreEnvironment;
}

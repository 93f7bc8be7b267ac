import { DEFAULT_MAX_BODY_BYTES } from '../client';
import { DEFAULT_RETRY_BASE_MS, DEFAULT_RETRY_CAP_MS } from '../utils';
import type { StoreEnvironment, TabEnvironment } from './store-environment';

/** Defaults of `RunStoreOptions`. */
export const RUN_STORE_DEFAULTS = Object.freeze({
  pollIntervalMs: Object.freeze({ status: 2000, gif: 3000, requests: 1000 }),
  maxConcurrentRequests: Number.POSITIVE_INFINITY,
  retryBaseMs: DEFAULT_RETRY_BASE_MS,
  retryCapMs: DEFAULT_RETRY_CAP_MS,
  firstPollJitterMs: 100,
  cacheTimeMs: 5 * 60_000,
  maxAnswerBytes: DEFAULT_MAX_BODY_BYTES,
  stream: Object.freeze({
    readyTimeoutMs: 5000,
    // Three heartbeats of the proxy (every 15 s) missed.
    stallMs: 45_000,
    retryMs: 60_000,
    retryCapMs: 10 * 60_000,
    failuresBeforePolling: 3,
    maxTopics: 500,
    // Within the 8 KiB request line nginx and other front ends accept by default.
    maxQueryLength: 7000,
    trimDelayMs: 30_000,
  }),
});

/** How the tabs of an origin share one store (`RunStoreOptions.crossTab`). */
export interface CrossTabOptions {
  /** The browser's channel, locks and storage. Default: `createBrowserTabEnvironment()`. */
  environment?: TabEnvironment | undefined;
  /**
   * Tabs whose stores give the same name share one poller and their answers. Default: the
   * client's absolute `baseUrl` (clients with their own `fetch` are not shared unless named here).
   */
  name?: string | undefined;
  /** How often the leader says it is there, and followers say what they watch, in ms. Default: 500. */
  heartbeatMs?: number | undefined;
  /** A leader silent this long is taken for gone; without Web Locks another tab takes over (plus up to a third of it). Default: 1500. */
  leaderTimeoutMs?: number | undefined;
}

/** How a store uses the proxy's event stream (`RunStoreOptions.stream`). */
export interface StreamOptions {
  /**
   * A stream whose first `ready` has not come after this many ms is taken for one a middlebox
   * holds back, and the store polls instead. Default: 5000.
   */
  readyTimeoutMs?: number;
  /** A stream silent for this many ms (no change, no heartbeat) is reconnected. Default: 45000. */
  stallMs?: number;
  /** After falling back to polling, the stream is tried again after this many ms, then twice as long each time. Default: 60000. */
  retryMs?: number;
  /** The longest wait between two tries of the stream. Default: 600000. */
  retryCapMs?: number;
  /** Attempts in a row that fail before `ready`, after which the store falls back to polling. Default: 3. */
  failuresBeforePolling?: number;
  /** Most runs the stream follows; runs beyond are polled. Default: 500 (the proxy's default limit). */
  maxTopics?: number;
  /** Longest query string of the stream's request; runs that do not fit are polled. Default: 7000. */
  maxQueryLength?: number;
  /** A stream that still follows runs nobody watches is replaced after this many ms. Default: 30000. */
  trimDelayMs?: number;
}

export interface RunStoreOptions {
  /**
   * Poll intervals, in ms, of watchers that give none: run statuses (`status`), GIF statuses
   * (`gif`) and the proxy's requests (`requests`, read by `useInbox` and `<Inbox>`, so a new one
   * shows within about this long; one tab polls them for every tab of the origin). Results, lists
   * and the key check are fetched once unless a watcher asks for polls.
   * Default: `{ status: 2000, gif: 3000, requests: 1000 }`.
   */
  pollIntervalMs?: { status?: number; gif?: number; requests?: number };
  /**
   * Most polls open at once, for the whole store. Reads a person asked for and mutations are not
   * held back by it, but reads count towards it. Polls are sent at low fetch priority, so a browser
   * sends what a person does (an answer, a stop, a refresh) ahead of the polls waiting for one of
   * its connections to the host, and spreads the polls itself. Set 6 for a host served over
   * HTTP/1.1 to browsers that ignore fetch priorities, or when hundreds of runs are polled through a
   * slow HTTP/1.1 host: a poll's time-out counts its wait in the browser's queue. Default: `Infinity`
   * (no limit).
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
  /**
   * How long a resource nobody watches or reads keeps its data, in ms. The answers to a run's tool
   * calls are forgotten with its status, once the run has ended. Default: 300000.
   */
  cacheTimeMs?: number;
  /**
   * Largest tool-call answer sent, in bytes of the request body (`{"input":…,"toolCallId":…}` as
   * UTF-8). A larger one fails with `AnswerTooLargeError`, naming the limit, before anything is sent.
   * Keep it at or below the `maxBodyBytes` of your `createTaskProxy`. Default: 1048576 (1 MiB, the
   * proxy's default).
   */
  maxAnswerBytes?: number;
  /**
   * Run `status` values meaning "still going", polled every `pollIntervalMs.status`. A value in
   * neither this list nor `terminalRunStatuses` is not taken for over: it is polled on, more slowly
   * the longer the run says it (doubling from the interval up to 30 s), and shown raw. Values named
   * here are taken out of the default terminal list. Default: `DEFAULT_NON_TERMINAL_RUN_STATUSES`.
   */
  nonTerminalRunStatuses?: Iterable<string>;
  /**
   * Run `status` values meaning the run is over: its status is no longer polled, its result and
   * GIF are read. Replaces the default list: to add a word, give `[...DEFAULT_TERMINAL_RUN_STATUSES,
   * 'archived']`. Values named here are taken out of the default non-terminal list (unless you give
   * that list too, which then wins). Give the proxy's `events.terminalRunStatuses` the same.
   * Default: `DEFAULT_TERMINAL_RUN_STATUSES`.
   */
  terminalRunStatuses?: Iterable<string>;
  /** Source of randomness in [0, 1) for jitter. Default: `Math.random`. */
  random?: () => number;
  /** Visibility and connectivity. Default: `createBrowserEnvironment()`. */
  environment?: StoreEnvironment;
  /**
   * How the proxy's event stream is used, when the client has one (`createTaskClient({ events: true })`).
   * Default: `RUN_STORE_DEFAULTS.stream`.
   */
  stream?: StreamOptions;
  /**
   * The tabs of one origin share one poller and their answers: the leader tab (Web Locks, else
   * elected over a `BroadcastChannel`) polls what every tab watches and posts what it reads; an
   * answer accepted in one tab is never sent by another. `false` makes this store poll alone, as
   * it does anyway where the browser has no `BroadcastChannel`, and for clients with their own
   * `fetch` unless `name` says which service they reach. Default: on, named by the client's
   * `baseUrl`.
   */
  crossTab?: false | CrossTabOptions;
}

/**
 * The polling store: one per client (`getRunStore`), plain TypeScript, read by the hooks through
 * `useSyncExternalStore`. The rules it keeps, with their defaults (`RUN_STORE_DEFAULTS`):
 *
 * - One timer and at most one request per resource, however many watchers; the shortest watcher
 *   interval wins (run status 2000 ms, GIF 3000 ms; results, lists and the key check are fetched once).
 *   The last watcher leaving aborts the open request, a tick later (so StrictMode's remount is free).
 * - Run statuses stop being polled once terminal: anything not in `DEFAULT_NON_TERMINAL_RUN_STATUSES`
 *   (configurable) is terminal, unknown values included, unless a tool call is pending.
 * - Nothing is polled while the page is hidden or offline; one refresh on return.
 * - Network errors, time-outs, 408, 429 and 5xx are retried with full-jitter backoff (1000 ms base,
 *   30000 ms cap), never sooner than `Retry-After`; a 429 with `Retry-After` holds every poll of
 *   the store. Other failures stop that resource until `refetch()` or a new watcher. 401/403 stop
 *   every resource of the store until `refetch()` or `resume()`.
 * - At most 6 polls open at once, queued first in, first out; first polls spread over 0–100 ms.
 *   What a person does (answers, stops, creates, `refetch()`) never waits behind polls.
 * - `refetch()` joins an open request, unless that request started before the resource was last
 *   invalidated (an accepted answer, a stop): then it is aborted and replaced, and its late answer,
 *   like any answer older than the data shown, is dropped.
 * - Equal data keeps its references (`replaceEqualDeep`); snapshots are frozen.
 * - Tool-call answers are sent exactly once per task and `toolCallId`, never retried by the store.
 */
export { createRunStore, getRunStore, RUN_STORE_DEFAULTS, MIN_POLL_INTERVAL_MS } from './run-store';
export type { PauseReason, PollInterval, ResourceSnapshot, RunStore, RunStoreOptions, Watcher, WatchOptions } from './run-store';
export { resourceKeys, resourceKeyId } from './resource-key';
export type {
  CheckKey,
  ResourceData,
  ResourceDataMap,
  ResourceKey,
  ResourceKind,
  RunResourceKey,
  RunsPageKey,
  TasksPageKey,
} from './resource-key';
export { DEFAULT_NON_TERMINAL_RUN_STATUSES, FINAL_GIF_STATUSES, isFinalGifStatus, isTerminalRunStatus } from './run-status-terminal';
export { fullJitterBackoff, retryDelay, DEFAULT_RETRY_BASE_MS, DEFAULT_RETRY_CAP_MS } from './backoff';
export type { BackoffOptions } from './backoff';
export { createBrowserEnvironment } from './store-environment';
export type { StoreEnvironment } from './store-environment';
export { StaleToolCallError } from './tool-input-registry';
export type { ToolInputRef, ToolInputSnapshot, ToolInputState } from './tool-input-registry';

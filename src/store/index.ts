/**
 * The polling store: one per client (`getRunStore`), plain TypeScript, read by the hooks through
 * observers (`StoreObserver` + a definition per hook). The rules it keeps, with their defaults
 * (`RUN_STORE_DEFAULTS`):
 *
 * - One timer and at most one request per resource, however many watchers; the shortest watcher
 *   interval wins (run status 2000 ms, GIF 3000 ms; results, lists and the key check are fetched once).
 *   The next poll is one interval after the last one started, not after its answer: slow answers do
 *   not stretch the interval, and an answer later than the interval is followed at once.
 *   The last watcher leaving aborts the open request, a tick later (so StrictMode's remount is free).
 * - Run statuses stop being polled once known terminal (`DEFAULT_TERMINAL_RUN_STATUSES`,
 *   configurable), never while a tool call is pending. A value in neither list is not an end: it is
 *   polled on, each wait as long as the value has lasted (at least the interval, at most 30 s), and
 *   at the interval again as soon as the run is live.
 * - Nothing is polled while the page is hidden or offline; one refresh on return.
 * - Network errors, time-outs, 408, 429, 5xx and `success: false` (unless its message says the task
 *   or run is gone) are retried with full-jitter backoff (1000 ms base, 30000 ms cap), never sooner
 *   than `Retry-After`; a 429 with `Retry-After` holds every poll of the store. Other failures stop
 *   that resource until `refetch()` or a new watcher. 401/403 stop every resource of the store until
 *   `refetch()` or `resume()`.
 * - Every answer, polled or pushed, is checked once before use (by `createTaskClient` as it reads
 *   it, else by the store): data of the wrong shape (a status that is
 *   `null`, lacks `status`, …), or a throw while handling it, becomes the resource's error
 *   (`UnusableDataError`) and is retried like a 5xx; a resource never stays fetching.
 * - At most 6 polls open at once, queued first in, first out; first polls spread over 0–100 ms.
 *   What a person does (answers, stops, creates, `refetch()`) never waits behind polls.
 * - `refetch()` joins an open request, unless that request started before the resource was last
 *   invalidated (an accepted answer, a stop): then it is aborted and replaced, and its late answer,
 *   like any answer older than the data shown, is dropped.
 * - Equal data keeps its references (`replaceEqualDeep`); snapshots are frozen.
 * - Tool-call answers are sent exactly once per task and `toolCallId`, never retried by the store;
 *   an answer over `maxAnswerBytes` (1 MiB) is refused before sending. A run's answers are
 *   forgotten once it has ended and its status has left the cache.
 * - With a client made with `events: true`, the run statuses, results and GIFs its watchers follow
 *   come through the proxy's event stream (one connection, resumed with `Last-Event-ID`) and are not
 *   polled, except a status watched only with `pollIntervalMs: false` (read once, as always). The
 *   stream is closed during every pause above. When it fails (a 404 or other refusal, an answer that
 *   is not a stream, no `ready` within 5 s, three failed attempts in a row), the store polls by these
 *   rules and tries the stream again after 60 s, doubling up to 10 minutes. Requests a person makes
 *   (`refetch()`, answers, stops) go over HTTP either way.
 * - The proxy's requests (`resourceKeys.requests()`, `GET {baseUrl}/requests`) are polled every
 *   1000 ms while an inbox reads them, by one tab for the origin; a client or a proxy without them
 *   (its 404) has none, which is no error (the inbox then asks again at its list interval). An
 *   answer to one (`InboxResult.answerRequest`) is sent once, and the requests are read again at once.
 *
 * Where each rule lives: `resource-state.ts` (what events do to a resource), `scheduler.ts`
 * (timers, pauses; the backoff and the line of requests are `src/client`'s polling policy),
 * `create-store-core.ts` (requests), `resource-data.ts` (what an answer must look like),
 * `run-store-actions.ts` (creating and stopping), `tool-input-registry.ts` (answers),
 * `update-source.ts` (what arrives without a poll: the event stream, `event-feed.ts`, with its
 * fallback to polling, and the other tabs' leader, `cross-tab-sync.ts`).
 */
export { checkApiKeyObserver, type CheckApiKeyOptions } from './check-observer';
export { getRunStore, getSharedStore } from './create-run-store';
export { INBOX_DEFAULTS, InboxObserver, type InboxOptions, type InboxResult } from './inbox-observer';
export { CallAttention, type CallAttentionSettings } from './call-attention';
export {
  INBOX_TITLE_MAX_LENGTH,
  inboxItemId,
  toolCallTitle,
  type InboxItem,
  type InboxRequestItem,
  type InboxToolCallItem,
} from './inbox-item';
export type { TabRole } from './tab-election';
export { createBrowserTabEnvironment, type TabChannel, type TabEnvironment, type TabLocks, type TabStorage } from './tab-environment';
export { MutationObserver, type MutationOptions, type MutationResult, type MutationStatus } from './mutation-observer';
export { runsObserver, tasksObserver, type PageQueryResult, type RunsOptions, type TasksOptions } from './page-observer';
export type { QueryResult } from './query-result';
export type { PollInterval, WatchOptions } from './resource';
export {
  resourceKeys,
  type CheckKey,
  type ResourceData,
  type ResourceDataMap,
  type ResourceKey,
  type ProxyRequests,
  type RequestsKey,
  type ResourceKind,
  type RunResourceKey,
  type RunsPageKey,
  type TasksPageKey,
} from './resource-key';
export type { ResourceSnapshot } from './resource-state';
export { runGifObserver, runResultObserver, type RunEndOptions, type RunEndResult } from './run-end-observer';
export { runStatusObserver, type RunStatusOptions, type RunStatusResult } from './run-status-observer';
export { runStatusState, type RunStatusLike, type RunStatusState } from './run-status-state';
export { createRunStore } from './create-run-store';
export type { RunStore, RunStoreTabs, Transport, Watcher } from './run-store';
export { RUN_STORE_DEFAULTS, type CrossTabOptions, type RunStoreOptions, type StreamOptions } from './run-store-options';
export { MIN_POLL_INTERVAL_MS, type PauseReason } from './scheduler';
export { createBrowserEnvironment, type StoreEnvironment } from './store-environment';
export { StoreObserver, type ObserverDefinition, type WatchRequest } from './store-observer';
export { toolInputObserver, type ToolInputOptions, type ToolInputResult } from './tool-input-observer';
export type { ToolInputRef, ToolInputSnapshot, ToolInputState } from './tool-input-state';
export { AnswerTooLargeError, formatBytes, isAnswerInDoubt, StaleToolCallError } from './tool-input-errors';
export { UnusableDataError } from './resource-data';
export { AuditTrailObserver, type AuditTrailQuery, type AuditTrailResult } from './audit-trail-observer';

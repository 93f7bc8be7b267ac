/**
 * The polling store: one per client (`getRunStore`), plain TypeScript, read by the hooks through
 * observers (`StoreObserver` + a definition per hook). Its rules and their defaults
 * (`RUN_STORE_DEFAULTS`) are the guides' ("One store per client" in Components and hooks; the event
 * stream and the proxy's requests in Many operators); ARCHITECTURE.md says which file keeps each.
 */
export { getRunStore, getSharedStore } from './create-run-store';
export { INBOX_DEFAULTS, InboxObserver, type InboxOptions, type InboxResult } from './inbox-observer';
export { CallAttention } from './call-attention';
export { inboxItemId, toolCallTitle, type InboxItem, type InboxRequestItem, type InboxToolCallItem } from './inbox-item';
export type { TabRole } from './tab-election';
export { MutationObserver, type MutationOptions, type MutationResult, type MutationStatus } from './mutation-observer';
export {
  checkApiKeyObserver,
  runGifObserver,
  runResultObserver,
  runsObserver,
  runStatusObserver,
  tasksObserver,
  type CheckApiKeyOptions,
  type PageQueryResult,
  type QueryResult,
  type RunEndOptions,
  type RunEndResult,
  type RunsOptions,
  type RunStatusOptions,
  type RunStatusResult,
  type TasksOptions,
} from './query-observers';
export { UnusableDataError, type PollInterval, type WatchOptions } from './resource';
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
export { runStatusState, type RunStatusLike, type RunStatusState } from './run-status-state';
export { createRunStore } from './create-run-store';
export type { RunStore, RunStoreTabs, Transport, Watcher } from './run-store';
export { RUN_STORE_DEFAULTS, type CrossTabOptions, type RunStoreOptions, type StreamOptions } from './run-store-options';
export { MIN_POLL_INTERVAL_MS, type PauseReason } from './scheduler';
export { createBrowserEnvironment, type StoreEnvironment } from './store-environment';
export { createBrowserTabEnvironment, type TabChannel, type TabEnvironment, type TabLocks, type TabStorage } from './store-environment';
export { StoreObserver, type ObserverDefinition } from './store-observer';
export { toolInputObserver, type ToolInputOptions, type ToolInputResult } from './tool-input-observer';
export type { ToolInputRef, ToolInputSnapshot, ToolInputState } from './tool-input-state';
export { AnswerTooLargeError, StaleToolCallError } from './tool-input-state';
export { AuditTrailObserver, type AuditTrailResult } from './audit-trail-observer';

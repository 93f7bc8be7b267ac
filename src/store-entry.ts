/**
 * `hitl-react/store`: the polling store's plumbing, for advanced uses (code over the store of a
 * client, `getRunStore(client)`, another transport, tests that drive the store by hand). Apps use
 * the hooks and components of `hitl-react` and need none of this. Listed by name, as
 * `src/index.ts`; test/node/public-exports.test.ts snapshots the list.
 */

// The store of a client (the one the hooks use unless `<TaskClientProvider store>` names another),
// its defaults and limits.
export { getRunStore, MIN_POLL_INTERVAL_MS, RUN_STORE_DEFAULTS } from './store';

// How the store reads a run and its GIF: the one word for a run's state (the badge's `data-state`)
// and the GIF statuses after which it stops polling.
export { runStatusState } from './store';
export { FINAL_GIF_STATUSES, isFinalGifStatus } from './client';

// Resources: what the store keeps, by key, and how watchers follow them.
export { resourceKeys } from './store';
export type {
  CheckKey,
  PauseReason,
  ProxyRequests,
  RequestsKey,
  ResourceData,
  ResourceDataMap,
  ResourceKey,
  ResourceKind,
  ResourceSnapshot,
  RunResourceKey,
  RunsPageKey,
  StoreEnvironment,
  TasksPageKey,
  ToolInputRef,
  ToolInputSnapshot,
  Transport,
  Watcher,
  WatchOptions,
} from './store';

// The tabs of one origin: the environment the cross-tab coordination runs on.
export { createBrowserTabEnvironment } from './store';
export type { RunStoreTabs, TabChannel, TabEnvironment, TabLocks, TabRole, TabStorage } from './store';

// The observer behind `useInbox` and `<Inbox>`, its defaults, and the one-line title of a call
// (what the inbox and the notifications show).
export { INBOX_DEFAULTS, InboxObserver, toolCallTitle } from './store';
export type { InboxOptions, InboxResult } from './store';

// The proxy's event stream, as the client reads it (`createTaskClient({ events: true })`).
export type { EventResource, EventStreamConnection, EventTopic, TaskEvent, TaskEventSource } from './client';

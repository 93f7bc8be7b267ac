/**
 * `hitl-react/store`: the polling store's plumbing, for advanced uses (a store of your own over
 * `getRunStore(client)`, another transport, tests that drive the store by hand). Apps use the
 * hooks and components of `hitl-react` and need none of this. Listed by name, as `src/index.ts`;
 * test/node/public-exports.test.ts snapshots the list.
 */

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

// The observer behind `useInbox` and `<Inbox>`.
export { InboxObserver } from './store';
export type { InboxOptions, InboxResult } from './store';

// The proxy's event stream, as the client reads it (`createTaskClient({ events: true })`).
export type { EventResource, EventStreamConnection, EventTopic, TaskEvent, TaskEventSource } from './client';

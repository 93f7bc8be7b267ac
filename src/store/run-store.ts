import type { CreateTaskRequest, RunStatusClass, RunTerminalInput, TaskClient } from '../client';
import type { WatchOptions } from './resource';
import type { ResourceData, ResourceKey } from './resource-key';
import type { ResourceSnapshot } from './resource-state';
import type { PauseReason } from './scheduler';
import type { TabRole } from './tab-election';
import type { ToolInputRef, ToolInputSnapshot } from './tool-input-state';

/** How a store follows runs now: the proxy's event stream, or its own polls. */
export type Transport = 'stream' | 'polling';

/** What a store knows of the other tabs of its origin (see `RunStoreOptions.crossTab`). */
export interface RunStoreTabs {
  /** `leader` polls for every tab, a `follower` is fed by it, `alone` polls for itself. */
  role(): TabRole;
  /**
   * Runs `action` in the first tab of the origin to ask under `name`, and never again (within a
   * day) in any tab; resolves whether it ran here. Within one tab when no other can be reached.
   */
  once(name: string, action: () => void | Promise<void>): Promise<boolean>;
  /** Marks `id` (a tool call) as on screen in this tab; returns the function that unmarks it. */
  show(id: string): () => void;
  /** True when a visible tab of the origin, this one included, has `id` on screen. */
  isShownInVisibleTab(id: string): boolean;
}

/** A registered interest in a resource: it is fetched, and polled, while at least one watcher exists. */
export interface Watcher<T> {
  setOptions(options: WatchOptions<T>): void;
  /** Idempotent. Teardown waits a tick, so an immediate re-watch (React StrictMode) costs nothing. */
  unwatch(): void;
}

export interface RunStore {
  readonly client: TaskClient;
  getSnapshot<K extends ResourceKey>(key: K): ResourceSnapshot<ResourceData<K>>;
  /** Calls `listener` whenever the snapshot of `key` changes. Does not fetch. */
  subscribe(key: ResourceKey, listener: () => void): () => void;
  /** Fetches `key` and keeps polling it while the watcher lives. */
  watch<K extends ResourceKey>(key: K, options?: WatchOptions<ResourceData<K>>): Watcher<ResourceData<K>>;
  /**
   * Fetches `key` now. Joins a request already open, unless that request started before the key was
   * last invalidated, in which case it is aborted and replaced. Resumes polling paused by a refused
   * key. Rejects with the request's error.
   */
  refetch<K extends ResourceKey>(key: K): Promise<ResourceData<K>>;
  /** Marks matching resources out of date; those in use are refetched at once. */
  invalidate(match: (key: ResourceKey) => boolean): void;
  /** Resumes polling after a refused key (401/403); every watched resource is refreshed. */
  resume(): void;
  getPauseReason(): PauseReason | undefined;
  /**
   * How runs are followed now: `stream` through the proxy's event stream (a client made with
   * `events: true`), or `polling`, which a stream that fails falls back to.
   */
  getTransport(): Transport;
  /**
   * True when the run is known to be over (`classifyRun` says `terminal`, see `isTerminalRunStatus`);
   * false with a pending tool call, and for a status this store does not know.
   */
  isRunTerminal(run: RunTerminalInput): boolean;
  /** Where the run stands by this store's lists (`nonTerminalRunStatuses`, `terminalRunStatuses`); see `classifyRunStatus`. */
  classifyRun(run: RunTerminalInput): RunStatusClass;

  /** The registry's state for one tool call (`idle` when nothing was attempted). */
  getToolInput(taskId: string, toolCallId: string): ToolInputSnapshot;
  /**
   * When the call was first seen pending (ms since the epoch): through a `createTaskProxy`, when
   * the proxy first saw it (the same in every browser, never later than this store's own reading);
   * otherwise by this store or, with other tabs, by the first tab that saw it. Undefined for a call
   * no status of the store shows.
   */
  getWaitingSince(taskId: string, toolCallId: string): number | undefined;
  /** The other tabs of the origin. */
  readonly tabs: RunStoreTabs;
  /**
   * The tool call a tool-input view is about: the one the run status shows, else the one an answer
   * was last attempted for.
   */
  getToolInputSubject(taskId: string, runId?: string): string | undefined;
  /** Sends an answer exactly once (see `ToolInputRegistry.submit`). */
  submitToolInput(ref: ToolInputRef, answer: unknown): Promise<void>;
  /** Sends the first attempt's body again after an error. */
  retryToolInput(ref: ToolInputRef): Promise<void>;
  /** Forgets a failed or stale attempt so a different answer may be sent. */
  resetToolInput(taskId: string, toolCallId: string): void;
  /** Calls `listener` when any tool-input state of the task changes. */
  subscribeToolInputs(taskId: string, listener: () => void): () => void;

  /** Creates a task, then refreshes the task lists. */
  createTask(body: CreateTaskRequest): Promise<{ taskId: string }>;
  /** Stops a run, then refreshes the task's run statuses. */
  stopRun(taskId: string, options?: { runId?: string }): Promise<void>;
  /** Stops a task, then refreshes its run statuses, its run lists and the task lists. */
  stopTask(taskId: string): Promise<void>;

  /** Stops every timer and request. The store must not be used afterwards. */
  destroy(): void;
}

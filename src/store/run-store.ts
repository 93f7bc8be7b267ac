import {
  createRunTerminalCheck,
  isFinalGifStatus,
  isTaskApiError,
  type CreateTaskRequest,
  type RunStatus,
  type RunTerminalInput,
  type TaskClient,
} from '../client';
import { quiet, toError } from '../utils';
import { fetchResource, runOption } from './fetch-resource';
import { deepFreeze, replaceEqualDeep } from './replace-equal-deep';
import { EMPTY_SNAPSHOT, type Resource, type ResourceRequest, type WatchOptions } from './resource';
import { ResourceCache } from './resource-cache';
import { resourceKeys, type ResourceData, type ResourceKey } from './resource-key';
import type { ResourceSnapshot } from './resource-state';
import { Scheduler, type PauseReason } from './scheduler';
import { createBrowserEnvironment } from './store-environment';
import { RUN_STORE_DEFAULTS, type RunStoreOptions } from './run-store-options';
import { ToolInputRegistry, type ToolInputRef, type ToolInputSnapshot } from './tool-input-registry';

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
  /** True when the run will not change any more (see `isTerminalRunStatus`); false with a pending tool call. */
  isRunTerminal(run: RunTerminalInput): boolean;

  /** The registry's state for one tool call (`idle` when nothing was attempted). */
  getToolInput(taskId: string, toolCallId: string): ToolInputSnapshot;
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

const isStatusOf = (taskId: string) => (key: ResourceKey) => key.resource === 'status' && key.taskId === taskId;

/**
 * Creates a store for `client` with its own options. Most apps use `getRunStore(client)` (one
 * shared store per client) instead; a second store for the same client polls independently.
 */
export function createRunStore(client: TaskClient, options: RunStoreOptions = {}): RunStore {
  const isRunTerminal = createRunTerminalCheck(options.nonTerminalRunStatuses);
  const random = options.random ?? Math.random;
  /** Logical clock ordering request starts against invalidations (timestamps can tie). */
  let clock = 0;
  let destroyed = false;
  const teardowns = new Map<Resource, ReturnType<typeof setTimeout>>();

  const cache = new ResourceCache(options.cacheTimeMs ?? RUN_STORE_DEFAULTS.cacheTimeMs, (resource) => scheduler.forget(resource));
  const scheduler: Scheduler = new Scheduler({
    defaultIntervals: { ...RUN_STORE_DEFAULTS.pollIntervalMs, ...options.pollIntervalMs },
    maxConcurrentRequests: options.maxConcurrentRequests ?? RUN_STORE_DEFAULTS.maxConcurrentRequests,
    firstPollJitterMs: options.firstPollJitterMs ?? RUN_STORE_DEFAULTS.firstPollJitterMs,
    backoff: {
      baseMs: options.retryBaseMs ?? RUN_STORE_DEFAULTS.retryBaseMs,
      capMs: options.retryCapMs ?? RUN_STORE_DEFAULTS.retryCapMs,
      random,
    },
    random,
    environment: options.environment ?? createBrowserEnvironment(),
    isDone,
    resources: () => cache.all(),
    start: (resource) => void start(resource, false),
  });

  const registry = new ToolInputRegistry({
    send: (ref, input) => runAction(() => client.submitToolInput(ref.taskId, { input, toolCallId: ref.toolCallId }, runOption(ref.runId))),
    accepted: (ref) => invalidate(isStatusOf(ref.taskId)),
    confirmGone: async (ref) => {
      invalidate(isStatusOf(ref.taskId));
      const data = await refetch(resourceKeys.status(ref.taskId, ref.runId));
      return data.toolCall?.toolCallId !== ref.toolCallId;
    },
    tick: () => ++clock,
  });

  /** The resource will not change any more: a terminal run, a final GIF. */
  function isDone(resource: Resource): boolean {
    const data = resource.state.data;
    if (data === undefined) return false;
    if (resource.key.resource === 'status') return isRunTerminal(data as RunStatus);
    if (resource.key.resource === 'gif') return isFinalGifStatus(String((data as { status: unknown }).status));
    return false;
  }

  const busy = (resource: Resource) => resource.inUse || teardowns.has(resource);

  // ---- requests --------------------------------------------------------------------------------

  function start(resource: Resource, manual: boolean): ResourceRequest {
    scheduler.begin(resource);
    const request = resource.begin(++clock, (signal) => fetchResource(client, resource.key, signal));
    request.result = quiet(
      request.result.then(
        (data) => onSuccess(resource, request, data),
        (error: unknown) => onFailure(resource, request, error),
      ),
    );
    resource.dispatch({ type: 'fetch', manual });
    return request;
  }

  /** Clears the request's place; false (after rescheduling) when its answer may not be applied. */
  function finish(resource: Resource, request: ResourceRequest): boolean {
    const current = resource.request === request;
    if (resource.finish(request)) return true;
    if (current) scheduler.schedule(resource);
    scheduler.release(request);
    return false;
  }

  function onSuccess(resource: Resource, request: ResourceRequest, raw: unknown): unknown {
    if (!finish(resource, request)) return raw;
    const data = replaceEqualDeep(resource.state.data, raw);
    if (data !== resource.state.data) deepFreeze(data);
    const stamp = { seq: request.seq, tick: request.tick, at: Date.now() };
    resource.dispatch({ type: 'success', stamp, data, keepError: scheduler.refusal });
    if (resource.key.resource === 'status') {
      registry.observeStatus(resource.key.taskId, resource.key.runId, data as RunStatus, request.tick);
    }
    scheduler.schedule(resource);
    // Released last, so a poll waiting for this slot sees this resource's new state.
    scheduler.release(request);
    return data;
  }

  function onFailure(resource: Resource, request: ResourceRequest, cause: unknown): never {
    const error = toError(cause);
    if (!finish(resource, request)) throw error;
    const at = Date.now();
    const plan = scheduler.planFailure(resource, cause, at);
    const stamp = { seq: request.seq, tick: request.tick, at };
    resource.dispatch({ type: 'failure', stamp, error, retryAt: plan.retryAt, notBefore: plan.notBefore, halted: plan.halted });
    if (plan.auth) pauseForAuth(error);
    scheduler.schedule(resource);
    scheduler.release(request);
    throw error;
  }

  function abort(resource: Resource): void {
    const request = resource.request;
    if (request === undefined) return;
    resource.abort();
    // Counted as closed now: an aborted fetch no longer loads the service, even if a client ignores the signal.
    scheduler.release(request);
  }

  /** Starts a request now, outside the queue: something a person did asked for it. */
  function fetchNow(resource: Resource): Promise<unknown> {
    const open = resource.request;
    if (open !== undefined && open.tick > resource.state.invalidatedTick) return open.result;
    abort(resource);
    return start(resource, true).result;
  }

  // ---- pauses ----------------------------------------------------------------------------------

  function pauseForAuth(error: Error): void {
    scheduler.pauseForAuth(error);
    // Every watched resource says why it stopped updating.
    for (const resource of cache.all()) if (resource.watchers.size > 0) resource.dispatch({ type: 'pause', error });
  }

  function resume(): void {
    if (!scheduler.resumeAfterAuth()) return;
    for (const resource of cache.all()) {
      if (resource.watchers.size === 0) continue;
      resource.dispatch({ type: 'resume' });
      scheduler.enqueue(resource);
    }
  }

  // ---- lifetime --------------------------------------------------------------------------------

  function teardown(resource: Resource): void {
    teardowns.delete(resource);
    if (resource.watchers.size > 0) return;
    scheduler.cancel(resource);
    abort(resource);
    cache.scheduleGc(resource, busy);
  }

  function watch<K extends ResourceKey>(key: K, watchOptions: WatchOptions<ResourceData<K>> = {}): Watcher<ResourceData<K>> {
    const resource = cache.build(key);
    const record = { options: { ...watchOptions } as WatchOptions<unknown> };
    const pending = teardowns.get(resource);
    const resuming = resource.watchers.size > 0 || pending !== undefined;
    if (pending !== undefined) clearTimeout(pending);
    teardowns.delete(resource);
    cache.cancelGc(resource);
    resource.watchers.add(record);
    if (!resuming) {
      if (resource.state.halted) {
        // A new watcher gives a resource that failed for good one more chance, like a page reload would.
        resource.dispatch({ type: 'resume' });
        resource.dispatch({ type: 'invalidate', tick: ++clock });
      }
      scheduler.attachEnvironment();
      const refusal = scheduler.refusal;
      if (refusal !== undefined) resource.dispatch({ type: 'pause', error: refusal });
    }
    scheduler.schedule(resource);
    let active = true;
    return {
      setOptions(next) {
        if (!active) return;
        record.options = { ...next } as WatchOptions<unknown>;
        scheduler.schedule(resource);
      },
      unwatch() {
        if (!active) return;
        active = false;
        resource.watchers.delete(record);
        if (resource.watchers.size > 0) {
          scheduler.schedule(resource);
          return;
        }
        // Deferred by a tick: React StrictMode unsubscribes and subscribes again at once, and that
        // must not abort the request or restart the timer.
        teardowns.set(
          resource,
          setTimeout(() => teardown(resource), 0),
        );
      },
    };
  }

  // ---- actions ---------------------------------------------------------------------------------

  async function runAction<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (isTaskApiError(error) && error.isAuthError) pauseForAuth(error);
      throw error;
    }
  }

  function invalidate(match: (key: ResourceKey) => boolean): void {
    for (const resource of cache.all()) {
      if (!match(resource.key)) continue;
      resource.dispatch({ type: 'invalidate', tick: ++clock });
      if (scheduler.refusal === undefined && resource.inUse) {
        void fetchNow(resource);
      } else {
        // Not in use: whatever is open cannot be applied any more, and the next watcher fetches.
        abort(resource);
      }
    }
  }

  function refetch<K extends ResourceKey>(key: K): Promise<ResourceData<K>> {
    if (destroyed) return quiet(Promise.reject(new Error('This store was destroyed.')));
    resume();
    const resource = cache.build(key);
    const result = fetchNow(resource) as Promise<ResourceData<K>>;
    // A resource fetched only on demand is forgotten like any other once nobody uses it.
    cache.scheduleGc(resource, busy);
    return quiet(result);
  }

  return {
    client,

    getSnapshot<K extends ResourceKey>(key: K) {
      return (cache.find(key)?.getSnapshot() ?? EMPTY_SNAPSHOT) as ResourceSnapshot<ResourceData<K>>;
    },

    subscribe(key, listener) {
      const resource = cache.build(key);
      resource.listeners.add(listener);
      cache.cancelGc(resource);
      return () => {
        resource.listeners.delete(listener);
        cache.scheduleGc(resource, busy);
      };
    },

    watch,
    refetch,
    invalidate,
    resume,
    getPauseReason: () => scheduler.pauseReason(),
    isRunTerminal,

    getToolInput: (taskId, toolCallId) => registry.get(taskId, toolCallId),

    getToolInputSubject(taskId, runId) {
      const key = resourceKeys.status(taskId, runId);
      const status = cache.find(key)?.getSnapshot().data as RunStatus | undefined;
      return status?.toolCall?.toolCallId ?? registry.lastAttempted(taskId, key.runId);
    },

    submitToolInput: (ref, answer) => registry.submit(ref, answer),
    retryToolInput: (ref) => registry.retry(ref.taskId, ref.toolCallId),
    resetToolInput: (taskId, toolCallId) => registry.reset(taskId, toolCallId),
    subscribeToolInputs: (taskId, listener) => registry.subscribe(taskId, listener),

    async createTask(body) {
      const created = await runAction(() => client.createTask(body));
      invalidate((key) => key.resource === 'tasks-page');
      return created;
    },

    async stopRun(taskId, stopOptions = {}) {
      await runAction(() => client.stopRun(taskId, runOption(stopOptions.runId)));
      invalidate(isStatusOf(taskId));
    },

    async stopTask(taskId) {
      await runAction(() => client.stopTask(taskId));
      invalidate(
        (key) => key.resource === 'tasks-page' || ((key.resource === 'status' || key.resource === 'runs-page') && key.taskId === taskId),
      );
    },

    destroy() {
      destroyed = true;
      scheduler.destroy();
      for (const timer of teardowns.values()) clearTimeout(timer);
      teardowns.clear();
      for (const resource of cache.all()) abort(resource);
      cache.clear();
    },
  };
}

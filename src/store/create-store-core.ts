import { isCheckedSource, isTaskApiError, toolCallSeenAt, type RunStatus, type TaskClient } from '../client';
import { quiet, removeDraft, toError } from '../utils';
import {
  createResourceJudge,
  EMPTY_SNAPSHOT,
  fetchResource,
  readResourceData,
  ResourceCache,
  UnusableDataError,
  type Resource,
  type ResourceRequest,
  type WatchOptions,
} from './resource';
import { runStoreActions } from './run-store-actions';
import { resourceKeys, type ResourceData, type ResourceKey } from './resource-key';
import { deepFreeze, replaceEqualDeep, type RequestStamp, type ResourceSnapshot } from './resource-state';
import { Scheduler } from './scheduler';
import { createBrowserEnvironment } from './store-environment';
import { WaitingClock } from './waiting-since';
import { RUN_STORE_DEFAULTS, type RunStoreOptions } from './run-store-options';
import type { RunStore, Watcher } from './run-store';
import type { ToolInputRegistry, ToolInputRegistryDeps } from './tool-input-registry';
import { IDLE_TOOL_INPUT } from './tool-input-state';
import { createStoreSources } from './store-sources';

/** Where a store takes the code of its answers from (`withAnswers`): a symbol two copies of the package on one page share. */
export const ANSWERS_KEY = Symbol.for('hitl-react.run-store-answers.v1');

/** What a store keeps under `ANSWERS_KEY`. */
export interface StoreAnswers {
  /** The registry, made with `create` unless there is one. */
  provide(create: (deps: ToolInputRegistryDeps) => ToolInputRegistry): ToolInputRegistry;
}

/**
 * The store without the code of its answers: a page that only watches runs does not ship it.
 * `createRunStore`, `getRunStore` and the hooks that answer bring it (`withAnswers`).
 */
export function createStoreCore(client: TaskClient, options: RunStoreOptions = {}): RunStore {
  const { classifyRun, isRunTerminal, isDone, isUnknown } = createResourceJudge(options);
  const random = options.random ?? Math.random;
  /** Logical clock ordering request starts against invalidations (timestamps can tie). */
  let clock = 0;
  let destroyed = false;
  const teardowns = new Map<Resource, ReturnType<typeof setTimeout>>();

  const cache = new ResourceCache(options.cacheTimeMs ?? RUN_STORE_DEFAULTS.cacheTimeMs, (resource) => {
    scheduler.forget(resource);
    // A run that is over and out of the cache will not show its calls again: their answers can go.
    if (resource.key.resource === 'status' && isDone(resource)) registry?.forgetRun(resource.key.taskId, resource.key.runId);
  });
  const backoff = {
    baseMs: options.retryBaseMs ?? RUN_STORE_DEFAULTS.retryBaseMs,
    capMs: options.retryCapMs ?? RUN_STORE_DEFAULTS.retryCapMs,
    random,
  };
  // A call no status shows any more takes what the person typed for it along.
  const waits = new WaitingClock(removeDraft);
  const sources = createStoreSources(
    client,
    options,
    {
      random,
      waits,
      resources: () => cache.all(),
      requestedInterval: (resource) => scheduler.requestedInterval(resource),
      watch: (key, watchOptions) => watch(key, watchOptions),
      push: (key, at, data, error, checked) => applyPushed(key, at, data, error, checked),
      reschedule(keys) {
        for (const resource of keys === undefined ? cache.all() : keys.flatMap((key) => cache.find(key) ?? []))
          scheduler.schedule(resource);
      },
      isPaused: () => scheduler.isPaused(),
      adoptAnswered(ref) {
        removeDraft(ref.taskId, ref.toolCallId);
        // Without the registry nothing was attempted here, and the leader's next status says the rest.
        registry?.adoptAccepted(ref);
      },
    },
    options.environment ?? createBrowserEnvironment(),
    backoff,
  );
  const scheduler: Scheduler = new Scheduler({
    defaultIntervals: { ...RUN_STORE_DEFAULTS.pollIntervalMs, ...options.pollIntervalMs },
    maxConcurrentRequests: options.maxConcurrentRequests ?? RUN_STORE_DEFAULTS.maxConcurrentRequests,
    firstPollJitterMs: options.firstPollJitterMs ?? RUN_STORE_DEFAULTS.firstPollJitterMs,
    backoff,
    random,
    environment: sources.environment,
    isDone,
    isUnknown,
    resources: () => cache.all(),
    start: (resource) => void start(resource, false),
    isCovered: (resource) => sources.covers(resource),
    onPauseChange: () => sources.refresh(),
  });

  /** Answers are sent once per call by the registry, made when the code of the answers is given. */
  let registry: ToolInputRegistry | undefined;
  const inputListeners = new Set<{ taskId: string; listener: () => void }>();
  const registryDeps: ToolInputRegistryDeps = {
    client,
    runAction,
    invalidate,
    refetch,
    tick: () => ++clock,
    maxAnswerBytes: options.maxAnswerBytes ?? RUN_STORE_DEFAULTS.maxAnswerBytes,
    exclusive: (ref, send) => sources.exclusive(ref, send),
    notify(taskId) {
      for (const entry of [...inputListeners]) if (entry.taskId === taskId) entry.listener();
    },
  };
  /** What polls read was checked by the client (`createTaskClient`) when it read it, else it is checked here. */
  const checkedClient = isCheckedSource(client);

  const busy = (resource: Resource) => resource.inUse || teardowns.has(resource);

  /** A change pushed (by the stream, or the leader tab): applied as a poll's answer would be, newer than any request still open. */
  function applyPushed(key: ResourceKey, at: number, data: unknown, error: unknown, checked: boolean): void {
    const resource = cache.build(key);
    const stamp = { seq: resource.nextSeq(), tick: ++clock, at };
    try {
      if (error === undefined) receive(resource, stamp, data, checked);
      else applyFailure(resource, stamp, error);
    } catch {
      // Already the resource's error; thrown on, it would only break the stream it came by.
    }
    cache.scheduleGc(resource, busy);
  }

  // ---- requests --------------------------------------------------------------------------------

  function start(resource: Resource, manual: boolean): ResourceRequest {
    scheduler.begin(resource);
    // A poll goes after what a person does: the browser sends a low-priority request once the others
    // waiting for a connection to the host have theirs, so an answer never queues behind 200 polls.
    const request = resource.begin(++clock, (signal) =>
      fetchResource(client, resource.key, manual ? { signal } : { signal, priority: 'low' }),
    );
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
    try {
      const stamp = { seq: request.seq, tick: request.tick, at: Date.now(), startedAt: request.startedAt };
      // The proxy's requests are read, and sorted out, by the store's own code whatever the client.
      return receive(resource, stamp, raw, checkedClient || resource.key.resource === 'requests');
    } finally {
      // Released last, so a poll waiting for this slot sees this resource's new state.
      scheduler.release(request);
    }
  }

  function onFailure(resource: Resource, request: ResourceRequest, cause: unknown): never {
    if (!finish(resource, request)) throw toError(cause);
    const error = applyFailure(resource, { seq: request.seq, tick: request.tick, at: Date.now(), startedAt: request.startedAt }, cause);
    scheduler.release(request);
    throw error;
  }

  /**
   * Data read at `stamp` (by a request, or pushed), checked unless `checked` says it was where it
   * was read, and applied. Whatever goes wrong on the way (a shape the store cannot use, a throw
   * while handling it) becomes the resource's error and is thrown: the resource never stays
   * fetching, and its polls go on.
   */
  function receive(resource: Resource, stamp: RequestStamp, raw: unknown, checked: boolean): unknown {
    const kind = resource.key.resource;
    try {
      return applyData(resource, stamp, checked ? raw : readResourceData(kind, raw), toolCallSeenAt(raw));
    } catch (cause) {
      throw applyFailure(resource, stamp, cause instanceof UnusableDataError ? cause : new UnusableDataError(kind, { cause }));
    }
  }

  /**
   * Data read at `stamp` becomes the resource's; equal parts keep their references. `proxySeenAt`:
   * when the proxy first saw a status's pending call, as it said beside the status.
   */
  function applyData(resource: Resource, stamp: RequestStamp, raw: unknown, proxySeenAt: number | undefined): unknown {
    const data = replaceEqualDeep(resource.state.data, raw);
    if (data !== resource.state.data) deepFreeze(data);
    // Known before the readers hear of the status, so they see since when its call waits.
    if (resource.key.resource === 'status')
      waits.observe(resource.key.taskId, resource.key.runId, data as RunStatus, stamp.at, proxySeenAt);
    resource.dispatch({ type: 'success', stamp, data, keepError: scheduler.refusal });
    if (resource.key.resource === 'status') registry?.observeStatus(resource.key.taskId, resource.key.runId, data as RunStatus, stamp.tick);
    scheduler.schedule(resource);
    sources.published(resource);
    return data;
  }

  /** A failure at `stamp`, with what it means for the next request. */
  function applyFailure(resource: Resource, stamp: RequestStamp, cause: unknown): Error {
    const error = toError(cause);
    const plan = scheduler.planFailure(resource, cause, stamp.at);
    resource.dispatch({ type: 'failure', stamp, error, retryAt: plan.retryAt, notBefore: plan.notBefore, halted: plan.halted });
    if (plan.auth) pauseForAuth(error);
    scheduler.schedule(resource);
    sources.published(resource);
    return error;
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

  const pauseForAuth = (error: Error) => scheduler.pauseForAuth(error);
  const resume = () => void scheduler.resumeAfterAuth();

  // ---- lifetime --------------------------------------------------------------------------------

  function teardown(resource: Resource): void {
    teardowns.delete(resource);
    if (resource.watchers.size > 0) return;
    scheduler.cancel(resource);
    abort(resource);
    cache.scheduleGc(resource, busy);
    sources.refresh();
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
    // What this store watches changed: the event stream and the other tabs follow.
    sources.refresh();
    let active = true;
    return {
      setOptions(next) {
        if (!active) return;
        record.options = { ...next } as WatchOptions<unknown>;
        scheduler.schedule(resource);
        sources.refresh();
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

  const store: RunStore = {
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
    getTransport: () => sources.transport(),
    isRunTerminal,
    classifyRun,

    getToolInput: (taskId, toolCallId) => registry?.get(taskId, toolCallId) ?? IDLE_TOOL_INPUT,
    getWaitingSince: (taskId, toolCallId) => waits.get(taskId, toolCallId),
    tabs: sources.tabs,

    getToolInputSubject(taskId, runId) {
      const key = resourceKeys.status(taskId, runId);
      const status = cache.find(key)?.getSnapshot().data as RunStatus | undefined;
      return status?.toolCall?.toolCallId ?? registry?.lastAttempted(taskId, key.runId);
    },

    submitToolInput: (ref, answer) =>
      registry?.submit(ref, answer) ??
      quiet(Promise.reject(new Error('This store was made without its answers: use createRunStore or getRunStore.'))),
    // Without the registry, nothing was attempted: nothing to retry or forget.
    retryToolInput: (ref) => registry?.retry(ref.taskId, ref.toolCallId) ?? Promise.resolve(),
    resetToolInput: (taskId, toolCallId) => registry?.reset(taskId, toolCallId),
    subscribeToolInputs(taskId, listener) {
      const entry = { taskId, listener };
      inputListeners.add(entry);
      return () => void inputListeners.delete(entry);
    },

    ...runStoreActions(client, runAction, invalidate),

    destroy() {
      destroyed = true;
      sources.destroy();
      scheduler.destroy();
      for (const timer of teardowns.values()) clearTimeout(timer);
      teardowns.clear();
      for (const resource of cache.all()) abort(resource);
      cache.clear();
    },
  };
  const answers: StoreAnswers = { provide: (create) => (registry ??= create(registryDeps)) };
  Object.defineProperty(store, ANSWERS_KEY, { value: answers });
  return store;
}

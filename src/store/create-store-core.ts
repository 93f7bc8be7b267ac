import { EVENT_RESOURCES, isTaskApiError, toolCallSeenAt, type RunStatus, type TaskClient } from '../client';
import { quiet, removeDraft, toError } from '../utils';
import { fetchResource } from './fetch-resource';
import { deepFreeze, replaceEqualDeep } from './replace-equal-deep';
import { EMPTY_SNAPSHOT, type Resource, type ResourceRequest, type WatchOptions } from './resource';
import { ResourceCache } from './resource-cache';
import { createResourceJudge } from './resource-judge';
import { runStoreActions } from './run-store-actions';
import { readResourceData, UnusableDataError } from './resource-data';
import { isRunResourceKey, resourceKeys, type ResourceData, type ResourceKey } from './resource-key';
import { loadEventFeed } from './load-event-feed';
import type { RequestStamp, ResourceSnapshot } from './resource-state';
import { Scheduler } from './scheduler';
import { createBrowserEnvironment } from './store-environment';
import { createStoreTabs } from './store-tabs';
import { WaitingClock } from './waiting-since';
import { RUN_STORE_DEFAULTS, type RunStoreOptions } from './run-store-options';
import type { RunStore, Watcher } from './run-store';
import { ANSWERS_KEY, StoreAnswers } from './store-answers';
import { IDLE_TOOL_INPUT } from './tool-input-state';

/**
 * The store without the code of its answers: a page that only watches runs does not ship it. The
 * hooks that answer bring it (`withAnswers`); an answer sent before that loads it first.
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
    if (resource.key.resource === 'status' && isDone(resource)) answers.registry?.forgetRun(resource.key.taskId, resource.key.runId);
  });
  const backoff = {
    baseMs: options.retryBaseMs ?? RUN_STORE_DEFAULTS.retryBaseMs,
    capMs: options.retryCapMs ?? RUN_STORE_DEFAULTS.retryCapMs,
    random,
  };
  // A call no status shows any more takes what the person typed for it along.
  const waits = new WaitingClock(removeDraft);
  const tabs = createStoreTabs(
    client,
    options.crossTab,
    {
      random,
      resources: () => cache.all(),
      requestedInterval: (resource) => scheduler.requestedInterval(resource),
      watch: (key, watchOptions) => watch(key, watchOptions),
      applyRemote: (key, at, data, error) => applyPushed(key, at, data, error),
      adoptAnswered: (ref) => {
        removeDraft(ref.taskId, ref.toolCallId);
        void quiet(answers.load().then((registry) => registry.adoptAccepted(ref)));
      },
      waits,
      onCoverageChange: () => rescheduleAll(),
    },
    options.environment ?? createBrowserEnvironment(),
  );
  const scheduler: Scheduler = new Scheduler({
    defaultIntervals: { ...RUN_STORE_DEFAULTS.pollIntervalMs, ...options.pollIntervalMs },
    maxConcurrentRequests: options.maxConcurrentRequests ?? RUN_STORE_DEFAULTS.maxConcurrentRequests,
    firstPollJitterMs: options.firstPollJitterMs ?? RUN_STORE_DEFAULTS.firstPollJitterMs,
    backoff,
    random,
    environment: tabs.environment,
    isDone,
    isUnknown,
    resources: () => cache.all(),
    start: (resource) => void start(resource, false),
    // Until the stream's code is there, the runs it will bring are not polled either.
    isCovered: (resource) =>
      tabs.covers(resource) ||
      (slot.feed === undefined ? slot.loading && isRunResourceKey(resource.key) && wantsUpdates(resource) : slot.feed.covers(resource)),
    onPauseChange: () => slot.feed?.refresh(),
  });

  const rescheduleAll = () => {
    for (const resource of cache.all()) scheduler.schedule(resource);
  };
  // The event stream, when the client has one.
  const slot = loadEventFeed(
    client.events,
    {
      settings: { ...RUN_STORE_DEFAULTS.stream, ...options.stream, backoff },
      resources: () => cache.all(),
      wantsUpdates,
      apply: (event) =>
        applyPushed(resourceKeys[event.resource](event.topic.taskId, event.topic.runId), Date.now(), event.data, event.error),
      onCoverageChange: (topic) => {
        if (topic === undefined) rescheduleAll();
        else for (const kind of EVENT_RESOURCES) reschedule(resourceKeys[kind](topic.taskId, topic.runId));
      },
      isPaused: () => scheduler.isPaused(),
    },
    () => destroyed,
    () => rescheduleAll(),
  );
  /** Whether a watched run resource wants updates: a status watched with `pollIntervalMs: false` is read once, as without a stream. */
  function wantsUpdates(resource: Resource): boolean {
    return resource.key.resource !== 'status' || scheduler.requestedInterval(resource) !== undefined;
  }

  const answers = new StoreAnswers({
    client,
    runAction,
    invalidate,
    refetch,
    tick: () => ++clock,
    maxAnswerBytes: options.maxAnswerBytes ?? RUN_STORE_DEFAULTS.maxAnswerBytes,
    exclusive: (ref, send) => tabs.exclusive(ref, send),
  });

  const busy = (resource: Resource) => resource.inUse || teardowns.has(resource);

  function reschedule(key: ResourceKey): void {
    const resource = cache.find(key);
    if (resource !== undefined) scheduler.schedule(resource);
  }

  /** A change pushed (by the stream, or the leader tab): applied as a poll's answer would be, newer than any request still open. */
  function applyPushed(key: ResourceKey, at: number, data: unknown, error: unknown): void {
    const resource = cache.build(key);
    const stamp = { seq: resource.nextSeq(), tick: ++clock, at };
    try {
      if (error === undefined) receive(resource, stamp, data);
      else applyFailure(resource, stamp, error);
    } catch {
      // Already the resource's error; thrown on, it would only break the stream it came by.
    }
    cache.scheduleGc(resource, busy);
  }

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
    try {
      return receive(resource, { seq: request.seq, tick: request.tick, at: Date.now(), startedAt: request.startedAt }, raw);
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
   * Data read at `stamp` (by a request, or pushed), checked and applied. Whatever goes wrong on the
   * way (a shape the store cannot use, a throw while handling it) becomes the resource's error and
   * is thrown: the resource never stays fetching, and its polls go on.
   */
  function receive(resource: Resource, stamp: RequestStamp, raw: unknown): unknown {
    const kind = resource.key.resource;
    try {
      return applyData(resource, stamp, readResourceData(kind, raw), toolCallSeenAt(raw));
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
    if (resource.key.resource === 'status')
      answers.registry?.observeStatus(resource.key.taskId, resource.key.runId, data as RunStatus, stamp.tick);
    scheduler.schedule(resource);
    tabs.published(resource);
    return data;
  }

  /** A failure at `stamp`, with what it means for the next request. */
  function applyFailure(resource: Resource, stamp: RequestStamp, cause: unknown): Error {
    const error = toError(cause);
    const plan = scheduler.planFailure(resource, cause, stamp.at);
    resource.dispatch({ type: 'failure', stamp, error, retryAt: plan.retryAt, notBefore: plan.notBefore, halted: plan.halted });
    if (plan.auth) pauseForAuth(error);
    scheduler.schedule(resource);
    tabs.published(resource);
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
    refreshLinks();
  }

  /** What this store watches changed: the event stream and the other tabs follow. */
  function refreshLinks(): void {
    slot.feed?.refresh();
    tabs.refresh();
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
    refreshLinks();
    let active = true;
    return {
      setOptions(next) {
        if (!active) return;
        record.options = { ...next } as WatchOptions<unknown>;
        scheduler.schedule(resource);
        refreshLinks();
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
    getTransport: () => slot.feed?.transport ?? (slot.loading ? 'stream' : 'polling'),
    isRunTerminal,
    classifyRun,

    getToolInput: (taskId, toolCallId) => answers.registry?.get(taskId, toolCallId) ?? IDLE_TOOL_INPUT,
    getWaitingSince: (taskId, toolCallId) => waits.get(taskId, toolCallId),
    tabs,

    getToolInputSubject(taskId, runId) {
      const key = resourceKeys.status(taskId, runId);
      const status = cache.find(key)?.getSnapshot().data as RunStatus | undefined;
      return status?.toolCall?.toolCallId ?? answers.registry?.lastAttempted(taskId, key.runId);
    },

    submitToolInput: (ref, answer) =>
      answers.registry?.submit(ref, answer) ?? quiet(answers.load().then((registry) => registry.submit(ref, answer))),
    // Without the registry, nothing was attempted: nothing to retry or forget.
    retryToolInput: (ref) => answers.registry?.retry(ref.taskId, ref.toolCallId) ?? Promise.resolve(),
    resetToolInput: (taskId, toolCallId) => answers.registry?.reset(taskId, toolCallId),
    subscribeToolInputs: (taskId, listener) => answers.subscribe(taskId, listener),

    ...runStoreActions(client, runAction, invalidate),

    destroy() {
      destroyed = true;
      slot.feed?.destroy();
      tabs.destroy();
      scheduler.destroy();
      for (const timer of teardowns.values()) clearTimeout(timer);
      teardowns.clear();
      for (const resource of cache.all()) abort(resource);
      cache.clear();
    },
  };
  Object.defineProperty(store, ANSWERS_KEY, { value: answers });
  return store;
}

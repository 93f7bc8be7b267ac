import { isTaskApiError } from '../client/task-api-error';
import { quiet, toError } from '../utils';
import type { CreateTaskRequest, RunStatus, TaskClient } from '../client/types';
import { DEFAULT_RETRY_BASE_MS, DEFAULT_RETRY_CAP_MS, retryDelay } from './backoff';
import { deepFreeze, replaceEqualDeep } from './replace-equal-deep';
import { RequestQueue } from './request-queue';
import { canonicalKey, normaliseRunId, resourceKeyId, resourceKeys, type ResourceData, type ResourceKey } from './resource-key';
import { createRunTerminalCheck, isFinalGifStatus } from './run-status-terminal';
import { createBrowserEnvironment, type StoreEnvironment } from './store-environment';
import { ToolInputRegistry, type ToolInputRef, type ToolInputSnapshot } from './tool-input-registry';

/** Defaults of `RunStoreOptions`. */
export const RUN_STORE_DEFAULTS = Object.freeze({
  statusIntervalMs: 2000,
  gifIntervalMs: 3000,
  maxConcurrentRequests: 6,
  retryBaseMs: DEFAULT_RETRY_BASE_MS,
  retryCapMs: DEFAULT_RETRY_CAP_MS,
  firstPollJitterMs: 100,
  cacheTimeMs: 5 * 60_000,
});

/** Polling intervals below this are raised to it, so a typo cannot turn a page into a request loop. */
export const MIN_POLL_INTERVAL_MS = 250;

/** Longest delay `setTimeout` accepts; a longer one would fire at once. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

export interface RunStoreOptions {
  /** Poll interval of run statuses when a watcher gives none. Default: 2000. */
  statusIntervalMs?: number;
  /** Poll interval of GIF statuses when a watcher gives none. Default: 3000. */
  gifIntervalMs?: number;
  /**
   * Most polls open at once, for the whole store. Reads a person asked for and mutations are not
   * held back by it (they never wait behind polls), but reads count towards it. Default: 6, what
   * browsers allow per host over HTTP/1.1.
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
  /** How long a resource nobody watches or reads keeps its data, in ms. Default: 300000. */
  cacheTimeMs?: number;
  /** Run `status` values meaning "still going"; others are terminal. Default: `DEFAULT_NON_TERMINAL_RUN_STATUSES`. */
  nonTerminalRunStatuses?: Iterable<string>;
  /** Source of randomness in [0, 1) for jitter. Default: `Math.random`. */
  random?: () => number;
  /** Visibility and connectivity. Default: `createBrowserEnvironment()`. */
  environment?: StoreEnvironment;
}

/** How often to poll: milliseconds, `false` for never, or a function of the latest data. */
export type PollInterval<T> = number | false | ((data: T | undefined) => number | false);

export interface WatchOptions<T> {
  /**
   * Poll interval for this watcher. With several watchers of one resource the shortest wins.
   * Default: the store's `statusIntervalMs` for run statuses, `gifIntervalMs` for GIFs, and `false`
   * (fetched once) for results, lists and the key check.
   */
  intervalMs?: PollInterval<T>;
  /**
   * A passive watcher keeps the resource fetched and polled but has no interval of its own: it
   * polls at the other watchers' interval, or at the store default when every watcher is passive.
   * For watchers that only need to notice a change (a result waiting for its run to end), so they
   * never speed up a slower interval chosen elsewhere. Default: false.
   */
  passive?: boolean;
}

/** A registered interest in a resource: it is fetched, and polled, while at least one watcher exists. */
export interface Watcher<T> {
  setOptions(options: WatchOptions<T>): void;
  /** Idempotent. Teardown waits a tick, so an immediate re-watch (React StrictMode) costs nothing. */
  unwatch(): void;
}

/** What the store knows about one resource. Immutable; the same object while nothing changes. */
export interface ResourceSnapshot<T> {
  /** The latest data; kept while refetching and after an error. Deep-frozen. */
  readonly data: T | undefined;
  /** The last failure, cleared by the next success. */
  readonly error: Error | undefined;
  /** True while a request for this resource is open. */
  readonly isFetching: boolean;
  /** Failures in a row. */
  readonly failureCount: number;
}

/** Why polling is paused: the key was refused, the page is hidden, or the browser is offline. */
export type PauseReason = 'auth' | 'hidden' | 'offline';

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
  isRunTerminal(run: RunStatus): boolean;

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

interface Request {
  readonly seq: number;
  readonly tick: number;
  readonly controller: AbortController;
  released: boolean;
  readonly result: Promise<unknown>;
}

interface WatcherRecord {
  options: WatchOptions<unknown>;
}

interface Entry {
  readonly id: string;
  readonly key: ResourceKey;
  /** What the last applied response left, with `isFetching: false`. */
  settled: ResourceSnapshot<unknown>;
  /** `settled` with `isFetching: true`, made once per `settled`, so polls flip between two objects. */
  fetching: ResourceSnapshot<unknown> | undefined;
  snapshot: ResourceSnapshot<unknown>;
  readonly listeners: Set<() => void>;
  readonly watchers: Set<WatcherRecord>;
  timer: ReturnType<typeof setTimeout> | undefined;
  teardownTimer: ReturnType<typeof setTimeout> | undefined;
  gcTimer: ReturnType<typeof setTimeout> | undefined;
  request: Request | undefined;
  dequeue: (() => void) | undefined;
  nextSeq: number;
  appliedSeq: number;
  /** Clock value of the request whose response was applied last. */
  appliedTick: number;
  /** Clock value of the last invalidation; responses to older requests are dropped. */
  invalidatedTick: number;
  /** When a response (data or error) was last applied, ms since the epoch. */
  settledAt: number | undefined;
  firstDueAt: number | undefined;
  retryAt: number | undefined;
  /** `Retry-After` of the last failure: no automatic request before this. */
  notBefore: number;
  /** A failure retrying cannot fix (4xx other than 408/429, a refusal): no polls until asked. */
  halted: boolean;
}

const EMPTY: ResourceSnapshot<never> = Object.freeze({ data: undefined, error: undefined, isFetching: false, failureCount: 0 });

function isAuthError(error: unknown): boolean {
  return isTaskApiError(error) && error.isAuthError;
}

/**
 * The options that name a run. Without one, `runId` is left out rather than set to `undefined` or
 * `''`, so a client that tests for the property sees "the most recent run".
 */
function runOption(runId: string | undefined): { runId: string } | undefined {
  const id = normaliseRunId(runId);
  return id === undefined ? undefined : { runId: id };
}

function fetchResource(client: TaskClient, key: ResourceKey, signal: AbortSignal): Promise<unknown> {
  switch (key.resource) {
    case 'status':
      return client.getRunStatus(key.taskId, { ...runOption(key.runId), signal });
    case 'result':
      return client.getRunResult(key.taskId, { ...runOption(key.runId), signal });
    case 'gif':
      return client.getRunGif(key.taskId, { ...runOption(key.runId), signal });
    case 'tasks-page':
      return client.listTasks({ page: key.page, limit: key.limit, signal });
    case 'runs-page':
      return client.listRuns(key.taskId, { page: key.page, limit: key.limit, signal });
    case 'check':
      return client.checkApiKey({ signal });
  }
}

/**
 * Creates a store for `client` with its own options. Most apps use `getRunStore(client)` (one
 * shared store per client) instead; a second store for the same client polls independently.
 */
export function createRunStore(client: TaskClient, options: RunStoreOptions = {}): RunStore {
  const statusIntervalMs = options.statusIntervalMs ?? RUN_STORE_DEFAULTS.statusIntervalMs;
  const gifIntervalMs = options.gifIntervalMs ?? RUN_STORE_DEFAULTS.gifIntervalMs;
  const firstPollJitterMs = options.firstPollJitterMs ?? RUN_STORE_DEFAULTS.firstPollJitterMs;
  const cacheTimeMs = options.cacheTimeMs ?? RUN_STORE_DEFAULTS.cacheTimeMs;
  const random = options.random ?? Math.random;
  const backoff = {
    baseMs: options.retryBaseMs ?? RUN_STORE_DEFAULTS.retryBaseMs,
    capMs: options.retryCapMs ?? RUN_STORE_DEFAULTS.retryCapMs,
    random,
  };
  const environment = options.environment ?? createBrowserEnvironment();
  const isRunTerminal = createRunTerminalCheck(options.nonTerminalRunStatuses);
  const queue = new RequestQueue(Math.max(1, Math.floor(options.maxConcurrentRequests ?? RUN_STORE_DEFAULTS.maxConcurrentRequests)));

  const entries = new Map<string, Entry>();
  /** Logical clock ordering request starts against invalidations (timestamps can tie). */
  let clock = 0;
  let authError: Error | undefined;
  let environmentActive = true;
  let detachEnvironment: (() => void) | undefined;
  let destroyed = false;

  const registry = new ToolInputRegistry({
    send: (ref, input) => runAction(() => client.submitToolInput(ref.taskId, { input, toolCallId: ref.toolCallId }, runOption(ref.runId))),
    accepted: (ref) => invalidate((key) => key.resource === 'status' && key.taskId === ref.taskId),
    confirmGone: async (ref) => {
      invalidate((key) => key.resource === 'status' && key.taskId === ref.taskId);
      const data = await refetch(resourceKeys.status(ref.taskId, ref.runId));
      return data.toolCall?.toolCallId !== ref.toolCallId;
    },
    tick: () => ++clock,
  });

  function entryFor(key: ResourceKey): Entry {
    const id = resourceKeyId(key);
    let entry = entries.get(id);
    if (entry === undefined) {
      entry = {
        id,
        key: canonicalKey(key),
        settled: EMPTY,
        fetching: undefined,
        snapshot: EMPTY,
        listeners: new Set(),
        watchers: new Set(),
        timer: undefined,
        teardownTimer: undefined,
        gcTimer: undefined,
        request: undefined,
        dequeue: undefined,
        nextSeq: 0,
        appliedSeq: 0,
        appliedTick: 0,
        invalidatedTick: 0,
        settledAt: undefined,
        firstDueAt: undefined,
        retryAt: undefined,
        notBefore: 0,
        halted: false,
      };
      entries.set(id, entry);
    }
    return entry;
  }

  // ---- snapshots -------------------------------------------------------------------------------

  function publish(entry: Entry): void {
    let next = entry.settled;
    if (entry.request !== undefined) {
      if (
        entry.fetching === undefined ||
        entry.fetching.data !== next.data ||
        entry.fetching.error !== next.error ||
        entry.fetching.failureCount !== next.failureCount
      ) {
        entry.fetching = Object.freeze({ ...next, isFetching: true });
      }
      next = entry.fetching;
    }
    if (next === entry.snapshot) return;
    entry.snapshot = next;
    for (const listener of [...entry.listeners]) listener();
  }

  function settle(entry: Entry, patch: Partial<Omit<ResourceSnapshot<unknown>, 'isFetching'>>): void {
    const prev = entry.settled;
    const next = { ...prev, ...patch, isFetching: false };
    if (next.data === prev.data && next.error === prev.error && next.failureCount === prev.failureCount) return;
    entry.settled = Object.freeze(next);
  }

  // ---- scheduling ------------------------------------------------------------------------------

  function paused(): boolean {
    return authError !== undefined || !environmentActive || destroyed;
  }

  /** The resource will not change any more: a terminal run, a final GIF. */
  function isDone(entry: Entry): boolean {
    const data = entry.settled.data;
    if (data === undefined) return false;
    if (entry.key.resource === 'status') return isRunTerminal(data as RunStatus);
    if (entry.key.resource === 'gif') return isFinalGifStatus(String((data as { status: unknown }).status));
    return false;
  }

  function effectiveInterval(entry: Entry): number | undefined {
    if (isDone(entry)) return undefined;
    const fallback = entry.key.resource === 'status' ? statusIntervalMs : entry.key.resource === 'gif' ? gifIntervalMs : false;
    let shortest: number | undefined;
    let active = false;
    const consider = (option: PollInterval<unknown>) => {
      const value = typeof option === 'function' ? option(entry.settled.data) : option;
      if (typeof value !== 'number' || !Number.isFinite(value)) return;
      const interval = Math.max(MIN_POLL_INTERVAL_MS, value);
      shortest = shortest === undefined ? interval : Math.min(shortest, interval);
    };
    for (const watcher of entry.watchers) {
      if (watcher.options.passive) continue;
      active = true;
      consider(watcher.options.intervalMs ?? fallback);
    }
    if (!active) consider(fallback);
    return shortest;
  }

  function clearTimer(entry: Entry): void {
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    entry.timer = undefined;
  }

  /** Sets the one timer of a watched resource from its state. Idempotent. */
  function scheduleNext(entry: Entry): void {
    clearTimer(entry);
    if (entry.watchers.size === 0 || entry.request !== undefined || entry.dequeue !== undefined || paused()) return;
    const now = Date.now();
    let due: number;
    if (entry.retryAt !== undefined) {
      due = entry.retryAt;
    } else if (entry.halted) {
      return;
    } else if (entry.settledAt === undefined) {
      entry.firstDueAt ??= now + Math.floor(random() * firstPollJitterMs);
      due = entry.firstDueAt;
    } else if (entry.invalidatedTick > entry.appliedTick) {
      due = now;
    } else {
      const interval = effectiveInterval(entry);
      if (interval === undefined) return;
      // Clamped to now: after the wall clock is set back, the next poll is one interval away, not years.
      due = Math.min(entry.settledAt, now) + interval;
    }
    due = Math.max(due, entry.notBefore);
    if (due <= now) {
      // Due already: no timer hop, so a resource enabled by a render is requested in the same task.
      enqueue(entry);
      return;
    }
    entry.timer = setTimeout(
      () => {
        entry.timer = undefined;
        enqueue(entry);
      },
      Math.min(MAX_TIMER_DELAY_MS, due - now),
    );
  }

  function enqueue(entry: Entry): void {
    if (entry.request !== undefined || entry.dequeue !== undefined || paused()) return;
    let ran = false;
    const cancel = queue.push(() => {
      ran = true;
      entry.dequeue = undefined;
      if (entry.watchers.size === 0 || paused()) return;
      start(entry);
    });
    // With a free slot the job has already run inside `push`.
    if (!ran) entry.dequeue = cancel;
  }

  function cancelQueued(entry: Entry): void {
    entry.dequeue?.();
    entry.dequeue = undefined;
  }

  // ---- requests --------------------------------------------------------------------------------

  function release(request: Request): void {
    if (request.released) return;
    request.released = true;
    queue.end();
  }

  function abortRequest(entry: Entry): void {
    const request = entry.request;
    if (request === undefined) return;
    entry.request = undefined;
    request.controller.abort();
    // Counted as closed now: an aborted fetch no longer loads the service, even if a client ignores the signal.
    release(request);
  }

  function start(entry: Entry): Request {
    clearTimer(entry);
    cancelQueued(entry);
    const seq = ++entry.nextSeq;
    const tick = ++clock;
    const controller = new AbortController();
    queue.begin();
    let promise: Promise<unknown>;
    try {
      promise = fetchResource(client, entry.key, controller.signal);
    } catch (error) {
      promise = Promise.reject(error);
    }
    const request: Request = {
      seq,
      tick,
      controller,
      released: false,
      result: quiet(
        promise.then(
          (data) => onSuccess(entry, request, data),
          (error: unknown) => onFailure(entry, request, error),
        ),
      ),
    };
    entry.request = request;
    publish(entry);
    return request;
  }

  /** Clears the request's place; true when its response may still be applied. */
  function finish(entry: Entry, request: Request): boolean {
    const current = entry.request === request;
    if (current) entry.request = undefined;
    // Own aborts, older requests and requests older than an invalidation never overwrite newer state.
    const fresh = !request.controller.signal.aborted && request.seq > entry.appliedSeq && request.tick >= entry.invalidatedTick;
    if (!fresh && current) {
      publish(entry);
      scheduleNext(entry);
    }
    return fresh;
  }

  function onSuccess(entry: Entry, request: Request, raw: unknown): unknown {
    if (!finish(entry, request)) {
      release(request);
      return raw;
    }
    const data = replaceEqualDeep(entry.settled.data, raw);
    if (data !== entry.settled.data) deepFreeze(data);
    entry.appliedSeq = request.seq;
    entry.appliedTick = request.tick;
    entry.settledAt = Date.now();
    entry.retryAt = undefined;
    entry.notBefore = 0;
    entry.halted = false;
    settle(entry, { data, error: entry.settled.error === authError && authError !== undefined ? authError : undefined, failureCount: 0 });
    publish(entry);
    if (entry.key.resource === 'status') {
      registry.observeStatus(entry.key.taskId, entry.key.runId, data as RunStatus, request.tick);
    }
    scheduleNext(entry);
    // Released last, so a poll waiting for this slot sees this resource's new state.
    release(request);
    return data;
  }

  function onFailure(entry: Entry, request: Request, cause: unknown): never {
    const error = toError(cause);
    if (!finish(entry, request)) {
      release(request);
      throw error;
    }
    entry.appliedSeq = request.seq;
    entry.appliedTick = request.tick;
    entry.settledAt = Date.now();
    const failureCount = entry.settled.failureCount + 1;
    if (isAuthError(cause)) {
      entry.retryAt = undefined;
      settle(entry, { error, failureCount });
      pauseForAuth(error);
    } else if (isTaskApiError(cause) && cause.isTransient) {
      const retryAfter = cause.retryAfterMs;
      entry.retryAt = entry.settledAt + retryDelay(failureCount - 1, retryAfter, backoff);
      entry.notBefore = retryAfter === undefined ? 0 : entry.settledAt + retryAfter;
      // A 429 speaks for the whole service, not one resource: hold every poll.
      if (cause.status === 429 && retryAfter !== undefined) queue.holdUntil(entry.settledAt + retryAfter);
      settle(entry, { error, failureCount });
    } else {
      entry.retryAt = undefined;
      entry.halted = true;
      settle(entry, { error, failureCount });
    }
    publish(entry);
    scheduleNext(entry);
    release(request);
    throw error;
  }

  /** Starts a request now, outside the queue: something a person did asked for it. */
  function fetchNow(entry: Entry): Promise<unknown> {
    const open = entry.request;
    if (open !== undefined && open.tick > entry.invalidatedTick) return open.result;
    abortRequest(entry);
    entry.halted = false;
    return start(entry).result;
  }

  // ---- pauses ----------------------------------------------------------------------------------

  function pauseForAuth(error: Error): void {
    authError = error;
    queue.clear();
    for (const entry of entries.values()) {
      clearTimer(entry);
      entry.dequeue = undefined;
      if (entry.watchers.size > 0) {
        // Every watched resource says why it stopped updating.
        settle(entry, { error });
        publish(entry);
      }
    }
  }

  function resume(): void {
    if (authError === undefined || destroyed) return;
    authError = undefined;
    for (const entry of entries.values()) {
      if (entry.watchers.size === 0) continue;
      entry.halted = false;
      entry.retryAt = undefined;
      enqueue(entry);
    }
  }

  function onEnvironmentChange(): void {
    const active = environment.isVisible() && environment.isOnline();
    if (active === environmentActive) return;
    environmentActive = active;
    if (!active) {
      queue.clear();
      for (const entry of entries.values()) {
        clearTimer(entry);
        entry.dequeue = undefined;
      }
      return;
    }
    if (authError !== undefined) return;
    const now = Date.now();
    for (const entry of entries.values()) {
      if (entry.watchers.size === 0) continue;
      // One refresh on return for whatever was still being polled or never loaded, unless the
      // service asked us to wait (Retry-After) or retrying cannot help.
      const wanted =
        !entry.halted && (entry.settledAt === undefined || entry.retryAt !== undefined || effectiveInterval(entry) !== undefined);
      if (wanted && entry.notBefore <= now) {
        entry.retryAt = undefined;
        enqueue(entry);
      } else {
        scheduleNext(entry);
      }
    }
  }

  function attachEnvironment(): void {
    if (detachEnvironment !== undefined || destroyed) return;
    environmentActive = environment.isVisible() && environment.isOnline();
    detachEnvironment = environment.subscribe(onEnvironmentChange);
  }

  // ---- lifetime --------------------------------------------------------------------------------

  function scheduleGc(entry: Entry): void {
    if (entry.gcTimer !== undefined || entry.watchers.size > 0 || entry.listeners.size > 0 || entry.teardownTimer !== undefined) return;
    entry.gcTimer = setTimeout(() => {
      entry.gcTimer = undefined;
      if (entry.request !== undefined) {
        scheduleGc(entry);
        return;
      }
      if (entry.watchers.size > 0 || entry.listeners.size > 0) return;
      if (entries.get(entry.id) === entry) entries.delete(entry.id);
    }, cacheTimeMs);
    // A forgotten cache entry must not keep a Node process alive.
    (entry.gcTimer as { unref?: () => void }).unref?.();
  }

  function cancelGc(entry: Entry): void {
    if (entry.gcTimer !== undefined) clearTimeout(entry.gcTimer);
    entry.gcTimer = undefined;
  }

  function teardown(entry: Entry): void {
    entry.teardownTimer = undefined;
    if (entry.watchers.size > 0) return;
    clearTimer(entry);
    cancelQueued(entry);
    if (entry.request !== undefined) {
      abortRequest(entry);
      publish(entry);
    }
    scheduleGc(entry);
  }

  // ---- actions ---------------------------------------------------------------------------------

  async function runAction<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (isAuthError(error)) pauseForAuth(toError(error));
      throw error;
    }
  }

  function invalidate(match: (key: ResourceKey) => boolean): void {
    for (const entry of entries.values()) {
      if (!match(entry.key)) continue;
      entry.invalidatedTick = ++clock;
      if (authError === undefined && (entry.watchers.size > 0 || entry.listeners.size > 0)) {
        quiet(fetchNow(entry));
      } else {
        // Not in use: whatever is open cannot be applied any more, and the next watcher fetches.
        abortRequest(entry);
        publish(entry);
      }
    }
  }

  function refetch<K extends ResourceKey>(key: K): Promise<ResourceData<K>> {
    if (destroyed) return quiet(Promise.reject(new Error('This store was destroyed.')));
    if (authError !== undefined) resume();
    const entry = entryFor(key);
    const result = fetchNow(entry) as Promise<ResourceData<K>>;
    // A resource fetched only on demand is forgotten like any other once nobody uses it.
    scheduleGc(entry);
    return quiet(result);
  }

  // ---- the store -------------------------------------------------------------------------------

  return {
    client,

    getSnapshot<K extends ResourceKey>(key: K) {
      return (entries.get(resourceKeyId(key))?.snapshot ?? EMPTY) as ResourceSnapshot<ResourceData<K>>;
    },

    subscribe(key, listener) {
      const entry = entryFor(key);
      entry.listeners.add(listener);
      cancelGc(entry);
      return () => {
        entry.listeners.delete(listener);
        scheduleGc(entry);
      };
    },

    watch<K extends ResourceKey>(key: K, watchOptions: WatchOptions<ResourceData<K>> = {}): Watcher<ResourceData<K>> {
      const entry = entryFor(key);
      const record: WatcherRecord = { options: { ...watchOptions } as WatchOptions<unknown> };
      const resuming = entry.watchers.size > 0 || entry.teardownTimer !== undefined;
      if (entry.teardownTimer !== undefined) clearTimeout(entry.teardownTimer);
      entry.teardownTimer = undefined;
      cancelGc(entry);
      entry.watchers.add(record);
      if (!resuming) {
        if (entry.halted) {
          // A new watcher gives a resource that failed for good one more chance, like a page reload would.
          entry.halted = false;
          entry.invalidatedTick = ++clock;
        }
        attachEnvironment();
        if (authError !== undefined) {
          settle(entry, { error: authError });
          publish(entry);
        }
      }
      scheduleNext(entry);
      let active = true;
      return {
        setOptions(next) {
          if (!active) return;
          record.options = { ...next } as WatchOptions<unknown>;
          scheduleNext(entry);
        },
        unwatch() {
          if (!active) return;
          active = false;
          entry.watchers.delete(record);
          if (entry.watchers.size > 0) {
            scheduleNext(entry);
            return;
          }
          // Deferred by a tick: React StrictMode unsubscribes and subscribes again at once, and that
          // must not abort the request or restart the timer.
          entry.teardownTimer = setTimeout(() => teardown(entry), 0);
        },
      };
    },

    refetch,
    invalidate,
    resume,

    getPauseReason() {
      if (authError !== undefined) return 'auth';
      if (detachEnvironment === undefined) return undefined;
      if (!environment.isOnline()) return 'offline';
      if (!environment.isVisible()) return 'hidden';
      return undefined;
    },

    isRunTerminal,

    getToolInput: (taskId, toolCallId) => registry.get(taskId, toolCallId),

    getToolInputSubject(taskId, runId) {
      const key = resourceKeys.status(taskId, runId);
      const status = entries.get(resourceKeyId(key))?.snapshot.data as RunStatus | undefined;
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
      invalidate((key) => key.resource === 'status' && key.taskId === taskId);
    },

    async stopTask(taskId) {
      await runAction(() => client.stopTask(taskId));
      invalidate(
        (key) => key.resource === 'tasks-page' || ((key.resource === 'status' || key.resource === 'runs-page') && key.taskId === taskId),
      );
    },

    destroy() {
      destroyed = true;
      queue.clear();
      detachEnvironment?.();
      detachEnvironment = undefined;
      for (const entry of entries.values()) {
        clearTimer(entry);
        if (entry.teardownTimer !== undefined) clearTimeout(entry.teardownTimer);
        cancelGc(entry);
        entry.dequeue = undefined;
        abortRequest(entry);
      }
      entries.clear();
    },
  };
}

const STORES_KEY = Symbol.for('hitl-react.run-stores.v1');

/**
 * The shared store of a client, made on first use. The map lives on `globalThis` under a versioned
 * symbol, so two copies of this package on one page share one store per client instead of polling
 * twice.
 */
export function getRunStore(client: TaskClient): RunStore {
  const holder = globalThis as typeof globalThis & { [STORES_KEY]?: WeakMap<TaskClient, RunStore> };
  const stores = (holder[STORES_KEY] ??= new WeakMap());
  let store = stores.get(client);
  if (store === undefined) {
    store = createRunStore(client);
    stores.set(client, store);
  }
  return store;
}

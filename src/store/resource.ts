import {
  createRunStatusClassifier,
  isFinalGifStatus,
  isGifStatus,
  isRunResult,
  isRunStatus,
  toRunResult,
  toRunStatus,
  type RequestOptions,
  type RunStatus,
  type RunStatusClass,
  type RunTerminalInput,
  type TaskClient,
} from '../client';
import { isRecord } from '../utils';
import { canonicalKey, resourceKeyId, runOption, type ResourceKey } from './resource-key';
import {
  INITIAL_RESOURCE_STATE,
  isFresh,
  resourceReducer,
  type ResourceEvent,
  type ResourceSnapshot,
  type ResourceState,
} from './resource-state';
import type { RunStoreOptions } from './run-store-options';

// The resources of a store: how each is read (`fetchResource`) and checked (`readResourceData`),
// its state and open request (`Resource`), the cache that keeps them (`ResourceCache`), and what
// the run-status lists say of them (`createResourceJudge`).

/** How often to poll: milliseconds, `false` for never, or a function of the latest data. */
export type PollInterval<T> = number | false | ((data: T | undefined) => number | false);

export interface WatchOptions<T> {
  /**
   * Poll interval for this watcher. With several watchers of one resource the shortest wins.
   * Default: the store's `pollIntervalMs.status` for run statuses, `pollIntervalMs.gif` for GIFs,
   * `pollIntervalMs.requests` for the proxy's requests, and `false` (fetched once) for results,
   * lists and the key check.
   */
  pollIntervalMs?: PollInterval<T> | undefined;
  /**
   * A passive watcher keeps the resource fetched and polled but has no interval of its own: it
   * polls at the other watchers' interval, or at the store default when every watcher is passive.
   * For watchers that only need to notice a change (a result waiting for its run to end), so they
   * never speed up a slower interval chosen elsewhere. Default: false.
   */
  passive?: boolean | undefined;
}

/** One open request of a resource. */
export interface ResourceRequest {
  readonly seq: number;
  /** Store clock value when it started. */
  readonly tick: number;
  /** When it started, ms since the epoch. */
  readonly startedAt: number;
  readonly controller: AbortController;
  /** Settles with the applied data, or rejects with the failure; never unhandled. */
  result: Promise<unknown>;
  /** Its slot in the request cap was given back. */
  released: boolean;
}

const EMPTY: ResourceSnapshot<never> = Object.freeze({ data: undefined, error: undefined, isFetching: false, failureCount: 0 });

/** The snapshot of a resource nobody has asked for yet. */
export const EMPTY_SNAPSHOT: ResourceSnapshot<never> = EMPTY;

/** The client call that reads `key`. */
export function fetchResource(client: TaskClient, key: ResourceKey, o: RequestOptions): Promise<unknown> {
  switch (key.resource) {
    case 'status':
      return client.getRunStatus(key.taskId, { ...runOption(key.runId), ...o });
    case 'result':
      return client.getRunResult(key.taskId, { ...runOption(key.runId), ...o });
    case 'gif':
      return client.getRunGif(key.taskId, { ...runOption(key.runId), ...o });
    case 'tasks-page':
      return client.listTasks({ page: key.page, limit: key.limit, ...o });
    case 'runs-page':
      return client.listRuns(key.taskId, { page: key.page, limit: key.limit, ...o });
    case 'check':
      return client.checkApiKey(o);
    case 'requests':
      // Loaded with the first inbox that reads them.
      return import('./requests-resource').then((module) => module.fetchRequests(client, o));
  }
}

/**
 * Data the store could not use: a custom `TaskClient` or event source handed it something other
 * than the wire format (a status that is `null`, a number, an object without `status`), or
 * handling it threw. It becomes the resource's error: Retry asks again, and polling goes on with
 * backoff, since the next answer may well be usable.
 */
export class UnusableDataError extends Error {
  override readonly name = 'UnusableDataError';
  readonly resource: ResourceKey['resource'];

  constructor(resource: ResourceKey['resource'], options?: { cause?: unknown }) {
    super(`The ${LABELS[resource]} from the service could not be used: it is not in the expected format.`, options);
    this.resource = resource;
  }
}

const LABELS: Record<ResourceKey['resource'], string> = {
  status: 'run status',
  result: 'run result',
  gif: 'recording status',
  'tasks-page': 'list of tasks',
  'runs-page': 'list of runs',
  check: 'key check',
  requests: 'requests',
};

const isCount = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/** A page of a list, with items that have an `id` (spec §2.3, §2.4, §2.8). */
const isPage = (data: unknown) =>
  isRecord(data) &&
  Array.isArray(data.data) &&
  data.data.every((item) => isRecord(item) && typeof item.id === 'string') &&
  isCount(data.total) &&
  isCount(data.page) &&
  isCount(data.limit);

/**
 * The data of `resource` as the store keeps it, from a client or an event source other than
 * `createTaskClient`'s (whose data its own checks read already), checked with the same guards
 * (only the top level is looked at, so the depth of the rest costs nothing). Throws
 * `UnusableDataError` when the shape is wrong, or when merely looking at it throws (a getter, a proxy).
 */
export function readResourceData(resource: ResourceKey['resource'], data: unknown): unknown {
  try {
    switch (resource) {
      case 'status':
        if (isRunStatus(data)) return toRunStatus(data);
        break;
      case 'result':
        if (isRunResult(data)) return toRunResult(data);
        break;
      case 'gif':
        if (isGifStatus(data)) return data;
        break;
      case 'tasks-page':
      case 'runs-page':
        if (isPage(data)) return data;
        break;
      case 'check':
        if (typeof data === 'boolean') return data;
        break;
      // The proxy's requests are never checked here: the store's own `fetchRequests` sorted them out.
    }
  } catch (cause) {
    throw new UnusableDataError(resource, { cause });
  }
  throw new UnusableDataError(resource);
}

/**
 * One resource of the store (a run's status, a page of a list, …), like TanStack Query's `Query`:
 * it owns its state, changed only through `dispatch`, its readers (`listeners`), its watchers, and
 * its one open request. Timers and the line of requests belong to the scheduler; fetching belongs to
 * the store.
 */
export class Resource {
  state: ResourceState = INITIAL_RESOURCE_STATE;
  readonly listeners = new Set<() => void>();
  readonly watchers = new Set<{ options: WatchOptions<unknown> }>();
  request: ResourceRequest | undefined;
  private nextSeqValue = 0;
  /** The snapshot while idle and while fetching, made once per (data, error, failureCount). */
  private idle: ResourceSnapshot<unknown> = EMPTY;
  private busy: ResourceSnapshot<unknown> | undefined;
  private snapshot: ResourceSnapshot<unknown> = EMPTY;

  constructor(
    readonly id: string,
    readonly key: ResourceKey,
  ) {}

  getSnapshot(): ResourceSnapshot<unknown> {
    return this.snapshot;
  }

  /** Someone reads or watches it: it must not be forgotten. */
  get inUse(): boolean {
    return this.watchers.size > 0 || this.listeners.size > 0;
  }

  dispatch(event: ResourceEvent): void {
    const next = resourceReducer(this.state, event);
    if (next === this.state) return;
    this.state = next;
    this.publish();
  }

  /**
   * A sequence number for data that came without a request (pushed by the event stream): newer
   * than every request begun so far, so an open request's older answer cannot overwrite it.
   */
  nextSeq(): number {
    return ++this.nextSeqValue;
  }

  /** Starts counting a new request; the caller sends it and settles it through `finish`. */
  begin(tick: number, send: (signal: AbortSignal) => Promise<unknown>): ResourceRequest {
    const controller = new AbortController();
    const request: ResourceRequest = {
      seq: ++this.nextSeqValue,
      tick,
      startedAt: Date.now(),
      controller,
      result: Promise.resolve(),
      released: false,
    };
    this.request = request;
    let sent: Promise<unknown>;
    try {
      sent = send(controller.signal);
    } catch (error) {
      sent = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    request.result = sent;
    return request;
  }

  /**
   * Clears `request`'s place; true when its response may still be applied. Own aborts, older
   * requests and requests older than an invalidation never overwrite newer state.
   */
  finish(request: ResourceRequest): boolean {
    const current = this.request === request;
    if (current) this.request = undefined;
    const fresh = !request.controller.signal.aborted && isFresh(this.state, request.seq, request.tick);
    if (!fresh && current) this.dispatch({ type: 'cancel' });
    return fresh;
  }

  /** Aborts the open request; true when there was one. */
  abort(): boolean {
    const request = this.request;
    if (request === undefined) return false;
    this.request = undefined;
    request.controller.abort();
    this.dispatch({ type: 'cancel' });
    return true;
  }

  private publish(): void {
    const { data, error, failureCount, fetching } = this.state;
    if (this.idle.data !== data || this.idle.error !== error || this.idle.failureCount !== failureCount) {
      this.idle = Object.freeze({ data, error, isFetching: false, failureCount });
      this.busy = undefined;
    }
    const next = fetching ? (this.busy ??= Object.freeze({ ...this.idle, isFetching: true })) : this.idle;
    if (next === this.snapshot) return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/**
 * Every resource of one store, by key, and how long each lives (TanStack Query's `QueryCache` with
 * `gcTime`): a resource nobody watches or reads is forgotten `cacheTimeMs` after the last one left.
 */
export class ResourceCache {
  private readonly resources = new Map<string, Resource>();
  private readonly gcTimers = new Map<Resource, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly cacheTimeMs: number,
    /** Called when a resource is forgotten, so its scheduling goes too. */
    private readonly onForget: (resource: Resource) => void,
  ) {}

  find(key: ResourceKey): Resource | undefined {
    return this.resources.get(resourceKeyId(key));
  }

  /** The resource of `key`, made on first use. */
  build(key: ResourceKey): Resource {
    const id = resourceKeyId(key);
    let resource = this.resources.get(id);
    if (resource === undefined) {
      // The canonical key, so a hand-made key asks the service for what the equal built key does.
      resource = new Resource(id, canonicalKey(key));
      this.resources.set(id, resource);
    }
    return resource;
  }

  all(): IterableIterator<Resource> {
    return this.resources.values();
  }

  /** Forgets `resource` after the cache time, unless someone uses it again (or `busy` says to wait). */
  scheduleGc(resource: Resource, busy: (resource: Resource) => boolean): void {
    if (this.gcTimers.has(resource) || busy(resource)) return;
    const timer = setTimeout(() => {
      this.gcTimers.delete(resource);
      if (resource.request !== undefined) {
        this.scheduleGc(resource, busy);
        return;
      }
      if (busy(resource)) return;
      if (this.resources.get(resource.id) !== resource) return;
      this.resources.delete(resource.id);
      this.onForget(resource);
    }, this.cacheTimeMs);
    // A forgotten cache entry must not keep a Node process alive.
    (timer as { unref?: () => void }).unref?.();
    this.gcTimers.set(resource, timer);
  }

  cancelGc(resource: Resource): void {
    const timer = this.gcTimers.get(resource);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.gcTimers.delete(resource);
  }

  clear(): void {
    for (const timer of this.gcTimers.values()) clearTimeout(timer);
    this.gcTimers.clear();
    this.resources.clear();
  }
}

/** What a store's status lists say about its resources. */
export interface ResourceJudge {
  /** Where a run stands (see `classifyRunStatus`). */
  readonly classifyRun: (run: RunTerminalInput) => RunStatusClass;
  /** The run is known to be over. */
  readonly isRunTerminal: (run: RunTerminalInput) => boolean;
  /** The resource will not change any more: a terminal run, a final GIF. */
  readonly isDone: (resource: Resource) => boolean;
  /** A run status the store does not know: polled on, more slowly. */
  readonly isUnknown: (resource: Resource) => boolean;
}

/** The judge of a store with these lists of run statuses (defaults where absent). */
export function createResourceJudge(options: Pick<RunStoreOptions, 'nonTerminalRunStatuses' | 'terminalRunStatuses'>): ResourceJudge {
  const classifyRun = createRunStatusClassifier({
    nonTerminalRunStatuses: options.nonTerminalRunStatuses,
    terminalRunStatuses: options.terminalRunStatuses,
  });
  /** The class of a status resource's data; undefined before its first answer and for other resources. */
  const classOf = (resource: Resource) =>
    resource.key.resource === 'status' && resource.state.data !== undefined ? classifyRun(resource.state.data as RunStatus) : undefined;
  return {
    classifyRun,
    isRunTerminal: (run) => classifyRun(run) === 'terminal',
    isDone: (resource) => {
      const data = resource.state.data;
      if (data === undefined) return false;
      if (resource.key.resource === 'gif') return isFinalGifStatus(String((data as { status: unknown }).status));
      return classOf(resource) === 'terminal';
    },
    isUnknown: (resource) => classOf(resource) === 'unknown',
  };
}

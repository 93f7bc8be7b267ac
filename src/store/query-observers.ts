import type { GifStatus, Page, RunListItem, RunResult, RunStatus, TaskListItem, ToolCall } from '../client';
import type { PollInterval } from './resource';
import { resourceKeyId, resourceKeys, type ResourceKey } from './resource-key';
import type { ResourceSnapshot } from './resource-state';
import type { ObserverDefinition } from './store-observer';

/** What every reading hook returns. */
export interface QueryResult<T> {
  /** The latest data; kept while refetching and after an error. Frozen: do not mutate. */
  readonly data: T | undefined;
  /** The last failure (a `TaskApiError` for service errors), cleared by the next success. */
  readonly error: Error | undefined;
  /** True while enabled and there is neither data nor an error yet. */
  readonly isLoading: boolean;
  /** True while a request is open, including background polls. */
  readonly isFetching: boolean;
  /**
   * Fetches now and resolves with the data (rejects with the error; ignoring the promise is safe).
   * Resumes polling stopped by a refused key (401/403).
   */
  readonly refetch: () => Promise<T>;
}

type Refetch<R extends QueryResult<unknown>> = Pick<R, 'refetch'>;

/** The `QueryResult` fields of one resource's snapshot. */
function queryFields<T>(snapshot: ResourceSnapshot<unknown>, active: boolean, refetch: () => Promise<T>): QueryResult<T> {
  const { data, error, isFetching } = snapshot;
  return { data: data as T | undefined, error, isLoading: active && data === undefined && error === undefined, isFetching, refetch };
}

/** The parts of an observer of one resource: its key, whether it is on, and the interval it is watched at. */
function oneResource<O extends { pollIntervalMs?: unknown }, R extends QueryResult<unknown>>(
  keyOf: (options: O) => ResourceKey,
  isActive: (options: O) => boolean,
  defaultInterval?: PollInterval<unknown>,
): Pick<ObserverDefinition<O, R, Refetch<R>>, 'signature' | 'watches' | 'actions'> {
  return {
    signature: (options) => JSON.stringify([resourceKeyId(keyOf(options)), isActive(options)]),
    watches: (options) =>
      isActive(options)
        ? [{ key: keyOf(options), options: { pollIntervalMs: (options.pollIntervalMs ?? defaultInterval) as PollInterval<unknown> } }]
        : [],
    actions: (store, options) => ({ refetch: () => store().refetch(keyOf(options())) }),
  };
}

/** Whether a run hook's options name a run to read. */
const runIsActive = (options: { enabled?: boolean | undefined; taskId: string }) => options.enabled !== false && options.taskId !== '';

export interface CheckApiKeyOptions {
  /** When false, the key is not checked. Default: true. */
  enabled?: boolean | undefined;
}

const CHECK_KEY = resourceKeys.check();
const checkIsActive = (options: CheckApiKeyOptions) => options.enabled !== false;

/** Whether the service accepts the client's key (`useCheckApiKey`): checked once per store. */
export const checkApiKeyObserver: ObserverDefinition<CheckApiKeyOptions, QueryResult<boolean>, Refetch<QueryResult<boolean>>> = {
  ...oneResource<CheckApiKeyOptions & { pollIntervalMs?: false }, QueryResult<boolean>>(() => CHECK_KEY, checkIsActive, false),
  reads: () => ({ keys: [CHECK_KEY] }),
  select: (store, options, actions) => queryFields(store.getSnapshot(CHECK_KEY), checkIsActive(options), actions.refetch),
};

export interface RunStatusOptions {
  /** The task whose run is watched. An empty string watches nothing. Required. */
  taskId: string;
  /** The run to watch. Default: the most recent run of the task. */
  runId?: string | undefined;
  /**
   * Milliseconds between polls, `false` for no polling, or a function of the latest status returning
   * either. Polling stops once the run is terminal, whatever this says; while its status is one the
   * store does not know, polls wait as long as it has lasted (at least this, at most 30 s). With
   * several components watching one run, the shortest interval wins. Default: the store's
   * `pollIntervalMs.status` (2000).
   */
  pollIntervalMs?: PollInterval<RunStatus> | undefined;
  /** When false, nothing is fetched or polled. Default: true. */
  enabled?: boolean | undefined;
}

export interface RunStatusResult extends QueryResult<RunStatus> {
  /** True once the run is known to be over (see `isTerminalRunStatus`); false for a status the store does not know. */
  readonly isTerminal: boolean;
  /**
   * The tool call waiting for the person's answer: `data.toolCall`, except that a call whose answer
   * the service has accepted is `null` here even while the service still shows it (it lags).
   */
  readonly pendingToolCall: ToolCall | null;
  /**
   * Since when `pendingToolCall` has been waiting, in ms since the epoch: through a
   * `createTaskProxy`, when the proxy first saw it pending (the same in every browser); otherwise
   * when this store (or, with other tabs, the first tab of the origin) did. Undefined without one.
   */
  readonly waitingSince: number | undefined;
}

const statusKey = (options: { taskId: string; runId?: string | undefined }) => resourceKeys.status(options.taskId, options.runId);

/** The status of a run, polled until the run is terminal (`useRunStatus`). */
export const runStatusObserver: ObserverDefinition<RunStatusOptions, RunStatusResult, Refetch<RunStatusResult>> = {
  ...oneResource<RunStatusOptions, RunStatusResult>(statusKey, runIsActive),
  reads: (options) => ({ keys: [statusKey(options)], toolInputsOf: options.taskId }),
  select(store, options, actions) {
    const key = statusKey(options);
    const fields = queryFields(store.getSnapshot(key), runIsActive(options), actions.refetch);
    const toolCall = fields.data?.toolCall ?? null;
    const answered = toolCall !== null && store.getToolInput(key.taskId, toolCall.toolCallId).state === 'submitted';
    return {
      ...fields,
      isTerminal: fields.data !== undefined && store.isRunTerminal(fields.data),
      pendingToolCall: answered ? null : toolCall,
      waitingSince: answered || toolCall === null ? undefined : store.getWaitingSince(key.taskId, toolCall.toolCallId),
    };
  },
};

export interface RunEndOptions<T> {
  /** The task whose run is read. An empty string reads nothing. Required. */
  taskId: string;
  /** The run. Default: the most recent run of the task. */
  runId?: string | undefined;
  /** When false, nothing is fetched or polled. Default: true. */
  enabled?: boolean | undefined;
  /** Milliseconds between polls once the run is terminal, `false` for one fetch, or a function of the latest data. */
  pollIntervalMs?: PollInterval<T> | undefined;
}

export interface RunEndResult<T> extends QueryResult<T> {
  /** True once the run is terminal; the resource is fetched from then on. */
  readonly isTerminal: boolean;
}

/**
 * A resource of a run that is only worth fetching once the run is terminal (its result, its
 * recording). It watches the run status passively to know when, sharing that poll with every other
 * watcher of the run and never speeding it up, then watches the resource itself. While waiting,
 * `error` carries a failure of the status poll, so a broken poll is not mistaken for a long run.
 */
function runEndObserver<T>(
  resource: 'result' | 'gif',
  defaultInterval: PollInterval<T> | undefined,
): ObserverDefinition<RunEndOptions<T>, RunEndResult<T>, Refetch<RunEndResult<T>>> {
  const ownKey = (options: RunEndOptions<T>) => resourceKeys[resource](options.taskId, options.runId);
  const own = oneResource<RunEndOptions<T>, RunEndResult<T>>(ownKey, runIsActive, defaultInterval as PollInterval<unknown>);
  return {
    ...own,
    reads: (options) => ({ keys: [statusKey(options), ownKey(options)] }),
    watches: (options, result, store) =>
      runIsActive(options)
        ? [{ key: statusKey(options), options: { passive: true } }, ...(result.isTerminal ? own.watches(options, result, store) : [])]
        : [],
    select(store, options, actions) {
      const status = store.getSnapshot(statusKey(options));
      const fields = queryFields(store.getSnapshot(ownKey(options)), runIsActive(options), actions.refetch);
      const waiting = fields.data === undefined ? status.error : undefined;
      return {
        ...fields,
        error: fields.error ?? waiting,
        isLoading: fields.isLoading && status.error === undefined,
        isTerminal: status.data !== undefined && store.isRunTerminal(status.data),
      };
    },
  };
}

/** The result of a run, fetched once when the run is terminal (`useRunResult`). */
export const runResultObserver = /* @__PURE__ */ runEndObserver<RunResult>('result', false);

/** The recorded GIF of a run, polled from the run's end until final (`useRunGif`). */
export const runGifObserver = /* @__PURE__ */ runEndObserver<GifStatus>('gif', undefined);

/** What the list observers have in common. */
interface PageOptions<T> {
  /** Page number, from 1. Default: 1. */
  page?: number | undefined;
  /** Items per page, 1 to 30; larger values are sent as 30, the service's maximum. Default: 30. */
  limit?: number | undefined;
  /** Milliseconds between polls, `false` for none, or a function of the latest page. Default: `false` (fetched once; `refetch` to refresh). */
  pollIntervalMs?: PollInterval<Page<T>> | undefined;
  /** When false, nothing is fetched. Default: true. */
  enabled?: boolean | undefined;
}

export type TasksOptions = PageOptions<TaskListItem>;

export interface RunsOptions extends PageOptions<RunListItem> {
  /** The task whose runs are listed. An empty string lists nothing. Required. */
  taskId: string;
}

export interface PageQueryResult<T> extends QueryResult<Page<T>> {
  /** True while `data` is the previous page, shown until the requested one arrives. */
  readonly isPlaceholderData: boolean;
}

/** The page an observer showed last, and of which list. */
interface ShownPage<T> {
  scope: string | undefined;
  data: Page<T> | undefined;
}

/**
 * One page of a list. `scope` names the list (the tasks, one task's runs): while another page of
 * the same list loads, the page shown last stays in `data`.
 */
function pageObserver<O extends PageOptions<T>, T>(
  keyOf: (options: O) => ResourceKey,
  scopeOf: (options: O) => string,
  isActive: (options: O) => boolean,
): ObserverDefinition<O, PageQueryResult<T>, Refetch<PageQueryResult<T>>, ShownPage<T>> {
  return {
    ...oneResource<O, PageQueryResult<T>>(keyOf, isActive),
    reads: (options) => ({ keys: [keyOf(options)] }),
    memory: () => ({ scope: undefined, data: undefined }),
    select(store, options, actions, shown) {
      const fields = queryFields(store.getSnapshot(keyOf(options)), isActive(options), actions.refetch);
      const scope = scopeOf(options);
      // Remembered as it is read, so the page shown last is the one kept while the next loads.
      if (fields.data !== undefined) Object.assign(shown, { scope, data: fields.data });
      const placeholder = fields.isLoading && shown.scope === scope ? shown.data : undefined;
      return {
        ...fields,
        data: fields.data ?? placeholder,
        isLoading: fields.isLoading && placeholder === undefined,
        isPlaceholderData: placeholder !== undefined,
      };
    },
  };
}

/** One page of the task list (`useTasks`). */
export const tasksObserver = /* @__PURE__ */ pageObserver<TasksOptions, TaskListItem>(
  (options) => resourceKeys.tasksPage(options.page, options.limit),
  () => 'tasks',
  (options) => options.enabled !== false,
);

/** One page of a task's runs (`useRuns`). */
export const runsObserver = /* @__PURE__ */ pageObserver<RunsOptions, RunListItem>(
  (options) => resourceKeys.runsPage(options.taskId, options.page, options.limit),
  (options) => `runs:${options.taskId}`,
  runIsActive,
);

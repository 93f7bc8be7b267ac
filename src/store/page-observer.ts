import type { Page, RunListItem, TaskListItem } from '../client';
import type { PollInterval } from './resource';
import { resourceKeys, type RunsPageKey, type TasksPageKey } from './resource-key';
import type { QueryResult } from './query-result';
import type { ObserverDefinition } from './store-observer';

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
  keyOf: (options: O) => TasksPageKey | RunsPageKey,
  scopeOf: (options: O) => string,
  isActive: (options: O) => boolean,
): ObserverDefinition<O, PageQueryResult<T>, Pick<PageQueryResult<T>, 'refetch'>, ShownPage<T>> {
  return {
    signature: (options) => JSON.stringify([scopeOf(options), keyOf(options).page, keyOf(options).limit, isActive(options)]),
    reads: (options) => ({ keys: [keyOf(options)] }),
    watches: (options) =>
      isActive(options) ? [{ key: keyOf(options), options: { pollIntervalMs: options.pollIntervalMs as PollInterval<unknown> } }] : [],
    memory: () => ({ scope: undefined, data: undefined }),
    actions: (store, options) => ({ refetch: () => store().refetch(keyOf(options())) as Promise<Page<T>> }),
    select(store, options, actions, shown) {
      const snapshot = store.getSnapshot(keyOf(options));
      const data = snapshot.data as Page<T> | undefined;
      const active = isActive(options);
      const scope = scopeOf(options);
      // Remembered as it is read, so the page shown last is the one kept while the next loads.
      if (data !== undefined) {
        shown.scope = scope;
        shown.data = data;
      }
      const placeholder = data === undefined && snapshot.error === undefined && active && shown.scope === scope ? shown.data : undefined;
      return {
        data: data ?? placeholder,
        error: snapshot.error,
        isLoading: active && data === undefined && placeholder === undefined && snapshot.error === undefined,
        isFetching: snapshot.isFetching,
        isPlaceholderData: placeholder !== undefined,
        refetch: actions.refetch,
      };
    },
    initial: (options, actions) => ({
      data: undefined,
      error: undefined,
      isLoading: isActive(options),
      isFetching: false,
      isPlaceholderData: false,
      refetch: actions.refetch,
    }),
  };
}

/** One page of the task list (`useTasks`). */
export const tasksObserver = pageObserver<TasksOptions, TaskListItem>(
  (options) => resourceKeys.tasksPage(options.page, options.limit),
  () => 'tasks',
  (options) => options.enabled !== false,
);

/** One page of a task's runs (`useRuns`). */
export const runsObserver = pageObserver<RunsOptions, RunListItem>(
  (options) => resourceKeys.runsPage(options.taskId, options.page, options.limit),
  (options) => `runs:${options.taskId}`,
  (options) => options.enabled !== false && options.taskId !== '',
);

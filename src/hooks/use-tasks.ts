import type { TaskClient, TaskListItem } from '../client';
import { tasksObserver, type PageQueryResult, type TasksOptions } from '../store';
import { useRunStore } from './use-run-store';
import { useStoreObserver } from './use-store-observer';

export type UseTasksOptions = TasksOptions;

/**
 * One page of the task list, with `total`, `page` and `limit`. The previous page stays in `data`
 * while the next one loads.
 *
 * @param options `page`, `limit`, `pollIntervalMs`, `enabled`. Default: the first page of 30, fetched once.
 * @param client The client to use. Default: the one from `<TaskClientProvider>`.
 */
export function useTasks(options: UseTasksOptions = {}, client?: TaskClient): PageQueryResult<TaskListItem> {
  return useStoreObserver(tasksObserver, useRunStore(client), options);
}

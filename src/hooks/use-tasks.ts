import { useMemo } from 'react';
import type { Page, TaskClient, TaskListItem } from '../client/types';
import { resourceKeys } from '../store/resource-key';
import type { PollInterval } from '../store/run-store';
import { usePageQuery, type PageQueryResult } from './use-page-query';
import { useRunStore } from './use-run-store';

export interface UseTasksOptions {
  /** Page number, from 1. Default: 1. */
  page?: number;
  /** Items per page, 1 to 30; larger values are sent as 30, the service's maximum. Default: 30. */
  limit?: number;
  /** Milliseconds between polls, `false` for none, or a function of the latest page. Default: `false` (fetched once; `refetch` to refresh). */
  pollIntervalMs?: PollInterval<Page<TaskListItem>>;
  /** When false, nothing is fetched. Default: true. */
  enabled?: boolean;
}

/** One page of the task list, with `total`, `page` and `limit`. The previous page stays in `data` while the next one loads. */
export function useTasks(options: UseTasksOptions = {}, client?: TaskClient): PageQueryResult<TaskListItem> {
  const { page, limit, pollIntervalMs, enabled = true } = options;
  const store = useRunStore(client);
  const key = useMemo(() => resourceKeys.tasksPage(page, limit), [page, limit]);
  return usePageQuery<typeof key, TaskListItem>(store, key, 'tasks', enabled, pollIntervalMs);
}

import { useMemo } from 'react';
import type { Page, RunListItem, TaskClient } from '../client/types';
import { resourceKeys } from '../store/resource-key';
import type { PollInterval } from '../store/run-store';
import { usePageQuery, type PageQueryResult } from './use-page-query';
import { useRunStore } from './use-run-store';

export interface UseRunsOptions {
  /** Page number, from 1. Default: 1. */
  page?: number;
  /** Items per page, 1 to 30; larger values are sent as 30, the service's maximum. Default: 30. */
  limit?: number;
  /** Milliseconds between polls, `false` for none, or a function of the latest page. Default: `false` (fetched once; `refetch` to refresh). */
  pollIntervalMs?: PollInterval<Page<RunListItem>>;
  /** When false, nothing is fetched. An empty `taskId` counts as false. Default: true. */
  enabled?: boolean;
}

/** One page of a task's runs, with `total`, `page` and `limit`. The previous page of the same task stays in `data` while the next one loads. */
export function useRuns(taskId: string, options: UseRunsOptions = {}, client?: TaskClient): PageQueryResult<RunListItem> {
  const { page, limit, pollIntervalMs, enabled = true } = options;
  const store = useRunStore(client);
  const key = useMemo(() => resourceKeys.runsPage(taskId, page, limit), [taskId, page, limit]);
  return usePageQuery<typeof key, RunListItem>(store, key, `runs:${taskId}`, enabled && taskId !== '', pollIntervalMs);
}

import type { RunListItem, TaskClient } from '../client';
import { runsObserver, type PageQueryResult, type RunsOptions } from '../store';
import { useRunStore } from './use-run-store';
import { useStoreObserver } from './use-store-observer';

export type UseRunsOptions = RunsOptions;

/**
 * One page of a task's runs, with `total`, `page` and `limit`. The previous page of the same task
 * stays in `data` while the next one loads.
 *
 * @param options `taskId` (required), `page`, `limit`, `pollIntervalMs`, `enabled`.
 * @param client The client to use. Default: the one from `<TaskClientProvider>`.
 */
export function useRuns(options: UseRunsOptions, client?: TaskClient): PageQueryResult<RunListItem> {
  return useStoreObserver(runsObserver, useRunStore(client), options);
}

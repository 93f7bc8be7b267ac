import type { RunResult, TaskClient } from '../client';
import { runResultObserver, type RunEndOptions, type RunEndResult } from '../store';
import { useRunStore } from './use-run-store';
import { useStoreObserver } from './use-store-observer';

export type UseRunResultOptions = Omit<RunEndOptions<RunResult>, 'pollIntervalMs'>;
export type UseRunResultResult = RunEndResult<RunResult>;

/**
 * The result of a run, fetched once when the run is terminal (or on demand with `refetch`). It
 * watches the run status to know when, sharing that poll with every other watcher of the run.
 * While waiting, `error` carries a failure of the status poll, so a broken poll is not mistaken for
 * a long run.
 *
 * @param options `taskId` (required), `runId`, `enabled`.
 * @param client The client to use. Default: the one from `<TaskClientProvider>`.
 */
export function useRunResult(options: UseRunResultOptions, client?: TaskClient): UseRunResultResult {
  return useStoreObserver(runResultObserver, useRunStore(client), options);
}

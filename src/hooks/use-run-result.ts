import type { RunResult, TaskClient } from '../client/types';
import type { QueryResult } from './query-result';
import { useRunEndResource } from './use-run-end-resource';

export interface UseRunResultOptions {
  /** The run. Default: the most recent run of the task. */
  runId?: string;
  /** When false, nothing is fetched or polled. An empty `taskId` counts as false. Default: true. */
  enabled?: boolean;
}

export interface UseRunResultResult extends QueryResult<RunResult> {
  /** True once the run is terminal; the result is fetched then. */
  readonly isTerminal: boolean;
}

/**
 * The result of a run, fetched once when the run is terminal (or on demand with `refetch`). It
 * watches the run status to know when, sharing that poll with every other watcher of the run.
 * While waiting, `error` carries a failure of the status poll, so a broken poll is not mistaken for
 * a long run.
 */
export function useRunResult(taskId: string, options: UseRunResultOptions = {}, client?: TaskClient): UseRunResultResult {
  const { runId, enabled = true } = options;
  return useRunEndResource('result', taskId, runId, enabled, false, client);
}

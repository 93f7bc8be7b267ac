import { useCallback, useMemo } from 'react';
import type { RunResult, TaskClient } from '../client/types';
import { resourceKeys } from '../store/resource-key';
import type { QueryResult } from './query-result';
import { useRunStore } from './use-run-store';
import { useTrackedSelector } from './use-tracked-selector';
import { useWatch } from './use-watch';

/** The hook starts its own fetch when the run turns terminal, so it must re-render then. */
const OWN_FIELDS = ['isTerminal'] as const;

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
  const store = useRunStore(client);
  const statusKey = useMemo(() => resourceKeys.status(taskId, runId), [taskId, runId]);
  const resultKey = useMemo(() => resourceKeys.result(taskId, runId), [taskId, runId]);
  const active = enabled && taskId !== '';
  // Passive: this watch only notices the end of the run, and must not speed up the viewer's own interval.
  useWatch(store, statusKey, active, undefined, true);

  const subscribe = useCallback(
    (onChange: () => void) => {
      const offStatus = store.subscribe(statusKey, onChange);
      const offResult = store.subscribe(resultKey, onChange);
      return () => {
        offStatus();
        offResult();
      };
    },
    [store, statusKey, resultKey],
  );
  const select = () => {
    const status = store.getSnapshot(statusKey);
    const result = store.getSnapshot(resultKey);
    return {
      data: result.data,
      error: result.error ?? (result.data === undefined ? status.error : undefined),
      isLoading: active && result.data === undefined && result.error === undefined && status.error === undefined,
      isFetching: result.isFetching,
      isTerminal: status.data !== undefined && store.isRunTerminal(status.data),
    };
  };
  const server = useMemo(() => ({ data: undefined, error: undefined, isLoading: active, isFetching: false, isTerminal: false }), [active]);
  const refetch = useCallback(() => store.refetch(resultKey), [store, resultKey]);
  const extras = useMemo(() => ({ refetch }), [refetch]);
  const { result, state } = useTrackedSelector(subscribe, select, server, extras, OWN_FIELDS);
  useWatch(store, resultKey, active && state.isTerminal, false);
  return result;
}

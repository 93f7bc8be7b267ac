import { useCallback, useMemo } from 'react';
import type { RunStatus, TaskClient, ToolCall } from '../client/types';
import { resourceKeys } from '../store/resource-key';
import type { PollInterval } from '../store/run-store';
import type { QueryResult } from './query-result';
import { useRunStore } from './use-run-store';
import { useTrackedSelector } from './use-tracked-selector';
import { useWatch } from './use-watch';

export interface UseRunStatusOptions {
  /** The run to watch. Default: the most recent run of the task. */
  runId?: string;
  /**
   * Milliseconds between polls, `false` for no polling, or a function of the latest status returning
   * either. Polling stops once the run is terminal, whatever this says. With several components
   * watching one run, the shortest interval wins. Default: the store's `statusIntervalMs` (2000).
   */
  pollIntervalMs?: PollInterval<RunStatus>;
  /** When false, nothing is fetched or polled. An empty `taskId` counts as false. Default: true. */
  enabled?: boolean;
}

export interface UseRunStatusResult extends QueryResult<RunStatus> {
  /** True once the run will not change any more (see `isTerminalRunStatus`). */
  readonly isTerminal: boolean;
  /**
   * The tool call waiting for the person's answer: `data.toolCall`, except that a call whose answer
   * the service has accepted is `null` here even while the service still shows it (it lags).
   */
  readonly pendingToolCall: ToolCall | null;
}

/** The status of a run, polled until the run is terminal. One request per interval however many components watch it. */
export function useRunStatus(taskId: string, options: UseRunStatusOptions = {}, client?: TaskClient): UseRunStatusResult {
  const { runId, pollIntervalMs, enabled = true } = options;
  const store = useRunStore(client);
  const key = useMemo(() => resourceKeys.status(taskId, runId), [taskId, runId]);
  const active = enabled && taskId !== '';
  useWatch(store, key, active, pollIntervalMs);

  const subscribe = useCallback(
    (onChange: () => void) => {
      const offStatus = store.subscribe(key, onChange);
      const offAnswers = store.subscribeToolInputs(key.taskId, onChange);
      return () => {
        offStatus();
        offAnswers();
      };
    },
    [store, key],
  );
  const select = () => {
    const snapshot = store.getSnapshot(key);
    const data = snapshot.data;
    const toolCall = data?.toolCall ?? null;
    const answered = toolCall !== null && store.getToolInput(key.taskId, toolCall.toolCallId).state === 'submitted';
    return {
      data,
      error: snapshot.error,
      isLoading: active && data === undefined && snapshot.error === undefined,
      isFetching: snapshot.isFetching,
      isTerminal: data !== undefined && store.isRunTerminal(data),
      pendingToolCall: answered ? null : toolCall,
    };
  };
  const server = useMemo(
    () => ({ data: undefined, error: undefined, isLoading: active, isFetching: false, isTerminal: false, pendingToolCall: null }),
    [active],
  );
  const refetch = useCallback(() => store.refetch(key), [store, key]);
  const extras = useMemo(() => ({ refetch }), [refetch]);
  return useTrackedSelector(subscribe, select, server, extras).result;
}

import { useCallback, useMemo } from 'react';
import type { TaskClient } from '../client/types';
import { resourceKeys, type ResourceData, type ResourceKey } from '../store/resource-key';
import type { PollInterval } from '../store/run-store';
import type { QueryResult } from './query-result';
import { useRunStore } from './use-run-store';
import { useTrackedSelector } from './use-tracked-selector';
import { useWatch } from './use-watch';

type RunEndKey<R> = Extract<ResourceKey, { resource: R }>;

/** The hook starts its own fetch when the run turns terminal, so it must re-render then. */
const OWN_FIELDS = ['isTerminal'] as const;

/**
 * Shared body of `useRunResult` and `useRunGif`: a resource of a run that is only worth fetching
 * once the run is terminal. It watches the run status passively to know when, sharing that poll
 * with every other watcher of the run, then watches `resource` at `intervalMs`. While waiting,
 * `error` carries a failure of the status poll, so a broken poll is not mistaken for a long run.
 */
export function useRunEndResource<R extends 'result' | 'gif'>(
  resource: R,
  taskId: string,
  runId: string | undefined,
  enabled: boolean,
  intervalMs: PollInterval<ResourceData<RunEndKey<R>>> | undefined,
  client: TaskClient | undefined,
): QueryResult<ResourceData<RunEndKey<R>>> & { readonly isTerminal: boolean } {
  const store = useRunStore(client);
  const statusKey = useMemo(() => resourceKeys.status(taskId, runId), [taskId, runId]);
  const key = useMemo(() => resourceKeys[resource](taskId, runId) as RunEndKey<R>, [resource, taskId, runId]);
  const active = enabled && taskId !== '';
  // Passive: this watch only notices the end of the run, and must not speed up the viewer's own interval.
  useWatch(store, statusKey, active, undefined, true);

  const subscribe = useCallback(
    (onChange: () => void) => {
      const offStatus = store.subscribe(statusKey, onChange);
      const offResource = store.subscribe(key, onChange);
      return () => {
        offStatus();
        offResource();
      };
    },
    [store, statusKey, key],
  );
  const select = () => {
    const status = store.getSnapshot(statusKey);
    const own = store.getSnapshot(key);
    return {
      data: own.data,
      error: own.error ?? (own.data === undefined ? status.error : undefined),
      isLoading: active && own.data === undefined && own.error === undefined && status.error === undefined,
      isFetching: own.isFetching,
      isTerminal: status.data !== undefined && store.isRunTerminal(status.data),
    };
  };
  const server = useMemo(() => ({ data: undefined, error: undefined, isLoading: active, isFetching: false, isTerminal: false }), [active]);
  const refetch = useCallback(() => store.refetch(key), [store, key]);
  const extras = useMemo(() => ({ refetch }), [refetch]);
  const { result, state } = useTrackedSelector(subscribe, select, server, extras, OWN_FIELDS);
  useWatch(store, key, active && state.isTerminal, intervalMs);
  return result;
}

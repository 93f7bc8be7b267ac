import { useCallback, useMemo, useRef } from 'react';
import type { Page } from '../client/types';
import type { ResourceData, RunsPageKey, TasksPageKey } from '../store/resource-key';
import type { PollInterval, RunStore } from '../store/run-store';
import type { QueryResult } from './query-result';
import { useTrackedSelector } from './use-tracked-selector';
import { useWatch } from './use-watch';

export interface PageQueryResult<T> extends QueryResult<Page<T>> {
  /** True while `data` is the previous page, shown until the requested one arrives. */
  readonly isPlaceholderData: boolean;
}

/**
 * Shared body of `useTasks` and `useRuns`. `scope` names the list (a task's runs, the tasks): the
 * previous page is only shown in place of another page of the same list.
 */
export function usePageQuery<K extends TasksPageKey | RunsPageKey, T>(
  store: RunStore,
  key: K,
  scope: string,
  enabled: boolean,
  pollIntervalMs: PollInterval<ResourceData<K>> | undefined,
): PageQueryResult<T> {
  useWatch(store, key, enabled, pollIntervalMs);
  const previous = useRef<{ scope: string; data: Page<T> } | undefined>(undefined);

  const subscribe = useCallback((onChange: () => void) => store.subscribe(key, onChange), [store, key]);
  const select = () => {
    const snapshot = store.getSnapshot(key);
    const data = snapshot.data as Page<T> | undefined;
    // Remembered as it is read, so the page shown last is the one kept while the next loads.
    if (data !== undefined) previous.current = { scope, data };
    const placeholder =
      data === undefined && snapshot.error === undefined && enabled && previous.current?.scope === scope
        ? previous.current.data
        : undefined;
    return {
      data: data ?? placeholder,
      error: snapshot.error,
      isLoading: enabled && data === undefined && placeholder === undefined && snapshot.error === undefined,
      isFetching: snapshot.isFetching,
      isPlaceholderData: placeholder !== undefined,
    };
  };
  const server = useMemo(
    () => ({ data: undefined, error: undefined, isLoading: enabled, isFetching: false, isPlaceholderData: false }),
    [enabled],
  );
  const refetch = useCallback(() => store.refetch(key) as Promise<Page<T>>, [store, key]);
  const extras = useMemo(() => ({ refetch }), [refetch]);
  return useTrackedSelector(subscribe, select, server, extras).result;
}

import { useCallback, useMemo } from 'react';
import type { TaskClient } from '../client/types';
import { resourceKeys } from '../store/resource-key';
import type { QueryResult } from './query-result';
import { useRunStore } from './use-run-store';
import { useTrackedSelector } from './use-tracked-selector';
import { useWatch } from './use-watch';

export interface UseCheckApiKeyOptions {
  /** When false, the key is not checked. Default: true. */
  enabled?: boolean;
}

/**
 * Whether the service accepts the client's key: `data` is `true`, `false` (refused), or `undefined`
 * until known. Checked once per store; `refetch` checks again. A network failure is an `error`,
 * not `false`.
 */
export function useCheckApiKey(options: UseCheckApiKeyOptions = {}, client?: TaskClient): QueryResult<boolean> {
  const { enabled = true } = options;
  const store = useRunStore(client);
  const key = useMemo(() => resourceKeys.check(), []);
  useWatch(store, key, enabled, false);
  const subscribe = useCallback((onChange: () => void) => store.subscribe(key, onChange), [store, key]);
  const select = () => {
    const snapshot = store.getSnapshot(key);
    return {
      data: snapshot.data,
      error: snapshot.error,
      isLoading: enabled && snapshot.data === undefined && snapshot.error === undefined,
      isFetching: snapshot.isFetching,
    };
  };
  const server = useMemo(() => ({ data: undefined, error: undefined, isLoading: enabled, isFetching: false }), [enabled]);
  const refetch = useCallback(() => store.refetch(key), [store, key]);
  const extras = useMemo(() => ({ refetch }), [refetch]);
  return useTrackedSelector(subscribe, select, server, extras).result;
}

import { resourceKeys } from './resource-key';
import type { QueryResult } from './query-result';
import type { ObserverDefinition } from './store-observer';

export interface CheckApiKeyOptions {
  /** When false, the key is not checked. Default: true. */
  enabled?: boolean | undefined;
}

const KEY = resourceKeys.check();
const isActive = (options: CheckApiKeyOptions) => options.enabled !== false;

/** Whether the service accepts the client's key (`useCheckApiKey`): checked once per store. */
export const checkApiKeyObserver: ObserverDefinition<CheckApiKeyOptions, QueryResult<boolean>, Pick<QueryResult<boolean>, 'refetch'>> = {
  signature: (options) => String(isActive(options)),
  reads: () => ({ keys: [KEY] }),
  watches: (options) => (isActive(options) ? [{ key: KEY, options: { pollIntervalMs: false } }] : []),
  memory: () => undefined,
  actions: (store) => ({ refetch: () => store().refetch(KEY) }),
  select(store, options, actions) {
    const snapshot = store.getSnapshot(KEY);
    return {
      data: snapshot.data,
      error: snapshot.error,
      isLoading: isActive(options) && snapshot.data === undefined && snapshot.error === undefined,
      isFetching: snapshot.isFetching,
      refetch: actions.refetch,
    };
  },
  initial: (options, actions) => ({
    data: undefined,
    error: undefined,
    isLoading: isActive(options),
    isFetching: false,
    refetch: actions.refetch,
  }),
};

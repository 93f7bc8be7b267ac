import type { TaskClient } from '../client';
import { checkApiKeyObserver, type CheckApiKeyOptions, type QueryResult } from '../store';
import { useRunStore } from './use-run-store';
import { useStoreObserver } from './use-store-observer';

export type UseCheckApiKeyOptions = CheckApiKeyOptions;

/**
 * Whether the service accepts the client's key: `data` is `true`, `false` (refused), or `undefined`
 * until known. Checked once per store; `refetch` checks again. A network failure is an `error`,
 * not `false`.
 *
 * @param options `enabled`.
 * @param client The client to use. Default: the one from `<TaskClientProvider>`.
 */
export function useCheckApiKey(options: UseCheckApiKeyOptions = {}, client?: TaskClient): QueryResult<boolean> {
  return useStoreObserver(checkApiKeyObserver, useRunStore(client), options);
}

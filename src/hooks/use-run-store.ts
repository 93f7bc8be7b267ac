import { useContext } from 'react';
import type { TaskClient } from '../client/types';
import { MISSING_TASK_CLIENT_MESSAGE, TaskClientContext } from '../components/task-client-provider/task-client-context';
import { getRunStore, type RunStore } from '../store/run-store';

/**
 * The polling store of the client in use (see `useTaskClient`): the provider's `store` when it
 * belongs to that client, else the client's shared store.
 */
export function useRunStore(client?: TaskClient): RunStore {
  const context = useContext(TaskClientContext);
  const resolved = client ?? context?.client;
  if (resolved === undefined) throw new Error(MISSING_TASK_CLIENT_MESSAGE);
  const provided = context?.store;
  // Made on first use, without touching the network: creating a store starts no timer and no request.
  return provided !== undefined && provided.client === resolved ? provided : getRunStore(resolved);
}

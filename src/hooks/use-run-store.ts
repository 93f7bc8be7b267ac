import { useContext } from 'react';
import type { TaskClient } from '../client';
import { TaskClientContext } from '../context';
import { getSharedStore, type RunStore } from '../store';
import { useTaskClient } from './use-task-client';

/**
 * The polling store of the client in use (see `useTaskClient`): the provider's `store` when it
 * belongs to that client, else the client's shared store.
 */
export function useRunStore(client?: TaskClient): RunStore {
  const resolved = useTaskClient(client);
  const provided = useContext(TaskClientContext)?.store;
  // Made on first use, without touching the network: creating a store starts no timer and no request.
  return provided !== undefined && provided.client === resolved ? provided : getSharedStore(resolved);
}

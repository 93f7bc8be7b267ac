import { useMemo, type ReactNode } from 'react';
import type { TaskClient } from '../client';
import type { RunStore } from '../store';
import { TaskClientContext, type TaskClientContextValue } from './task-client-context';

export interface TaskClientProviderProps {
  /** The client every hook below uses, unless a hook is given its own. Required. */
  client: TaskClient;
  /**
   * The polling store to use; it must have been made for `client` (`createRunStore(client, options)`).
   * Default: `getRunStore(client)`, the one store shared by everything that uses this client.
   */
  store?: RunStore;
  children?: ReactNode;
}

/** Makes a task client (and its polling store) available to every hook below it. */
export function TaskClientProvider({ client, store, children }: TaskClientProviderProps) {
  if (client === undefined || client === null) {
    throw new Error('hitl-react: <TaskClientProvider> needs a `client` prop, for example client={createTaskClient({ baseUrl })}.');
  }
  if (store !== undefined && store.client !== client) {
    throw new Error(
      'hitl-react: the `store` given to <TaskClientProvider> was made for another client. Use createRunStore(client, options) with the same client.',
    );
  }
  const value = useMemo<TaskClientContextValue>(() => ({ client, store }), [client, store]);
  return <TaskClientContext.Provider value={value}>{children}</TaskClientContext.Provider>;
}

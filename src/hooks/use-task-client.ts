import { useContext } from 'react';
import type { TaskClient } from '../client';
import { MISSING_TASK_CLIENT_MESSAGE, TaskClientContext } from '../context';

/**
 * The task client: `client` when given (it wins over the context), else the one from the nearest
 * `<TaskClientProvider>`. Throws, saying how to fix it, when there is neither.
 */
export function useTaskClient(client?: TaskClient): TaskClient {
  const context = useContext(TaskClientContext);
  const resolved = client ?? context?.client;
  if (resolved === undefined) throw new Error(MISSING_TASK_CLIENT_MESSAGE);
  return resolved;
}

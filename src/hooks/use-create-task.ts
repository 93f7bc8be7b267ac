import type { CreateTaskRequest, TaskClient } from '../client';
import type { MutationOptions, MutationResult } from '../store';
import { useMutation } from './use-mutation';
import { useRunStore } from './use-run-store';

export type UseCreateTaskOptions = MutationOptions<{ taskId: string }, CreateTaskRequest>;

/** Creates a task (`mutate({ task, agent, tools })`); task lists in use are refreshed afterwards. */
export function useCreateTask(
  options: UseCreateTaskOptions = {},
  client?: TaskClient,
): MutationResult<{ taskId: string }, CreateTaskRequest> {
  const store = useRunStore(client);
  return useMutation((body: CreateTaskRequest) => store.createTask(body), options);
}

import type { TaskClient } from '../client';
import type { MutationOptions, MutationResult } from '../store';
import { useMutation } from './use-mutation';
import { useRunStore } from './use-run-store';

/** Variables of `useStopTask().mutate`. */
export interface StopTaskVariables {
  taskId: string;
}

export type UseStopTaskOptions = MutationOptions<void, StopTaskVariables>;

/** Stops a task (`mutate({ taskId })`); its run statuses, its run lists and the task lists in use are refetched afterwards. */
export function useStopTask(options: UseStopTaskOptions = {}, client?: TaskClient): MutationResult<void, StopTaskVariables> {
  const store = useRunStore(client);
  return useMutation(({ taskId }: StopTaskVariables) => store.stopTask(taskId), options);
}

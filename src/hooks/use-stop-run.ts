import type { TaskClient } from '../client';
import type { MutationOptions, MutationResult } from '../store';
import { useMutation } from './use-mutation';
import { useRunStore } from './use-run-store';

/** Variables of `useStopRun().mutate`. */
export interface StopRunVariables {
  taskId: string;
  /** The run to stop. Default: the most recent run of the task. */
  runId?: string;
}

export type UseStopRunOptions = MutationOptions<void, StopRunVariables>;

/** Stops a run (`mutate({ taskId, runId })`); the task's run statuses are refetched at once afterwards. */
export function useStopRun(options: UseStopRunOptions = {}, client?: TaskClient): MutationResult<void, StopRunVariables> {
  const store = useRunStore(client);
  return useMutation(({ taskId, runId }: StopRunVariables) => store.stopRun(taskId, runId === undefined ? {} : { runId }), options);
}

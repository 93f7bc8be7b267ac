import type { TaskClient } from '../client';
import { toolInputObserver, type ToolInputOptions, type ToolInputResult } from '../store';
import { useRunStore } from './use-run-store';
import { useStoreObserver } from './use-store-observer';

export type UseToolInputOptions = ToolInputOptions;
export type UseToolInputResult = ToolInputResult;

/**
 * Sends the person's answer to a run's pending tool call, exactly once.
 *
 * @param options `taskId` (required), `runId`.
 * @param client The client to use. Default: the one from `<TaskClientProvider>`.
 */
export function useToolInput(options: UseToolInputOptions, client?: TaskClient): UseToolInputResult {
  return useStoreObserver(toolInputObserver, useRunStore(client), options);
}

import type { TaskClient } from '../client';
import { toolInputObserver, type ToolInputOptions, type ToolInputResult } from '../store';
import { useRunStore } from './use-run-store';
import { useStoreObserver } from './use-store-observer';

export type UseToolInputOptions = ToolInputOptions;
export type UseToolInputResult = ToolInputResult;

/**
 * Sends the person's answer to a run's pending tool call, exactly once. Each answer carries its own
 * `Idempotency-Key`, the same on every retry of it. When a proxy cannot tell whether an answer was
 * applied (`inDoubt`), only `retry()` may send (the same answer) until the run's status settles it.
 *
 * @param options `taskId` (required), `runId`.
 * @param client The client to use. Default: the one from `<TaskClientProvider>`.
 */
export function useToolInput(options: UseToolInputOptions, client?: TaskClient): UseToolInputResult {
  return useStoreObserver(toolInputObserver, useRunStore(client), options);
}

import type { TaskClient } from '../client';
import { runStatusObserver, type RunStatusOptions, type RunStatusResult } from '../store';
import { useRunStore } from './use-run-store';
import { useStoreObserver } from './use-store-observer';

export type UseRunStatusOptions = RunStatusOptions;
export type UseRunStatusResult = RunStatusResult;

/**
 * The status of a run, polled until the run is terminal. One request per interval however many
 * components watch it.
 *
 * @param options `taskId` (required), `runId`, `pollIntervalMs`, `enabled`.
 * @param client The client to use. Default: the one from `<TaskClientProvider>`.
 */
export function useRunStatus(options: UseRunStatusOptions, client?: TaskClient): UseRunStatusResult {
  return useStoreObserver(runStatusObserver, useRunStore(client), options);
}

import type { GifStatus, TaskClient } from '../client';
import { runGifObserver, type RunEndOptions, type RunEndResult } from '../store';
import { useRunStore } from './use-run-store';
import { useStoreObserver } from './use-store-observer';

/** `pollIntervalMs` defaults to the store's `pollIntervalMs.gif` (3000); polling stops at a final status (see `FINAL_GIF_STATUSES`). */
export type UseRunGifOptions = RunEndOptions<GifStatus>;
export type UseRunGifResult = RunEndResult<GifStatus>;

/**
 * The recorded GIF of a run. Polling starts once the run is terminal: the recording cannot be
 * complete before the run ends, so polling earlier would only cost requests. It watches the run
 * status to know when.
 *
 * @param options `taskId` (required), `runId`, `pollIntervalMs`, `enabled`.
 * @param client The client to use. Default: the one from `<TaskClientProvider>`.
 */
export function useRunGif(options: UseRunGifOptions, client?: TaskClient): UseRunGifResult {
  return useStoreObserver(runGifObserver, useRunStore(client), options);
}

import type { GifStatus, TaskClient } from '../client/types';
import type { PollInterval } from '../store/run-store';
import type { QueryResult } from './query-result';
import { useRunEndResource } from './use-run-end-resource';

export interface UseRunGifOptions {
  /** The run. Default: the most recent run of the task. */
  runId?: string;
  /**
   * Milliseconds between polls of the GIF status, `false` for a single fetch, or a function of the
   * latest GIF status. Polling stops at `completed` (or a failure, see `FINAL_GIF_STATUSES`).
   * Default: the store's `gifIntervalMs` (3000).
   */
  pollIntervalMs?: PollInterval<GifStatus>;
  /** When false, nothing is fetched or polled. An empty `taskId` counts as false. Default: true. */
  enabled?: boolean;
}

export interface UseRunGifResult extends QueryResult<GifStatus> {
  /** True once the run is terminal; the GIF is polled from then on. */
  readonly isTerminal: boolean;
}

/**
 * The recorded GIF of a run. Polling starts once the run is terminal: the recording cannot be
 * complete before the run ends, so polling earlier would only cost requests. It watches the run
 * status to know when.
 */
export function useRunGif(taskId: string, options: UseRunGifOptions = {}, client?: TaskClient): UseRunGifResult {
  const { runId, pollIntervalMs, enabled = true } = options;
  return useRunEndResource('gif', taskId, runId, enabled, pollIntervalMs, client);
}

import { useCallback, useMemo } from 'react';
import type { GifStatus, TaskClient } from '../client/types';
import { resourceKeys } from '../store/resource-key';
import type { PollInterval } from '../store/run-store';
import type { QueryResult } from './query-result';
import { useRunStore } from './use-run-store';
import { useTrackedSelector } from './use-tracked-selector';
import { useWatch } from './use-watch';

/** The hook starts its own fetch when the run turns terminal, so it must re-render then. */
const OWN_FIELDS = ['isTerminal'] as const;

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
  const store = useRunStore(client);
  const statusKey = useMemo(() => resourceKeys.status(taskId, runId), [taskId, runId]);
  const gifKey = useMemo(() => resourceKeys.gif(taskId, runId), [taskId, runId]);
  const active = enabled && taskId !== '';
  // Passive: this watch only notices the end of the run, and must not speed up the viewer's own interval.
  useWatch(store, statusKey, active, undefined, true);

  const subscribe = useCallback(
    (onChange: () => void) => {
      const offStatus = store.subscribe(statusKey, onChange);
      const offGif = store.subscribe(gifKey, onChange);
      return () => {
        offStatus();
        offGif();
      };
    },
    [store, statusKey, gifKey],
  );
  const select = () => {
    const status = store.getSnapshot(statusKey);
    const gif = store.getSnapshot(gifKey);
    return {
      data: gif.data,
      error: gif.error ?? (gif.data === undefined ? status.error : undefined),
      isLoading: active && gif.data === undefined && gif.error === undefined && status.error === undefined,
      isFetching: gif.isFetching,
      isTerminal: status.data !== undefined && store.isRunTerminal(status.data),
    };
  };
  const server = useMemo(() => ({ data: undefined, error: undefined, isLoading: active, isFetching: false, isTerminal: false }), [active]);
  const refetch = useCallback(() => store.refetch(gifKey), [store, gifKey]);
  const extras = useMemo(() => ({ refetch }), [refetch]);
  const { result, state } = useTrackedSelector(subscribe, select, server, extras, OWN_FIELDS);
  useWatch(store, gifKey, active && state.isTerminal, pollIntervalMs);
  return result;
}

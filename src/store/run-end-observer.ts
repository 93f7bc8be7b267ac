import type { GifStatus, RunResult } from '../client';
import type { PollInterval } from './resource';
import { resourceKeys } from './resource-key';
import type { QueryResult } from './query-result';
import type { ObserverDefinition } from './store-observer';

export interface RunEndOptions<T> {
  /** The task whose run is read. An empty string reads nothing. Required. */
  taskId: string;
  /** The run. Default: the most recent run of the task. */
  runId?: string | undefined;
  /** When false, nothing is fetched or polled. Default: true. */
  enabled?: boolean | undefined;
  /** Milliseconds between polls once the run is terminal, `false` for one fetch, or a function of the latest data. */
  pollIntervalMs?: PollInterval<T> | undefined;
}

export interface RunEndResult<T> extends QueryResult<T> {
  /** True once the run is terminal; the resource is fetched from then on. */
  readonly isTerminal: boolean;
}

const isActive = (options: Pick<RunEndOptions<unknown>, 'enabled' | 'taskId'>) => options.enabled !== false && options.taskId !== '';

/**
 * A resource of a run that is only worth fetching once the run is terminal (its result, its
 * recording). It watches the run status passively to know when, sharing that poll with every other
 * watcher of the run and never speeding it up, then watches the resource itself. While waiting,
 * `error` carries a failure of the status poll, so a broken poll is not mistaken for a long run.
 */
function runEndObserver<R extends 'result' | 'gif', T>(
  resource: R,
  defaultInterval: PollInterval<T> | undefined,
): ObserverDefinition<RunEndOptions<T>, RunEndResult<T>, Pick<RunEndResult<T>, 'refetch'>> {
  const statusKey = (options: RunEndOptions<T>) => resourceKeys.status(options.taskId, options.runId);
  const ownKey = (options: RunEndOptions<T>) => resourceKeys[resource](options.taskId, options.runId);
  return {
    signature: (options) => JSON.stringify([options.taskId, options.runId ?? null, isActive(options)]),
    reads: (options) => ({ keys: [statusKey(options), ownKey(options)] }),
    watches(options, result) {
      if (!isActive(options)) return [];
      const status = { key: statusKey(options), options: { passive: true } };
      if (!result.isTerminal) return [status];
      return [
        status,
        { key: ownKey(options), options: { pollIntervalMs: (options.pollIntervalMs ?? defaultInterval) as PollInterval<unknown> } },
      ];
    },
    memory: () => undefined,
    actions: (store, options) => ({ refetch: () => store().refetch(ownKey(options())) as Promise<T> }),
    select(store, options, actions) {
      const status = store.getSnapshot(statusKey(options));
      const own = store.getSnapshot(ownKey(options));
      return {
        data: own.data as T | undefined,
        error: own.error ?? (own.data === undefined ? status.error : undefined),
        isLoading: isActive(options) && own.data === undefined && own.error === undefined && status.error === undefined,
        isFetching: own.isFetching,
        isTerminal: status.data !== undefined && store.isRunTerminal(status.data),
        refetch: actions.refetch,
      };
    },
    initial: (options, actions) => ({
      data: undefined,
      error: undefined,
      isLoading: isActive(options),
      isFetching: false,
      isTerminal: false,
      refetch: actions.refetch,
    }),
  };
}

/** The result of a run, fetched once when the run is terminal (`useRunResult`). */
export const runResultObserver = runEndObserver<'result', RunResult>('result', false);

/** The recorded GIF of a run, polled from the run's end until final (`useRunGif`). */
export const runGifObserver = runEndObserver<'gif', GifStatus>('gif', undefined);

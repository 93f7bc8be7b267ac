import type { RunStatus, ToolCall } from '../client';
import type { PollInterval } from './resource';
import { resourceKeys } from './resource-key';
import type { QueryResult } from './query-result';
import type { ObserverDefinition } from './store-observer';

export interface RunStatusOptions {
  /** The task whose run is watched. An empty string watches nothing. Required. */
  taskId: string;
  /** The run to watch. Default: the most recent run of the task. */
  runId?: string | undefined;
  /**
   * Milliseconds between polls, `false` for no polling, or a function of the latest status returning
   * either. Polling stops once the run is terminal, whatever this says; while its status is one the
   * store does not know, polls wait as long as it has lasted (at least this, at most 30 s). With
   * several components watching one run, the shortest interval wins. Default: the store's
   * `pollIntervalMs.status` (2000).
   */
  pollIntervalMs?: PollInterval<RunStatus> | undefined;
  /** When false, nothing is fetched or polled. Default: true. */
  enabled?: boolean | undefined;
}

export interface RunStatusResult extends QueryResult<RunStatus> {
  /** True once the run is known to be over (see `isTerminalRunStatus`); false for a status the store does not know. */
  readonly isTerminal: boolean;
  /**
   * The tool call waiting for the person's answer: `data.toolCall`, except that a call whose answer
   * the service has accepted is `null` here even while the service still shows it (it lags).
   */
  readonly pendingToolCall: ToolCall | null;
  /**
   * Since when `pendingToolCall` has been waiting, in ms since the epoch: through a
   * `createTaskProxy`, when the proxy first saw it pending (the same in every browser); otherwise
   * when this store (or, with other tabs, the first tab of the origin) did. Undefined without one.
   */
  readonly waitingSince: number | undefined;
}

const keyOf = (options: RunStatusOptions) => resourceKeys.status(options.taskId, options.runId);
const isActive = (options: RunStatusOptions) => options.enabled !== false && options.taskId !== '';

/** The status of a run, polled until the run is terminal (`useRunStatus`). */
export const runStatusObserver: ObserverDefinition<RunStatusOptions, RunStatusResult, Pick<RunStatusResult, 'refetch'>> = {
  signature: (options) => JSON.stringify([options.taskId, options.runId ?? null, isActive(options)]),
  reads: (options) => ({ keys: [keyOf(options)], toolInputsOf: options.taskId }),
  watches: (options) =>
    isActive(options)
      ? [{ key: keyOf(options), options: { pollIntervalMs: options.pollIntervalMs as PollInterval<unknown> | undefined } }]
      : [],
  memory: () => undefined,
  actions: (store, options) => ({ refetch: () => store().refetch(keyOf(options())) }),
  select(store, options, actions) {
    const key = keyOf(options);
    const snapshot = store.getSnapshot(key);
    const data = snapshot.data;
    const toolCall = data?.toolCall ?? null;
    const answered = toolCall !== null && store.getToolInput(key.taskId, toolCall.toolCallId).state === 'submitted';
    return {
      data,
      error: snapshot.error,
      isLoading: isActive(options) && data === undefined && snapshot.error === undefined,
      isFetching: snapshot.isFetching,
      isTerminal: data !== undefined && store.isRunTerminal(data),
      pendingToolCall: answered ? null : toolCall,
      waitingSince: answered || toolCall === null ? undefined : store.getWaitingSince(key.taskId, toolCall.toolCallId),
      refetch: actions.refetch,
    };
  },
  initial: (options, actions) => ({
    data: undefined,
    error: undefined,
    isLoading: isActive(options),
    isFetching: false,
    isTerminal: false,
    pendingToolCall: null,
    waitingSince: undefined,
    refetch: actions.refetch,
  }),
};

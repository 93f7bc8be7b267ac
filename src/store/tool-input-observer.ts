import { resourceKeys } from './resource-key';
import type { ObserverDefinition } from './store-observer';
import { IDLE_TOOL_INPUT, type ToolInputState } from './tool-input-state';
import { withAnswers } from './create-run-store';

export interface ToolInputOptions {
  /** The task whose run's tool calls are answered. Required. */
  taskId: string;
  /** The run whose tool calls are answered. Default: the most recent run of the task. */
  runId?: string | undefined;
}

export interface ToolInputResult {
  /**
   * Sends `answer` for `toolCallId`, exactly once across every component using the same store: a
   * string is sent as is, anything else JSON-encoded. While an answer for that call is out, the
   * same promise is returned and nothing is sent; once accepted, it resolves at once. After an
   * error, the first attempt's body is sent again byte for byte (the service may have received it),
   * whatever `answer` says; `reset()` first to send a different one. An answer too large to send
   * (over the store's `maxAnswerBytes`, or refused with 413) fails with `AnswerTooLargeError` and
   * is never sent again: the next `submit` sends its own `answer`. A `toolCallId` that is not a
   * non-empty string rejects with a `TypeError`, sending nothing. Rejects with the failure
   * (ignoring the promise is safe: it is also in `state`/`error`). Never retried automatically.
   * Every attempt of one answer carries the same `Idempotency-Key`; a different answer, a new one.
   */
  readonly submit: (toolCallId: string, answer: unknown) => Promise<void>;
  /**
   * Sends the first attempt's body again for `toolCallId` after an `error`, with the same
   * `Idempotency-Key`; rejects without sending when it was too large.
   */
  readonly retry: () => Promise<void>;
  /**
   * Forgets a failed or stale attempt for `toolCallId` so a different answer can be sent. Does
   * nothing otherwise, and nothing while `inDoubt`: that answer may have been applied.
   */
  readonly reset: () => void;
  /** Where the answer for `toolCallId` stands. */
  readonly state: ToolInputState;
  /** Why the last attempt failed (`error`) or cannot be sent (`stale`). */
  readonly error: Error | undefined;
  /**
   * True once the proxy could not tell whether the answer was applied (an attempt failed with
   * `error.kind === 'answer_in_doubt'`), while `state` is `error` or `submitting`, until the run's
   * status settles it: the status is read again at once, and when it shows the call gone `state`
   * becomes `stale` with `error.probablyReceived`. Until then only `retry()` may send, the same
   * answer with the same key; `reset()` does nothing, even after a retry that failed otherwise.
   * Default: false.
   */
  readonly inDoubt: boolean;
  /**
   * The tool call `state` is about: the one the run status shows now (read from the store; pair this
   * hook with `useRunStatus` to keep it polled), else the one an answer was last attempted for.
   */
  readonly toolCallId: string | undefined;
}

type Actions = Pick<ToolInputResult, 'submit' | 'retry' | 'reset'>;

const keyOf = (options: ToolInputOptions) => resourceKeys.status(options.taskId, options.runId);

/** A run's answers (`useToolInput`). It reads the run status without watching it: answering adds no polling. */
export const toolInputObserver: ObserverDefinition<ToolInputOptions, ToolInputResult, Actions> = {
  signature: (options) => JSON.stringify([options.taskId, keyOf(options).runId ?? null]),
  reads: (options) => ({ keys: [keyOf(options)], toolInputsOf: options.taskId }),
  watches: () => [],
  actions(store, options, result) {
    const ref = (toolCallId: string) => {
      const key = keyOf(options());
      return { taskId: key.taskId, runId: key.runId, toolCallId };
    };
    return {
      submit: (toolCallId, answer) => withAnswers(store()).submitToolInput(ref(toolCallId), answer),
      retry() {
        const toolCallId = result().toolCallId;
        return toolCallId === undefined ? Promise.resolve() : store().retryToolInput(ref(toolCallId));
      },
      reset() {
        const toolCallId = result().toolCallId;
        if (toolCallId !== undefined) store().resetToolInput(options().taskId, toolCallId);
      },
    };
  },
  select(store, options, actions) {
    const key = keyOf(options);
    const toolCallId = store.getToolInputSubject(key.taskId, key.runId);
    const snapshot = toolCallId === undefined ? IDLE_TOOL_INPUT : store.getToolInput(key.taskId, toolCallId);
    return { ...actions, state: snapshot.state, error: snapshot.error, inDoubt: snapshot.inDoubt, toolCallId };
  },
};

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { TaskClient } from '../client/types';
import { resourceKeys } from '../store/resource-key';
import { IDLE_TOOL_INPUT, type ToolInputSnapshot, type ToolInputState } from '../store/tool-input-registry';
import { useRunStore } from './use-run-store';

export interface UseToolInputOptions {
  /** The run whose tool calls are answered. Default: the most recent run of the task. */
  runId?: string;
}

export interface UseToolInputResult {
  /**
   * Sends `answer` for `toolCallId`, exactly once across every component using the same store: a
   * string is sent as is, anything else JSON-encoded. While an answer for that call is out, the
   * same promise is returned and nothing is sent; once accepted, it resolves at once. After an
   * error, the first attempt's body is sent again byte for byte (the service may have received it),
   * whatever `answer` says; `reset()` first to send a different one. Rejects with the failure
   * (ignoring the promise is safe: it is also in `state`/`error`). Never retried automatically.
   */
  readonly submit: (toolCallId: string, answer: unknown) => Promise<void>;
  /** Sends the first attempt's body again for `toolCallId` after an `error`. */
  readonly retry: () => Promise<void>;
  /** Forgets a failed or stale attempt for `toolCallId` so a different answer can be sent. Does nothing otherwise. */
  readonly reset: () => void;
  /** Where the answer for `toolCallId` stands. */
  readonly state: ToolInputState;
  /** Why the last attempt failed (`error`) or cannot be sent (`stale`). */
  readonly error: Error | undefined;
  /**
   * The tool call `state` is about: the one the run status shows now (read from the store; pair this
   * hook with `useRunStatus` to keep it polled), else the one an answer was last attempted for.
   */
  readonly toolCallId: string | undefined;
}

/** Sends the person's answer to a run's pending tool call, exactly once. */
export function useToolInput(taskId: string, options: UseToolInputOptions = {}, client?: TaskClient): UseToolInputResult {
  const { runId } = options;
  const store = useRunStore(client);
  const statusKey = useMemo(() => resourceKeys.status(taskId, runId), [taskId, runId]);

  const subscribe = useCallback(
    (onChange: () => void) => {
      // Reads the status without watching it: answering does not add polling of its own.
      const offStatus = store.subscribe(statusKey, onChange);
      const offAnswers = store.subscribeToolInputs(statusKey.taskId, onChange);
      return () => {
        offStatus();
        offAnswers();
      };
    },
    [store, statusKey],
  );
  const toolCallId = useSyncExternalStore(
    subscribe,
    () => store.getToolInputSubject(statusKey.taskId, statusKey.runId),
    () => undefined,
  );
  const snapshot: ToolInputSnapshot = useSyncExternalStore(
    subscribe,
    () => (toolCallId === undefined ? IDLE_TOOL_INPUT : store.getToolInput(statusKey.taskId, toolCallId)),
    () => IDLE_TOOL_INPUT,
  );

  const submit = useCallback(
    (id: string, answer: unknown) => store.submitToolInput({ taskId: statusKey.taskId, runId: statusKey.runId, toolCallId: id }, answer),
    [store, statusKey],
  );
  const retry = useCallback(
    () =>
      toolCallId === undefined ? Promise.resolve() : store.retryToolInput({ taskId: statusKey.taskId, runId: statusKey.runId, toolCallId }),
    [store, statusKey, toolCallId],
  );
  const reset = useCallback(() => {
    if (toolCallId !== undefined) store.resetToolInput(statusKey.taskId, toolCallId);
  }, [store, statusKey, toolCallId]);

  return useMemo(
    () => ({ submit, retry, reset, state: snapshot.state, error: snapshot.error, toolCallId }),
    [submit, retry, reset, snapshot, toolCallId],
  );
}

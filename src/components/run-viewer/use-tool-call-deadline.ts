import { useEffect, useState } from 'react';
import type { TaskClient, ToolCall } from '../../client';
import { useRunStore, useStopRun, type UseToolInputResult } from '../../hooks';
import { useLatestCallback } from '../../utils/react';
import { watchDeadline } from '../human-request-prompt';

/**
 * What `<RunViewer onToolCallExpired>` is called with. Returning `false` (or a promise of it) keeps
 * the run going: only the prompt closes.
 */
export type ToolCallExpiredHandler = (
  toolCall: ToolCall,
  context: { taskId: string; runId: string | undefined },
) => boolean | void | Promise<boolean | void>;

interface ToolCallDeadlineOptions {
  taskId: string;
  runId: string | undefined;
  client: TaskClient | undefined;
  /** `<RunViewer toolCallTimeoutMs>`. */
  timeoutMs: number | undefined;
  /** The call the service shows as waiting (`useRunStatus().pendingToolCall`). */
  call: ToolCall | null;
  /** When that call was first seen (`useRunStatus().waitingSince`). */
  waitingSince: number | undefined;
  terminal: boolean;
  answer: UseToolInputResult;
  onExpired: ToolCallExpiredHandler | undefined;
}

/** Where the viewer's pending call stands against its deadline. */
export interface ToolCallDeadline {
  /** The call this is about: the one waiting, or the one that expired. */
  toolCallId: string | undefined;
  /** When the waiting call's answer is due (epoch ms); undefined without a timeout, or once it expired. */
  at: number | undefined;
  /** The call's deadline passed unanswered: its prompt is closed for good. */
  expired: boolean;
  /** Why stopping the run at the deadline failed. */
  stopError: Error | undefined;
}

/** A timeout that is not a finite number of ms, or is below zero, is no timeout (as a deadline that does not parse). */
const validTimeout = (ms: number | undefined) => (ms !== undefined && Number.isFinite(ms) && ms >= 0 ? ms : undefined);

/**
 * The deadline of a run's pending tool call, `timeoutMs` after it was first seen (the proxy's time
 * when it says one, so every browser counts from the same moment). At the deadline the call's
 * prompt closes, and in one tab of the origin `onExpired` is asked and the run is stopped, the
 * task service having no way to decline a single call. An answer on its way wins: it is not
 * stopped after, and the deadline applies again only if that answer fails (not when it may have
 * been applied). A run that ends, or a call answered or gone, stops the timer.
 */
export function useToolCallDeadline(options: ToolCallDeadlineOptions): ToolCallDeadline {
  const { taskId, runId, call, answer } = options;
  const store = useRunStore(options.client);
  const stop = useStopRun({}, options.client);
  const timeoutMs = validTimeout(options.timeoutMs);
  const callId = call?.toolCallId;
  const at =
    timeoutMs === undefined || call === null || options.waitingSince === undefined || options.terminal
      ? undefined
      : options.waitingSince + timeoutMs;

  // The call whose deadline this viewer saw pass.
  const [passed, setPassed] = useState<string | undefined>(undefined);
  useEffect(() => (at === undefined || callId === undefined ? undefined : watchDeadline(at, () => setPassed(callId))), [at, callId]);

  // Only an answer that may reach the service holds the deadline off: a failed one (not in doubt)
  // does not, and one refused as stale means the call was settled elsewhere.
  const own = answer.toolCallId !== undefined && answer.toolCallId === callId ? answer : undefined;
  const answerHolds = own !== undefined && own.state !== 'idle' && !(own.state === 'error' && !own.inDoubt);
  const [expiredCall, setExpiredCall] = useState<ToolCall | undefined>(undefined);
  if (call !== null && passed === callId && !options.terminal && !answerHolds && expiredCall?.toolCallId !== callId) setExpiredCall(call);

  const onExpired = options.onExpired;
  const cancelAtSource = useLatestCallback(async (expired: ToolCall) => {
    // Another tab's answer may have started since this one's deadline passed.
    const snapshot = store.getToolInput(taskId, expired.toolCallId);
    if (snapshot.state === 'submitting' || snapshot.state === 'submitted' || snapshot.inDoubt) return;
    let verdict: boolean | void = undefined;
    try {
      verdict = await onExpired?.(expired, { taskId, runId });
    } catch {
      // The caller's failure is theirs to report; the run is stopped as without a handler.
    }
    if (verdict === false) return;
    // A failure is shown (`stopError`) and fails this tab's turn: another tab at its own deadline tries again.
    await stop.mutate(runId === undefined ? { taskId } : { taskId, runId });
  });
  useEffect(() => {
    if (expiredCall === undefined) return;
    // Once per call for the origin (and not again when StrictMode runs the effect twice).
    store.tabs
      .once(`expired:${JSON.stringify([taskId, expiredCall.toolCallId])}`, () => cancelAtSource(expiredCall))
      .catch(() => undefined);
  }, [expiredCall, store, taskId, cancelAtSource]);

  const expired = expiredCall !== undefined && (callId === undefined || callId === expiredCall.toolCallId);
  return {
    toolCallId: expired ? expiredCall.toolCallId : callId,
    at: expired ? undefined : at,
    expired,
    stopError: expired ? stop.error : undefined,
  };
}

/**
 * Where the answer to one tool call stands:
 * - `idle`: nothing sent;
 * - `submitting`: the POST is out;
 * - `submitted`: the service accepted it; it is never sent again;
 * - `error`: the POST failed; a retry sends the very same body (the service may have received it),
 *   except after a body too large to send (`AnswerTooLargeError`, or a 413), which is never resent;
 * - `stale`: the service no longer waits for this call (it moved on, or answered 409 and the run
 *   status confirms the call is gone), or another person's answer went first (the proxy's 409,
 *   `error.cause.kind === 'already_answered'`); nothing can be sent for it. When the last attempt
 *   failed without saying whether it arrived and the service then moved on,
 *   `error.probablyReceived` is true.
 */
export type ToolInputState = 'idle' | 'submitting' | 'submitted' | 'error' | 'stale';

/** The registry's view of one tool call. Immutable; a new object on every change. */
export interface ToolInputSnapshot {
  readonly state: ToolInputState;
  /** Why the last attempt failed, for `error` and `stale`. */
  readonly error: Error | undefined;
}

/** Identifies the tool call an answer is for. */
export interface ToolInputRef {
  readonly taskId: string;
  /** The run; absent means the most recent run of the task (spec §4.7). */
  readonly runId?: string | undefined;
  readonly toolCallId: string;
}

export const IDLE_TOOL_INPUT: ToolInputSnapshot = Object.freeze({ state: 'idle', error: undefined });

/**
 * Where the answer to one tool call stands:
 * - `idle`: nothing sent;
 * - `submitting`: the POST is out;
 * - `submitted`: the service accepted it; it is never sent again;
 * - `error`: the POST failed; a retry sends the very same body with the same `Idempotency-Key` (the
 *   service may have received it), except after a body too large to send (`AnswerTooLargeError`, or
 *   a 413), which is never resent. While the failure is the proxy's `answer_in_doubt`, no different
 *   answer may be sent (`reset()` does nothing) until the run's status settles it;
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
  /**
   * For `error` and `submitting`: an attempt of this answer failed with the proxy's
   * `answer_in_doubt` (it may have been applied), and the run's status has not settled it yet. No
   * different answer may be sent meanwhile, even when a later retry fails otherwise. False in
   * every other state.
   */
  readonly inDoubt: boolean;
}

/** Identifies the tool call an answer is for. */
export interface ToolInputRef {
  readonly taskId: string;
  /** The run; absent means the most recent run of the task (spec §4.7). */
  readonly runId?: string | undefined;
  readonly toolCallId: string;
}

export const IDLE_TOOL_INPUT: ToolInputSnapshot = Object.freeze({ state: 'idle', error: undefined, inDoubt: false });

/** The key of one call, and of one run address, in the maps of its answers and sightings. */
export const callKey = (taskId: string, toolCallId: string) => JSON.stringify([taskId, toolCallId]);
export const runKey = (taskId: string, runId: string | undefined) => JSON.stringify([taskId, runId ?? null]);

/** The call an answer was for no longer waits for one. */
export class StaleToolCallError extends Error {
  override readonly name = 'StaleToolCallError';
  readonly toolCallId: string;
  /**
   * The last attempt failed in a way that does not say whether the service got it (no answer, a
   * time-out, a 5xx), and the service then moved on: most likely it did get it.
   */
  readonly probablyReceived: boolean;

  constructor(toolCallId: string, options: { cause?: unknown; probablyReceived?: boolean } = {}) {
    super(
      options.probablyReceived === true
        ? 'The answer was probably received: the run has moved on.'
        : 'This question no longer waits for an answer: the run has moved on.',
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.toolCallId = toolCallId;
    this.probablyReceived = options.probablyReceived === true;
  }
}

/**
 * An answer larger than can be sent (`RunStoreOptions.maxAnswerBytes`, or the server's own limit
 * when it answered 413). Nothing was received; sending the same body again cannot work, so it is
 * not offered: a different, shorter answer can be sent at once.
 */
export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
  /** Bytes of the request body, when known (not for a server's 413). */
  readonly size: number | undefined;
  /** The largest body that can be sent, in bytes, when known. */
  readonly limit: number | undefined;

  constructor(size: number | undefined, limit: number | undefined, options?: { cause?: unknown }) {
    super(
      limit === undefined
        ? 'The answer is larger than the server accepts.'
        : size === undefined
          ? `The answer is over the ${formatBytes(limit)} that can be sent.`
          : `The answer is ${formatBytes(size)}, over the ${formatBytes(limit)} that can be sent.`,
      options,
    );
    this.size = size;
    this.limit = limit;
  }
}

/** `1 MiB`, `512 KiB`, `1.5 MiB`, `300 bytes`: the units the proxy's limit is given in. */
function formatBytes(bytes: number): string {
  for (const [size, unit] of [[1024 * 1024, 'MiB'] as const, [1024, 'KiB'] as const])
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  return `${bytes} bytes`;
}

import { isTaskApiError } from '../client';

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

/** A failed send that was refused for its size: the server did not take it. */
export function isTooLarge(error: unknown): boolean {
  return error instanceof AnswerTooLargeError || (isTaskApiError(error) && error.status === 413);
}

/**
 * Whether a failed send may still have reached the service: nothing came back (network, time-out,
 * an abort), something unreadable came back, the failure was the server's (5xx, which a gateway
 * also answers when the service is slow after applying it), or the proxy says so (`answer_in_doubt`). A 4xx or `success: false` says it was
 * not taken; an error that is not a `TaskApiError` (a custom client's own) says nothing either way.
 */
export function mayHaveArrived(error: unknown): boolean {
  if (!isTaskApiError(error)) return !(error instanceof AnswerTooLargeError || error instanceof TypeError);
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'aborted' || error.kind === 'parse') return true;
  if (error.kind === 'answer_in_doubt') return true;
  return error.kind === 'http' && error.status !== undefined && error.status >= 500;
}

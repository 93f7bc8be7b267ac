/**
 * What went wrong with a request:
 * - `http`: the service answered with a non-2xx status;
 * - `api`: the service answered 2xx with `success: false`;
 * - `network`: no answer (connection refused, DNS, reset);
 * - `timeout`: no answer within the client's `timeoutMs`;
 * - `aborted`: the caller's `AbortSignal` fired;
 * - `parse`: the body was empty, not JSON, or not the envelope the spec describes;
 * - `already_answered`: a `createTaskProxy` (HTTP 409) says another person's answer to the same tool
 *   call went first; this one was not sent to the service.
 * - `answer_in_doubt`: a `createTaskProxy` (HTTP 502 or 504, `code: "answer_in_doubt"`) sent the
 *   answer to the service and does not know whether it was applied; or (HTTP 503) another answer
 *   to the same call is in that state, so this one was held back. Only the same answer, with the
 *   same `Idempotency-Key`, may be sent again; the run's status settles it.
 */
export type TaskApiErrorKind = 'http' | 'api' | 'network' | 'timeout' | 'aborted' | 'parse' | 'already_answered' | 'answer_in_doubt';

/** Every `TaskApiErrorKind`, for code that reads one from the wire. */
export const TASK_API_ERROR_KINDS: readonly TaskApiErrorKind[] = Object.freeze([
  'http',
  'api',
  'network',
  'timeout',
  'aborted',
  'parse',
  'already_answered',
  'answer_in_doubt',
]);

/** What a `TaskApiError` is made with. */
export interface TaskApiErrorOptions {
  kind: TaskApiErrorKind;
  /** HTTP status, where a response arrived. */
  status?: number;
  /** Method and path of the request, without query string or host (never carries the key). */
  endpoint?: string;
  /** Value of a `Retry-After` response header, in milliseconds from when the response arrived. */
  retryAfterMs?: number;
  /** The `code` of the error's body, where it has one. */
  code?: string | undefined;
  /** The error's body, where it is a JSON object. */
  details?: Readonly<Record<string, unknown>> | undefined;
  cause?: unknown;
}

/** The one error type every `TaskClient` method rejects with. */
export class TaskApiError extends Error {
  override readonly name = 'TaskApiError';
  readonly kind: TaskApiErrorKind;
  /** HTTP status where there is one. */
  readonly status: number | undefined;
  /** Method and path, e.g. `GET /api/v1/task/{taskId}/run/status`. */
  readonly endpoint: string | undefined;
  /** Delay the service asked for through `Retry-After`, in milliseconds. */
  readonly retryAfterMs: number | undefined;
  /**
   * The `code` of the error's body (a proxy's `already_answered`, `answer_in_doubt`,
   * `request_ended`); undefined when it gave none.
   */
  readonly code: string | undefined;
  /**
   * The error's body as the server sent it, where it is a JSON object: for a request already
   * answered (409) its `answeredBy` and `answeredAt`, for one that ended (410) its `state`.
   * Undefined for any other body. Written by the server: check each field before use, and show
   * them as text only.
   */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(message: string, options: TaskApiErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = options.kind;
    this.status = options.status;
    this.endpoint = options.endpoint;
    this.retryAfterMs = options.retryAfterMs;
    this.code = options.code;
    this.details = options.details;
  }

  /** True when the key was refused (HTTP 401 or 403): retrying with the same key cannot help. */
  get isAuthError(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /** True for failures worth retrying a read for: network, time-out, 5xx, 429 and 408. */
  get isTransient(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    if (this.kind === 'http' && this.status !== undefined) return this.status >= 500 || this.status === 429 || this.status === 408;
    return false;
  }
}

/** Type guard that also works across two copies of the package. */
export function isTaskApiError(error: unknown): error is TaskApiError {
  return error instanceof TaskApiError || (error instanceof Error && error.name === 'TaskApiError' && 'kind' in error);
}

/**
 * A refusal's message that says the task or run does not exist (any more). The spec shows no error
 * texts (§7); these are the words services commonly use for it.
 */
const GONE_MESSAGE = /not found|does not exist|doesn't exist|no such|unknown (task|run)/i;

/**
 * True when a failed read (a status, result, GIF or list poll) is worth trying again after a wait:
 * what `isTransient` says, and also a `success: false` answer (kind `api`, which says nothing about
 * why), unless its message says the task or run is gone. Answers and other writes keep
 * `isTransient`: sending one again is not this function's call.
 */
export function isRetryableReadError(error: TaskApiError): boolean {
  if (error.isTransient) return true;
  return error.kind === 'api' && !error.isAuthError && !GONE_MESSAGE.test(error.message);
}

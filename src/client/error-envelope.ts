/** What an error answer carries beside its status and message. */
export interface ErrorEnvelopeExtra {
  /** A machine-readable `code` beside `error` (`already_answered`, `answer_in_doubt`…). */
  code?: string;
  /** The `Retry-After` header, in seconds. */
  retryAfter?: string;
  /** More headers of the answer (`Allow`…). */
  headers?: Record<string, string>;
  /** More fields of the body, after `code` (`answeredBy`, `state`…). */
  fields?: Record<string, unknown>;
}

/**
 * An error answer in the service's envelope (spec §2.1), `{ success: false, error, code? }`, as JSON
 * that is never cached. The one writer of it: the proxy's own answers, the simulated service's and
 * the Node adapter's.
 */
export function errorEnvelope(status: number, error: string, extra: ErrorEnvelopeExtra = {}): Response {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...extra.headers,
  };
  if (extra.retryAfter !== undefined) headers['retry-after'] = extra.retryAfter;
  const body = { success: false, error, ...(extra.code === undefined ? {} : { code: extra.code }), ...extra.fields };
  return new Response(JSON.stringify(body), { status, headers });
}

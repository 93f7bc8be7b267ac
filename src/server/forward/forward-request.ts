import { buildEndpointPath, createDeadline, errorEnvelope, readLimited, type TaskEndpoint } from '../../client';
import { isRecord } from '../../utils';
import type { AnswerDelivery, ForwardedAnswer } from './answer-gate';

// Allow-lists rather than block-lists: anything the browser sends for your own backend
// (cookies, session headers, `authorization`) must not reach the task service, and nothing
// the service sets (cookies, its own headers) should reach the browser.
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'user-agent', 'x-request-id'];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'retry-after', 'cache-control', 'x-request-id'];

/** What a forward needs: where the service is, its key, and the proxy's limits. */
export interface ForwarderSettings {
  /** The service's address, without a trailing slash. */
  upstreamBase: string;
  apiKey: string;
  /** The proxy's `fetch` to the upstream, redirects not followed. */
  fetch: (request: Request) => Promise<Response>;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Removes the key from a body, and from a header's value. */
  scrub: (text: string) => string;
  scrubHeader: (text: string) => string;
}

/**
 * The proxy's forward of one request to the service: only the allowed headers, the key added, the
 * time-out and the size cap applied, the key scrubbed from what comes back; and, for an answer, what
 * the outcome says of it (`AnswerDelivery`).
 */
export function createForwarder(settings: ForwarderSettings) {
  const { upstreamBase, apiKey, fetch: upstreamFetch, timeoutMs, maxResponseBytes, scrub, scrubHeader } = settings;
  return async function forward(
    request: Request,
    endpoint: TaskEndpoint,
    taskId: string | undefined,
    url: URL,
    body: Uint8Array | undefined,
  ): Promise<ForwardedAnswer> {
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    if (body !== undefined) headers.set('content-type', request.headers.get('content-type') ?? 'application/json');
    headers.set('x-api-key', apiKey);

    // The browser going away should also stop the upstream call (and its hold on a connection).
    const deadline = createDeadline(timeoutMs, request.signal);
    try {
      let upstreamResponse: Response;
      try {
        upstreamResponse = await upstreamFetch(
          new Request(upstreamUrl(upstreamBase, endpoint, taskId, url.searchParams), {
            method: endpoint.method,
            headers,
            body: body === undefined ? null : (body as BodyInit),
            signal: deadline.signal,
          }),
        );
      } catch (error) {
        if (deadline.timedOut)
          return { response: errorEnvelope(504, 'The task service did not answer in time'), delivery: 'unknown', timedOut: true };
        return { response: errorEnvelope(502, 'The task service could not be reached'), delivery: neverSent(error) ? 'unsent' : 'unknown' };
      }
      if (upstreamResponse.status >= 300 && upstreamResponse.status < 400) {
        void upstreamResponse.body?.cancel().catch(() => undefined);
        return { response: errorEnvelope(502, 'The task service answered with a redirect'), delivery: 'refused' };
      }

      let bytes: Uint8Array | 'too-large';
      try {
        // Read as it arrives and given up past the cap, so a huge answer never sits in memory.
        bytes = await readLimited(upstreamResponse, maxResponseBytes);
      } catch {
        // The service answered with a status and was cut off: that status still says what it did.
        const response = deadline.timedOut
          ? errorEnvelope(504, 'The task service did not answer in time')
          : errorEnvelope(502, 'The task service answer was cut off');
        return { response, delivery: deliveryOf(upstreamResponse.status, undefined), timedOut: deadline.timedOut };
      }
      if (bytes === 'too-large')
        return {
          response: errorEnvelope(502, `The task service answer is larger than ${maxResponseBytes} bytes`),
          delivery: deliveryOf(upstreamResponse.status, undefined),
        };
      const text = new TextDecoder().decode(bytes);
      const responseHeaders = new Headers({ 'cache-control': 'no-store' });
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        const value = upstreamResponse.headers.get(name);
        if (value !== null) responseHeaders.set(name, scrubHeader(value));
      }
      return {
        response: new Response(text === '' ? null : scrub(text), { status: upstreamResponse.status, headers: responseHeaders }),
        delivery: deliveryOf(upstreamResponse.status, text),
      };
    } finally {
      deadline.dispose();
    }
  };
}

/** What a forwarded answer's upstream status (and body) says of it; see `AnswerDelivery`. */
function deliveryOf(status: number, text: string | undefined): AnswerDelivery {
  if (status >= 500 || status === 408) return 'unknown';
  if (status < 200 || status >= 300) return 'refused';
  if (text === undefined || text === '') return 'applied';
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) && parsed.success === false ? 'refused' : 'applied';
  } catch {
    // A 2xx is the service's word that it took the answer, whatever its body.
    return 'applied';
  }
}

/** Errors that mean the request never left this machine (no connection was made). */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function neverSent(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
  return typeof code === 'string' && NOT_SENT_CODES.has(code);
}

function upstreamUrl(base: string, endpoint: TaskEndpoint, taskId: string | undefined, incoming: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const name of endpoint.query) {
    const value = incoming.get(name);
    if (value !== null) query.set(name, value);
  }
  const search = query.toString();
  return base + buildEndpointPath(endpoint, taskId) + (search === '' ? '' : `?${search}`);
}

import { isRecord, toError } from '../utils';
import { createDeadline } from './deadline';
import { ALREADY_ANSWERED_CODE, ANSWER_IN_DOUBT_CODE } from './event-protocol';
import { buildEndpointPath } from './endpoint-path';
import { parseRetryAfter } from './parse-retry-after';
import { TaskApiError, type TaskApiErrorKind } from './task-api-error';
import { rememberToolCallSeenAt, TOOL_CALL_SEEN_AT_HEADER } from './tool-call-seen-at';
import {
  TASK_ENDPOINTS,
  type QueryParameterOf,
  type TaskEndpoint,
  type TaskEndpointName,
  type TaskQueryParameters,
} from './task-endpoints';

/** What the sender needs of `CreateTaskClientOptions`, with its defaults applied. */
export interface RequestSenderSettings {
  /** As given, for error messages; a trailing slash is dropped when paths are appended. */
  baseUrl: string;
  apiKey: string | undefined;
  headers: Record<string, string>;
  /** Undefined means `globalThis.fetch`, looked up at call time. */
  fetch: ((input: Request) => Promise<Response>) | undefined;
  /** 0 disables the time-out. */
  timeoutMs: number;
}

/**
 * The caller's options as a request reads them: the values of the query parameters endpoint
 * `Name` takes, by name, and the signal that aborts it. Other fields (another endpoint's
 * parameters) are never sent.
 */
export type EndpointOptions<Name extends TaskEndpointName> = Partial<Pick<TaskQueryParameters, QueryParameterOf<Name>>> & {
  signal?: AbortSignal | undefined;
  priority?: RequestPriority | undefined;
};

/** What one request adds to its row of the protocol table. */
export interface EndpointRequest<Name extends TaskEndpointName> {
  /** Fills the `{taskId}` of the path, for endpoints that have one. */
  taskId?: string;
  options?: EndpointOptions<Name> | undefined;
  /** The JSON body; sent only when the table says the endpoint takes one. */
  body?: unknown;
  /** Headers of this request only (an answer's `Idempotency-Key`), over the client's own. */
  headers?: Record<string, string> | undefined;
}

/**
 * Sends one request and resolves with the envelope of a successful answer (spec §2.1), or
 * `undefined` for an empty 2xx body where the table allows one. Rejects with a `TaskApiError`
 * for every failure of the exchange.
 */
export type SendRequest = <Name extends TaskEndpointName>(
  name: Name,
  request: EndpointRequest<Name>,
) => Promise<Record<string, unknown> | undefined>;

/**
 * `response.text()`, but settled by the abort signal too: a `fetch` that is not the platform's
 * (a test double, a wrapper) may hand back a body the signal does not reach, and the time-out
 * must hold anyway.
 */
function readText(response: Response, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    // The signal is the deadline's own, aborted without a reason, so its reason is always an AbortError.
    const onAbort = () => reject(toError(signal.reason));
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    response
      .text()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function errorText(body: unknown): string | undefined {
  if (isRecord(body) && typeof body.error === 'string' && body.error !== '') return body.error;
  return undefined;
}

/** The URL of a request: base address, the endpoint's path, and the query parameters it takes. */
function requestUrl(settings: RequestSenderSettings, query: readonly string[], path: string, options: object | undefined): URL {
  let url: URL;
  try {
    // A path-only baseUrl (a same-origin proxy) needs the page's address to resolve against.
    url = new URL(settings.baseUrl.replace(/\/+$/, '') + path, typeof location === 'undefined' ? undefined : location.href);
  } catch (cause) {
    // Resolved per request, never when the client is made: a client with a path-only baseUrl may be
    // created (and its components server-rendered, which request nothing) outside a browser.
    const reason =
      typeof location === 'undefined'
        ? 'a path-only baseUrl is resolved against the page, and there is no page here (server code needs an absolute address)'
        : 'not a URL';
    throw new TypeError(`baseUrl "${settings.baseUrl}" is not a valid address: ${reason}`, { cause });
  }
  const values: Partial<Record<string, unknown>> = options ?? {};
  for (const parameter of query) {
    const value = values[parameter];
    if (typeof value === 'string' || typeof value === 'number') url.searchParams.set(parameter, String(value));
  }
  return url;
}

/**
 * The transport under `createTaskClient`: builds each request from its row of the protocol
 * table (method, path, query parameters, body) and turns every way the exchange can fail into a
 * `TaskApiError`. No request hangs past `timeoutMs`, even when the caller passes its own signal.
 */
export function createRequestSender(settings: RequestSenderSettings): SendRequest {
  const exchange = createExchange(settings);
  return async function send<Name extends TaskEndpointName>(name: Name, request: EndpointRequest<Name>) {
    const endpoint: TaskEndpoint = TASK_ENDPOINTS[name];
    const path = buildEndpointPath(endpoint, request.taskId);
    const url = () => requestUrl(settings, endpoint.query, path, request.options);
    const body = endpoint.jsonBody && request.body !== undefined ? JSON.stringify(request.body) : null;
    return exchange(endpoint, url, body, request.options, request.headers);
  };
}

/**
 * A request to a path the proxy serves besides the service's endpoints (the audit trail, the
 * requests): a GET, or with `body` a POST of it as JSON, with the same headers, time-out and errors
 * as every request of the client. `label` names the path in errors (`/requests/{id}/answer`).
 */
export type SendProxyRequest = (
  path: string,
  options: {
    query?: Record<string, string>;
    body?: unknown;
    signal?: AbortSignal | undefined;
    priority?: RequestPriority | undefined;
    /** Sent with `keepalive`, so it outlives the page (a release at `pagehide`). */
    keepalive?: boolean | undefined;
    label?: string;
  },
) => Promise<Record<string, unknown> | undefined>;

export function createProxySender(settings: RequestSenderSettings): SendProxyRequest {
  const exchange = createExchange(settings);
  return (path, { query = {}, body, signal, priority, keepalive, label = path }) => {
    const row = { method: body === undefined ? 'GET' : 'POST', path: label, emptyBodyIsSuccess: false } as const;
    const url = () => {
      const resolved = requestUrl(settings, [], path, undefined);
      for (const [name, value] of Object.entries(query)) resolved.searchParams.set(name, value);
      return resolved;
    };
    return exchange(row, url, body === undefined ? null : JSON.stringify(body), { signal, priority, keepalive });
  };
}

/** What an exchange needs of a row of the protocol table. */
type ExchangeRow = Pick<TaskEndpoint, 'method' | 'path' | 'emptyBodyIsSuccess'>;

function createExchange(settings: RequestSenderSettings) {
  const { apiKey, timeoutMs } = settings;
  return async function exchange(
    endpoint: ExchangeRow,
    requestUrlOf: () => URL,
    body: string | null,
    {
      signal,
      priority,
      keepalive,
    }: { signal?: AbortSignal | undefined; priority?: RequestPriority | undefined; keepalive?: boolean | undefined } = {},
    extraHeaders?: Readonly<Record<string, string>>,
  ) {
    const label = `${endpoint.method} ${endpoint.path}`;
    if (signal?.aborted) {
      throw new TaskApiError(`${label} was aborted`, { kind: 'aborted', endpoint: label, cause: signal.reason });
    }
    const url = requestUrlOf();
    const headers = new Headers(settings.headers);
    for (const [header, value] of Object.entries(extraHeaders ?? {})) headers.set(header, value);
    headers.set('accept', 'application/json');
    if (apiKey !== undefined) headers.set('x-api-key', apiKey);
    if (body !== null) headers.set('content-type', 'application/json');

    const deadline = createDeadline(timeoutMs, signal);

    const abortError = (cause?: unknown) =>
      deadline.timedOut
        ? new TaskApiError(`${label} timed out after ${timeoutMs} ms`, { kind: 'timeout', endpoint: label, cause })
        : new TaskApiError(`${label} was aborted`, { kind: 'aborted', endpoint: label, cause: signal?.reason ?? cause });

    try {
      let response: Response;
      try {
        const doFetch = settings.fetch ?? globalThis.fetch;
        response = await doFetch(
          new Request(url, {
            method: endpoint.method,
            headers,
            body,
            signal: deadline.signal,
            ...(priority && { priority }),
            ...(keepalive === true && { keepalive }),
          }),
        );
      } catch (cause) {
        if (deadline.signal.aborted) throw abortError(cause);
        throw new TaskApiError(`${label} failed: the service could not be reached`, { kind: 'network', endpoint: label, cause });
      }

      let text: string;
      try {
        text = await readText(response, deadline.signal);
      } catch (cause) {
        if (deadline.signal.aborted) throw abortError(cause);
        throw new TaskApiError(`${label} failed while reading the response`, {
          kind: 'network',
          endpoint: label,
          status: response.status,
          cause,
        });
      }
      const envelope = readEnvelope(endpoint, response, text);
      // A proxy's time of a status's pending call comes beside it, never in the service's data.
      rememberToolCallSeenAt(envelope?.data, response.headers.get(TOOL_CALL_SEEN_AT_HEADER));
      return envelope;
    } finally {
      deadline.dispose();
    }
  };
}

/** The kind of a failure whose body may carry a `createTaskProxy` code. */
function proxyErrorKind(status: number, body: unknown): TaskApiErrorKind {
  const code = isRecord(body) ? body.code : undefined;
  // Someone else's answer to this call went first.
  if (status === 409 && code === ALREADY_ANSWERED_CODE) return 'already_answered';
  // An answer the service may have applied: 502/504 for this one, 503 for another one in that state.
  if ((status === 502 || status === 503 || status === 504) && code === ANSWER_IN_DOUBT_CODE) return 'answer_in_doubt';
  return 'http';
}

/** The envelope of a 2xx answer; every other answer becomes the `TaskApiError` that says why. */
function readEnvelope(endpoint: ExchangeRow, response: Response, text: string): Record<string, unknown> | undefined {
  const label = `${endpoint.method} ${endpoint.path}`;
  const empty = text.trim() === '';
  let body: unknown;
  let parsed = false;
  if (!empty) {
    try {
      body = JSON.parse(text);
      parsed = true;
    } catch {
      // Not JSON (an error page, a cut-off answer): handled below, by status.
    }
  }

  if (!response.ok) {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    const message = (parsed && errorText(body)) || `${label} failed with HTTP ${response.status}`;
    const kind = proxyErrorKind(response.status, body);
    const details = parsed && isRecord(body) ? body : undefined;
    const code = typeof details?.code === 'string' ? details.code : undefined;
    throw new TaskApiError(message, { kind, status: response.status, endpoint: label, retryAfterMs, code, details });
  }
  if (empty) {
    if (endpoint.emptyBodyIsSuccess) return undefined;
    throw new TaskApiError(`${label} answered with an empty body`, { kind: 'parse', status: response.status, endpoint: label });
  }
  if (!parsed || !isRecord(body)) {
    throw new TaskApiError(`${label} answered with a body that is not a JSON object`, {
      kind: 'parse',
      status: response.status,
      endpoint: label,
    });
  }
  // An object without a boolean `success` is not the envelope (spec §2.1): some other server answered.
  if (typeof body.success !== 'boolean') {
    throw new TaskApiError(`${label} answered with JSON that is not the service's envelope`, {
      kind: 'parse',
      status: response.status,
      endpoint: label,
    });
  }
  if (body.success !== true) {
    throw new TaskApiError(errorText(body) ?? `${label} was refused by the service`, {
      kind: 'api',
      status: response.status,
      endpoint: label,
    });
  }
  return body;
}

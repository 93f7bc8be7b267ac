import { buildEndpointPath, createDeadline, isUnsafePathParameter, matchTaskEndpoint, readLimited, type TaskEndpoint } from '../client';

/** Options of `createTaskProxy`. */
export interface TaskProxyOptions {
  /** The task service address (`{base_url}` in the spec); `/api/v1/...` is appended. */
  upstream: string;
  /** The key added to every forwarded request as `x-api-key`. It never reaches the browser. */
  apiKey: string;
  /**
   * Path the proxy is mounted under, stripped before matching, e.g. `/api/hitl` when the
   * browser client's `baseUrl` is `/api/hitl`. Default: `''` (mounted at the root).
   */
  basePath?: string;
  /** The `fetch` used to reach the upstream. Default: `globalThis.fetch`, looked up at call time. */
  fetch?: (input: Request) => Promise<Response>;
  /** Largest request body forwarded; a larger one is answered 413. Default: 1 MiB (1048576). */
  maxBodyBytes?: number;
  /** Milliseconds to wait for the upstream before answering 504; 0 disables it. Default: 30000. */
  timeoutMs?: number;
  /**
   * Decides whether a request may use the proxy at all, e.g. by checking your app's session
   * cookie. Refused requests are answered 403 and never reach the upstream. Without it, anyone
   * who can reach the proxy spends your key. Default: every request is allowed.
   */
  authorize?: (request: Request) => boolean | Promise<boolean>;
}

/** The 1 MiB default of `maxBodyBytes`. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

// Allow-lists rather than block-lists: anything the browser sends for your own backend
// (cookies, session headers, `authorization`) must not reach the task service, and nothing
// the service sets (cookies, its own headers) should reach the browser.
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'user-agent', 'x-request-id'];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'retry-after', 'cache-control', 'x-request-id'];

/**
 * A key-hiding proxy in front of the task service, as a web-standard handler
 * (`(Request) => Promise<Response>`): a Next.js route handler, a Hono/Remix/Deno handler, or a
 * Node server through `toNodeListener`.
 *
 * It forwards exactly the ten endpoints of the service (method and path shape) with the key
 * added, and only the query parameters each endpoint takes. Everything else is answered with
 * the service's own error envelope: 404 for any other path or method, 403 when `authorize`
 * refuses, 413 for a body over `maxBodyBytes`, 502 when the upstream cannot be reached or
 * redirects, 504 when it does not answer within `timeoutMs`. The key is scrubbed from
 * anything the upstream sends back.
 *
 * ```ts
 * // app/api/hitl/[...path]/route.ts
 * const proxy = createTaskProxy({ upstream: process.env.TASKS_URL!, apiKey: process.env.TASKS_KEY!, basePath: '/api/hitl' });
 * export { proxy as GET, proxy as POST, proxy as PUT };
 * ```
 */
export function createTaskProxy(options: TaskProxyOptions): (request: Request) => Promise<Response> {
  if (typeof options.apiKey !== 'string' || options.apiKey === '')
    throw new TypeError('createTaskProxy: apiKey must be a non-empty string');
  const upstream = new URL(options.upstream);
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    throw new TypeError('createTaskProxy: upstream must be an http(s) URL');
  const upstreamBase = upstream.origin + upstream.pathname.replace(/\/+$/, '');
  const basePath = normaliseBasePath(options.basePath ?? '');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const apiKey = options.apiKey;
  const keyForms = [...new Set([apiKey, JSON.stringify(apiKey).slice(1, -1), encodeURIComponent(apiKey)])];
  const scrub = (text: string) => keyForms.reduce((out, form) => out.split(form).join('[redacted]'), text);

  return async function taskProxy(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = stripBasePath(url.pathname, basePath);
    const match = path === undefined ? undefined : matchTaskEndpoint(path);
    const endpoint = match?.endpoints.find((candidate) => candidate.method === request.method);
    if (match === undefined || endpoint === undefined || (match.taskId !== undefined && isUnsafePathParameter(match.taskId))) {
      return envelope(404, 'Not found');
    }
    if (options.authorize !== undefined && !(await options.authorize(request))) return envelope(403, 'Forbidden');

    let body: Uint8Array | undefined;
    if (endpoint.jsonBody) {
      const read = await readLimited(request, maxBodyBytes).catch(() => 'unreadable' as const);
      if (read === 'unreadable') return envelope(400, 'The request body could not be read');
      if (read === 'too-large') return envelope(413, `Request body larger than ${maxBodyBytes} bytes`);
      body = read;
    }

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
        upstreamResponse = await (options.fetch ?? globalThis.fetch)(
          new Request(upstreamUrl(upstreamBase, endpoint, match.taskId, url.searchParams), {
            method: endpoint.method,
            headers,
            body: body === undefined ? null : (body as BodyInit),
            signal: deadline.signal,
            // A redirect would carry the key to wherever it points.
            redirect: 'manual',
          }),
        );
      } catch {
        return deadline.timedOut
          ? envelope(504, 'The task service did not answer in time')
          : envelope(502, 'The task service could not be reached');
      }
      if (upstreamResponse.status >= 300 && upstreamResponse.status < 400) {
        void upstreamResponse.body?.cancel().catch(() => undefined);
        return envelope(502, 'The task service answered with a redirect');
      }

      let text: string;
      try {
        text = await upstreamResponse.text();
      } catch {
        return deadline.timedOut
          ? envelope(504, 'The task service did not answer in time')
          : envelope(502, 'The task service answer was cut off');
      }
      const responseHeaders = new Headers({ 'cache-control': 'no-store' });
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        const value = upstreamResponse.headers.get(name);
        if (value !== null) responseHeaders.set(name, scrub(value));
      }
      return new Response(text === '' ? null : scrub(text), { status: upstreamResponse.status, headers: responseHeaders });
    } finally {
      deadline.dispose();
    }
  };
}

function normaliseBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function stripBasePath(pathname: string, basePath: string): string | undefined {
  if (basePath === '') return pathname;
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  return pathname.slice(basePath.length);
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

function envelope(status: number, error: string): Response {
  return new Response(JSON.stringify({ success: false, error }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * The parts of Node's `http.IncomingMessage` the adapter uses. Declared here rather than
 * imported, so this package's types do not require `@types/node`.
 */
export interface NodeRequestLike {
  method?: string | undefined;
  url?: string | undefined;
  headers: { [name: string]: string | string[] | undefined };
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

/** The parts of Node's `http.ServerResponse` the adapter uses. */
export interface NodeResponseLike {
  statusCode: number;
  readonly headersSent: boolean;
  readonly writableFinished: boolean;
  setHeader(name: string, value: string | string[]): unknown;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  destroy(error?: Error): unknown;
  once(event: 'drain', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/** A `node:http` request listener, e.g. for `http.createServer(listener)`. */
export type NodeListener = (request: NodeRequestLike, response: NodeResponseLike) => void;

/** Options of `toNodeListener`. */
export interface ToNodeListenerOptions {
  /**
   * Called when the handler throws (the adapter then answers 500, or drops the connection if
   * the answer had started). Not called when the client went away first.
   * Default: `console.error` with the error.
   */
  onError?: (error: unknown) => void;
}

// Headers that describe one hop's connection, not the message; Node sets its own.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'content-length',
]);

/**
 * Adapts a web-standard handler (`(Request) => Promise<Response>`, as made by
 * `createTaskProxy`) to a `node:http` listener:
 *
 * ```ts
 * http.createServer(toNodeListener(createTaskProxy({ upstream, apiKey }))).listen(3000);
 * ```
 *
 * The request body is streamed to the handler. `request.signal` aborts when the client
 * disconnects, so the handler can stop waiting on its own upstream. A `Response.error()` —
 * the web's network error — drops the connection without an answer.
 */
export function toNodeListener(handler: (request: Request) => Promise<Response>, options: ToNodeListenerOptions = {}): NodeListener {
  const onError = options.onError ?? ((error: unknown) => console.error('hitl-react: request handler failed', error));

  return (req, res) => {
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort(new DOMException('The client closed the connection', 'AbortError'));
    });
    void respond(handler, req, res, controller).catch((error: unknown) => {
      if (controller.signal.aborted) return;
      onError(error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.write(new TextEncoder().encode(JSON.stringify({ success: false, error: 'Internal server error' })));
      res.end();
    });
  };
}

async function respond(
  handler: (request: Request) => Promise<Response>,
  req: NodeRequestLike,
  res: NodeResponseLike,
  controller: AbortController,
): Promise<void> {
  const request = toRequest(req, controller.signal);
  const response = await handler(request);
  if (controller.signal.aborted) return;
  if (response.type === 'error') {
    res.destroy();
    return;
  }

  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);

  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (controller.signal.aborted) return;
      if (!res.write(value)) await drained(res, controller.signal);
    }
    res.end();
  } finally {
    if (controller.signal.aborted) void reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * Waits for `drain`, or for the client to go away (a closed response never drains). The abort
 * listener is removed on drain, not left to pile up: a long answer waits here once per chunk.
 */
function drained(res: NodeResponseLike, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const onAbort = () => resolve();
    signal.addEventListener('abort', onAbort, { once: true });
    res.once('drain', () => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

function toRequest(req: NodeRequestLike, signal: AbortSignal): Request {
  const method = (req.method ?? 'GET').toUpperCase();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2 pseudo-headers (`:path`) are not valid header names for `Headers`.
    if (value === undefined || name.startsWith(':')) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = bodyStream(req);
    // Node's fetch requires this for a streamed body.
    init.duplex = 'half';
  }
  return new Request(requestUrl(req), init);
}

/**
 * The origin is only a placeholder a handler should not trust (the Host header is the
 * client's to choose); the path is kept exactly as sent, so a request target like
 * `//host/path` stays a path instead of becoming another origin.
 */
function requestUrl(req: NodeRequestLike): string {
  const target = req.url ?? '/';
  const host = typeof req.headers.host === 'string' && /^[a-z0-9.:[\]-]+$/i.test(req.headers.host) ? req.headers.host : 'localhost';
  if (target.startsWith('/')) return `http://${host}${target}`;
  try {
    // Absolute-form target (`GET http://host/path`), as some clients send to a proxy.
    const absolute = new URL(target);
    return `http://${host}${absolute.pathname}${absolute.search}`;
  } catch {
    return `http://${host}/`;
  }
}

function bodyStream(req: NodeRequestLike): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk) => {
        if (cancelled) return;
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on('end', () => {
        if (!cancelled) controller.close();
      });
      req.on('error', (error) => {
        if (!cancelled) controller.error(error);
      });
      req.pause();
    },
    pull() {
      req.resume();
    },
    cancel() {
      // Drain rather than destroy the rest: destroying would reset the connection before the
      // handler's answer (e.g. 413) reaches the client.
      cancelled = true;
      req.resume();
    },
  });
}

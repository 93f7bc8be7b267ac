import { limitBodyTime, plainAnswer, watchHeaders } from './node-time-limits';
import type { NodeListener, NodeRequestLike, NodeResponseLike } from './node-http-types';

export type { NodeListener, NodeRequestLike, NodeResponseLike, NodeServerLike, NodeSocketLike } from './node-http-types';

/** Options of `toNodeListener`. */
export interface ToNodeListenerOptions {
  /**
   * Called when the handler throws (the adapter then answers 500, or drops the connection if
   * the answer had started). Not called when the client went away first.
   * Default: `console.error` with the error.
   */
  onError?: (error: unknown) => void;
  /**
   * Milliseconds a client may take to send a request's headers, counted from when its connection
   * opens, or on a kept-alive connection from the end of the server's `keepAliveTimeout` after the
   * previous answer. Past it the client gets 408 and the connection is closed, so a client that
   * trickles its headers cannot hold a connection open. See `attach`. 0 turns it off. Default: 10000.
   */
  headersTimeoutMs?: number;
  /**
   * Milliseconds a client may take to send a request's whole body, counted from its headers. Past
   * it the handler's `request.signal` aborts, the client gets 408 (or, if the answer had started,
   * nothing more) and the connection is closed: a body trickled a byte at a time cannot hold a
   * connection, or the handler, for ever. 0 turns it off. Default: 30000.
   */
  bodyTimeoutMs?: number;
}

/** Defaults of `ToNodeListenerOptions`. */
const NODE_LISTENER_DEFAULTS = Object.freeze({ headersTimeoutMs: 10_000, bodyTimeoutMs: 30_000 });

// Methods the Fetch API refuses to put in a `Request`: a web-standard handler can never take them.
const UNREPRESENTABLE_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

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
 * const listener = toNodeListener(createTaskProxy({ upstream, apiKey }));
 * const server = http.createServer(listener);
 * listener.attach(server); // the headers time limit from the first connection on
 * server.listen(3000);
 * ```
 *
 * The request body is streamed to the handler. `request.signal` aborts when the client
 * disconnects, so the handler can stop waiting on its own upstream. A `Response.error()` —
 * the web's network error — drops the connection without an answer, as does a body that errors
 * with an `AbortError` after the answer started. Headers and bodies that take too long are cut
 * off (`headersTimeoutMs`, `bodyTimeoutMs`). `TRACE`, `TRACK` and `CONNECT`, which a `Request`
 * cannot carry, are answered 405 without reaching the handler.
 */
export function toNodeListener(handler: (request: Request) => Promise<Response>, options: ToNodeListenerOptions = {}): NodeListener {
  const onError = options.onError ?? ((error: unknown) => console.error('hitl-react: request handler failed', error));
  const headers = watchHeaders(options.headersTimeoutMs ?? NODE_LISTENER_DEFAULTS.headersTimeoutMs);
  const bodyTimeoutMs = options.bodyTimeoutMs ?? NODE_LISTENER_DEFAULTS.bodyTimeoutMs;

  const listener = (req: NodeRequestLike, res: NodeResponseLike) => {
    headers.requestStarted(req, res);
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort(new DOMException('The client closed the connection', 'AbortError'));
    });
    if (UNREPRESENTABLE_METHODS.has((req.method ?? '').toUpperCase())) {
      // Not the handler's to see, and nothing went wrong: the method is simply not allowed.
      plainAnswer(res, 405, 'Method not allowed');
      return;
    }
    const body = hasBody(req) ? bodyStream(req) : undefined;
    if (body !== undefined && bodyTimeoutMs > 0) limitBodyTime(req, res, body, controller, bodyTimeoutMs);
    void respond(handler, req, res, controller, body?.stream).catch((error: unknown) => {
      if (controller.signal.aborted) return;
      // A body that aborts itself once the answer is under way (an event stream dropping a client
      // that does not read) ends the connection by the handler's choice: nothing to report.
      if (res.headersSent && (error as { name?: unknown } | null)?.name === 'AbortError') {
        res.destroy();
        return;
      }
      onError(error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      plainAnswer(res, 500, 'Internal server error');
    });
  };
  return Object.assign(listener, { attach: headers.attach });
}

const hasBody = (req: NodeRequestLike) => {
  const method = (req.method ?? 'GET').toUpperCase();
  return method !== 'GET' && method !== 'HEAD';
};

async function respond(
  handler: (request: Request) => Promise<Response>,
  req: NodeRequestLike,
  res: NodeResponseLike,
  controller: AbortController,
  body: ReadableStream<Uint8Array> | undefined,
): Promise<void> {
  const request = toRequest(req, controller.signal, body);
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
  // A body may end while the client does not read: an event stream drops such a client by erroring.
  // The wait for a drain that never comes must end then too, so the connection is closed below.
  let wake: (() => void) | undefined;
  reader.closed.then(
    () => wake?.(),
    () => wake?.(),
  );
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (controller.signal.aborted) return;
      if (!res.write(value)) await drained(res, controller.signal, (resolve) => (wake = resolve));
    }
    res.end();
  } finally {
    if (controller.signal.aborted) void reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * Waits for `drain`, for the client to go away (a closed response never drains), or for the body
 * to end (`onBodyEnd` is handed the function that ends the wait). The abort listener is removed on
 * drain, not left to pile up: a long answer waits here once per chunk.
 */
function drained(res: NodeResponseLike, signal: AbortSignal, onBodyEnd: (resolve: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const onAbort = () => resolve();
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    onBodyEnd(done);
    res.once('drain', done);
  });
}

function toRequest(req: NodeRequestLike, signal: AbortSignal, body: ReadableStream<Uint8Array> | undefined): Request {
  const method = (req.method ?? 'GET').toUpperCase();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2 pseudo-headers (`:path`) are not valid header names for `Headers`.
    if (value === undefined || name.startsWith(':')) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (body !== undefined) {
    init.body = body;
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

function bodyStream(req: NodeRequestLike): { stream: ReadableStream<Uint8Array>; fail(error: Error): void } {
  const encoder = new TextEncoder();
  let cancelled = false;
  let fail: (error: Error) => void = () => undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      fail = (error) => {
        if (cancelled) return;
        cancelled = true;
        controller.error(error);
      };
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
  return { stream, fail: (error) => fail(error) };
}

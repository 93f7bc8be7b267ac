import type * as SrvxNode from 'srvx/node';
import { errorEnvelope } from '../client';
import { importOptionalPeer } from '../utils';
import { limitBodyTime, watchHeaders } from './node-time-limits';
import type { NodeListener, NodeRequestLike, NodeResponseLike } from './node-http-types';

/** Options of `toNodeListener`. */
export interface ToNodeListenerOptions {
  /**
   * Called when the handler throws (the adapter then answers 500), and when `srvx`, found when the
   * listener was made, fails to load. Not called when the client went away first, nor for an
   * answer's body that fails once it is under way (the connection is closed).
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

type Srvx = typeof SrvxNode;
type SrvxResponse = Parameters<Srvx['sendNodeResponse']>[0];
type SrvxRequest = ConstructorParameters<Srvx['NodeRequest']>[0]['req'];

/** The module of the optional peer `srvx` the adapter uses. */
const SRVX_NODE = 'srvx/node';

/** `import.meta` where the runtime resolves a specifier synchronously (Node ≥ 20.6, Bun, Deno). */
interface ResolvingImportMeta {
  resolve?: (specifier: string) => string;
}

/**
 * Throws, with the install line, when `specifier` (`srvx/node`) cannot be found from here: a
 * listener that could only answer 500 is not made. Resolving loads nothing. The specifier is a
 * parameter, so a bundler that resolves a literal `import.meta.resolve('…')` at build time
 * leaves this one to the runtime, as it does the import. Where the runtime cannot resolve
 * synchronously (a bundler replaced `import.meta.resolve`), the check is skipped and a missing
 * `srvx` is reported by `onError` on the first requests instead.
 */
function assertPeerFound(specifier: string): void {
  if (typeof (import.meta as ResolvingImportMeta).resolve !== 'function') return;
  try {
    (import.meta as ResolvingImportMeta).resolve?.(specifier);
  } catch (error) {
    throw new Error(`toNodeListener needs the srvx package (npm install srvx): ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

let loading: Promise<Srvx> | undefined;

/** `srvx/node`, an optional peer, imported once, on the first listener made; a failure is tried again on the next request. */
function loadSrvx(): Promise<Srvx> {
  loading ??= (importOptionalPeer(SRVX_NODE, 'toNodeListener') as Promise<Srvx>).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Adapts a web-standard handler (`(Request) => Promise<Response>`, as made by
 * `createTaskProxy`) to a `node:http` listener, with `srvx` (an optional peer: `npm install srvx`;
 * without it this throws, with that line, rather than make a listener that answers 500):
 *
 * ```ts
 * const listener = toNodeListener(createTaskProxy({ upstream, apiKey }));
 * const server = http.createServer(listener);
 * listener.attach(server); // the headers time limit from the first connection on
 * server.listen(3000);
 * ```
 *
 * The request body is streamed to the handler. `request.signal` aborts when the client
 * disconnects, so the handler can stop waiting on its own upstream. The origin of `request.url`
 * comes from the client's `Host` header: a handler should not trust it. A `Response.error()` —
 * the web's network error — drops the connection without an answer, as does a body that errors
 * after the answer started. Headers and bodies that take too long are cut off
 * (`headersTimeoutMs`, `bodyTimeoutMs`). `TRACE`, `TRACK` and `CONNECT`, which a `Request`
 * cannot carry, are answered 405 without reaching the handler.
 */
export function toNodeListener(handler: (request: Request) => Promise<Response>, options: ToNodeListenerOptions = {}): NodeListener {
  assertPeerFound(SRVX_NODE);
  const onError = options.onError ?? ((error: unknown) => console.error('hitl-react: request handler failed', error));
  const headers = watchHeaders(options.headersTimeoutMs ?? NODE_LISTENER_DEFAULTS.headersTimeoutMs);
  const bodyTimeoutMs = options.bodyTimeoutMs ?? NODE_LISTENER_DEFAULTS.bodyTimeoutMs;
  // Started now, so the first request does not wait for it; a failure to load what was found
  // is reported per request.
  loadSrvx().catch(() => undefined);

  const listener = (req: NodeRequestLike, res: NodeResponseLike) => {
    headers.requestStarted(req, res);
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort(new DOMException('The client closed the connection', 'AbortError'));
    });
    const method = (req.method ?? 'GET').toUpperCase();
    if (bodyTimeoutMs > 0 && method !== 'GET' && method !== 'HEAD') {
      limitBodyTime(req, res, bodyTimeoutMs, () => {
        const error = new DOMException('The request body did not arrive in time', 'TimeoutError');
        controller.abort(error);
        void cutOff(req, res, error).catch(() => req.destroy(error));
      });
    }
    void answer(handler, req, res, method, controller.signal, onError).catch(() => res.destroy());
  };
  return Object.assign(listener, { attach: headers.attach });
}

async function answer(
  handler: (request: Request) => Promise<Response>,
  req: NodeRequestLike,
  res: NodeResponseLike,
  method: string,
  signal: AbortSignal,
  onError: (error: unknown) => void,
): Promise<void> {
  let srvx: Srvx;
  try {
    srvx = await loadSrvx();
  } catch (error) {
    onError(error);
    await answerWithoutSrvx(res, errorEnvelope(500, 'Internal server error'));
    return;
  }
  const out = res as unknown as SrvxResponse;
  // Not the handler's to see, and nothing went wrong: the method is simply not allowed.
  if (UNREPRESENTABLE_METHODS.has(method)) return srvx.sendNodeResponse(out, errorEnvelope(405, 'Method not allowed'));
  try {
    // srvx reads the address, headers and body; the handler gets a standard `Request` (which
    // `new Request(request, init)` can copy, as it cannot srvx's own) with a signal of the adapter's,
    // aborted at once when the client leaves or its body is late.
    const source = new srvx.NodeRequest({ req: req as unknown as SrvxRequest, res: out });
    const body = source.body;
    const init: RequestInit & { duplex?: 'half' } = { method, headers: source.headers, body, signal };
    if (body !== null) init.duplex = 'half';
    const response = await handler(new Request(source.url, init));
    if (signal.aborted || res.destroyed) {
      void response.body?.cancel().catch(() => undefined);
      return;
    }
    if (response.type === 'error') {
      res.destroy();
      return;
    }
    await srvx.sendNodeResponse(out, response);
  } catch (error) {
    if (signal.aborted || res.destroyed) return;
    onError(error);
    if (res.headersSent) res.destroy();
    else await srvx.sendNodeResponse(out, errorEnvelope(500, 'Internal server error'));
  }
}

/**
 * A body that came too late: 408 unless the answer started, then the request destroyed, which
 * closes the connection (the client may still be trickling) and fails the body the handler reads.
 */
async function cutOff(req: NodeRequestLike, res: NodeResponseLike, error: Error): Promise<void> {
  if (!res.headersSent && !res.destroyed) {
    const late = errorEnvelope(408, 'Request timeout', { headers: { connection: 'close' } });
    await (await loadSrvx()).sendNodeResponse(res as unknown as SrvxResponse, late).catch(() => undefined);
  }
  req.destroy(error);
}

/** The one answer there is without srvx: a short one, written as it is. */
async function answerWithoutSrvx(res: NodeResponseLike, response: Response): Promise<void> {
  const body = new Uint8Array(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(body);
}

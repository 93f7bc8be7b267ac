/// <reference types="node" />
import { toNodeListener } from '../node';
import { createSimulatedService, type SimulatedService, type SimulatedServiceOptions } from './simulated-service';

/**
 * CORS headers of every answer. `*` is safe here: the simulator holds no one's data and the key
 * travels in a header, never in a cookie, so no credentials mode is needed.
 */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  // Not safelisted, and the client reads it to pace its retries.
  'access-control-expose-headers': 'retry-after',
};

const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': 'GET, POST, PUT',
  // `idempotency-key`: a page names each answer with it (`createTaskClient`'s `submitToolInput`).
  'access-control-allow-headers': 'x-api-key, content-type, accept, idempotency-key',
  'access-control-max-age': '600',
};

/** The answer with CORS headers added; a dropped connection stays one. */
function withCorsHeaders(response: Response): Response {
  if (response.type === 'error') return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(CORS_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** How long a client may take to send a request's headers, and the whole request. */
const SLOW_CLIENT_LIMITS = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 };

/** Options of `startSimulatorServer`: the service's own, and where to listen. */
export interface SimulatorServerOptions extends SimulatedServiceOptions {
  /** Port to listen on; 0 picks a free one. Default: 0. */
  port?: number;
  /** Interface to listen on. Default: `'127.0.0.1'`. */
  host?: string;
  /**
   * Lets web pages on any origin call the API (CORS): preflights are answered and `x-api-key`,
   * `content-type` and `Idempotency-Key` may be sent. Meant for apps on a local dev server talking to the
   * simulator directly; a real service is reached through `createTaskProxy` instead.
   * Default: true.
   */
  cors?: boolean;
}

/** A running simulator server, made by `startSimulatorServer`. */
export interface SimulatorServer {
  /** The server's address, e.g. `http://127.0.0.1:41234`: the `baseUrl` for `createTaskClient`. */
  url: string;
  port: number;
  /** The service behind the server: faults, request log, state. */
  service: SimulatedService;
  /** Stops listening, ends hanging requests and open connections. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Serves a simulated service over HTTP (Node only), with the same handler as the in-process
 * face. Besides the API it serves, without a key, the live view (`/live/<runId>`) and the
 * recordings (`/recordings/<runId>.gif`) its answers point to; `publicUrl` defaults to the
 * server's own address. Needs the optional peer `srvx`: without it, rejects at once, with the
 * install line, before listening.
 */
export async function startSimulatorServer(options: SimulatorServerOptions = {}): Promise<SimulatorServer> {
  const { port: askedPort, host = '127.0.0.1', cors = true, ...serviceOptions } = options;
  // Made first: without `srvx` it throws here, with the install line, before a port is taken.
  // Requests reach `respond` once the server below has its listener, after `respond` is defined.
  const listener = toNodeListener((request) => respond(request), { headersTimeoutMs: 0, bodyTimeoutMs: 0 });
  // Imported here, not at the top, so `hitl-react/testing` still loads in a browser.
  const http = await import('node:http');
  // Node's own limits on slow clients: the server is made here, so it can check them every second
  // (Node's default is every 30 s), and the listener's own timers are not needed.
  const server = http.createServer({
    headersTimeout: SLOW_CLIENT_LIMITS.headersTimeoutMs,
    requestTimeout: SLOW_CLIENT_LIMITS.requestTimeoutMs,
    connectionsCheckingInterval: 1000,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(askedPort ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  // Made once the address is known, since the service's answers point at it. No request can
  // arrive before the listener below is added: connections are accepted in a later turn of the
  // event loop than the `listen` callback this code continues from.
  const service = createSimulatedService({ ...serviceOptions, publicUrl: serviceOptions.publicUrl ?? url });

  const inFlight = new Set<Promise<unknown>>();
  const answer = (request: Request): Promise<Response> => {
    const answering = service.handle(request);
    const settled = answering.then(
      () => undefined,
      () => undefined,
    );
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));
    return answering;
  };
  const respond = async (request: Request): Promise<Response> => {
    if (!cors) return answer(request);
    // A preflight carries no key by design, so it is answered here, before the key check.
    if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
      return new Response(null, { status: 204, headers: { ...CORS_HEADERS, ...PREFLIGHT_HEADERS } });
    }
    return withCorsHeaders(await answer(request));
  };
  server.on('request', listener);

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    service,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive sockets and hanging requests would otherwise hold `close` open.
          server.closeAllConnections();
        });
        // Closed connections abort their handlers; wait until those have wound down too.
        await Promise.all(inFlight);
      })();
      return closing;
    },
  };
}

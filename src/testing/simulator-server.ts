/// <reference types="node" />
import { toNodeListener } from '../server/to-node-listener';
import { createSimulatedService, type SimulatedService, type SimulatedServiceOptions } from './simulated-service';

export interface SimulatorServerOptions extends SimulatedServiceOptions {
  /** Port to listen on; 0 picks a free one. Default: 0. */
  port?: number;
  /** Interface to listen on. Default: `'127.0.0.1'`. */
  host?: string;
}

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
 * server's own address.
 */
export async function startSimulatorServer(options: SimulatorServerOptions = {}): Promise<SimulatorServer> {
  // Imported here, not at the top, so `hitl-react/testing` still loads in a browser.
  const http = await import('node:http');
  const host = options.host ?? '127.0.0.1';
  let service: SimulatedService | undefined;
  const inFlight = new Set<Promise<unknown>>();
  const server = http.createServer(
    toNodeListener((request) => {
      if (service === undefined) {
        return Promise.resolve(
          new Response(JSON.stringify({ success: false, error: 'Starting up' }), { status: 503, headers: { 'content-type': 'application/json' } }),
        );
      }
      const answering = service.handle(request);
      const settled = answering.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
      return answering;
    }),
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  service = createSimulatedService({ ...options, publicUrl: options.publicUrl ?? url });

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

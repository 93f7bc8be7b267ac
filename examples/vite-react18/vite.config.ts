/**
 * The app's server side lives here for the example: Vite's dev and preview servers mount the
 * key-hiding proxy (`createTaskProxy`) at /api/hitl. It forwards to `HITL_UPSTREAM` with
 * `HITL_API_KEY`; without `HITL_UPSTREAM` it starts the simulated service (`hitl-react/testing`)
 * and uses that, so `npm run dev` works with no task service at all.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import react from '@vitejs/plugin-react';
import { createTaskProxy, toNodeListener } from 'hitl-react/server';
import { startSimulatorServer } from 'hitl-react/testing';
import { defineConfig, type Plugin } from 'vite';

const BASE_PATH = '/api/hitl';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

async function proxyMiddleware(): Promise<{ handle: Middleware; close: () => Promise<void> }> {
  let upstream = process.env.HITL_UPSTREAM;
  let apiKey = process.env.HITL_API_KEY ?? '';
  let closeSimulator = async () => {};
  if (upstream === undefined || upstream === '') {
    apiKey = 'sim_example_key';
    const simulator = await startSimulatorServer({ apiKey });
    upstream = simulator.url;
    closeSimulator = () => simulator.close();
  }
  const proxy = createTaskProxy({ upstream, apiKey, basePath: BASE_PATH });
  const listener = toNodeListener(proxy);
  return {
    handle: (request, response, next) => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      if (path === BASE_PATH || path.startsWith(`${BASE_PATH}/`)) void listener(request, response);
      else next();
    },
    close: async () => {
      await proxy.close();
      await closeSimulator();
    },
  };
}

function taskProxy(): Plugin {
  return {
    name: 'example:task-proxy',
    async configureServer(server) {
      const proxy = await proxyMiddleware();
      server.middlewares.use(proxy.handle);
      server.httpServer?.once('close', () => void proxy.close());
    },
    async configurePreviewServer(server) {
      const proxy = await proxyMiddleware();
      server.middlewares.use(proxy.handle);
      server.httpServer.once('close', () => void proxy.close());
    },
  };
}

export default defineConfig({
  plugins: [react(), taskProxy()],
});

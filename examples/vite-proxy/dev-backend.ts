// dev-backend.ts: run it beside `vite` (`npx tsx dev-backend.ts`).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTaskProxy, toNodeListener } from '../../src/server';
import { DEFAULT_SIMULATOR_API_KEY, startSimulatorServer } from '../../src/testing';

/** The simulated service, and the proxy that adds its key, on 127.0.0.1:`port` (0: a free port). */
export async function startDevBackend(port = Number(process.env.PROXY_PORT ?? 3001)) {
  // Against the real service: upstream 'https://…' and apiKey from the environment, no simulator.
  const simulator = await startSimulatorServer({ apiKey: DEFAULT_SIMULATOR_API_KEY });
  const proxy = createTaskProxy({ upstream: simulator.url, apiKey: DEFAULT_SIMULATOR_API_KEY, basePath: '/api/hitl' });
  const listener = toNodeListener(proxy);
  const server = createServer(listener);
  listener.attach(server);
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await proxy.close();
      await new Promise((closed) => server.close(closed));
      await simulator.close();
    },
  };
}

if (process.argv[1]?.endsWith('dev-backend.ts')) console.log(`Proxy at ${(await startDevBackend()).url}/api/hitl`);

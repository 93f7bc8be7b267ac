/**
 * One proxy instance of `npm run soak --instances N`, in a process of its own so the soak can kill
 * it with SIGKILL: the key-hiding proxy on the soak's Redis, mounted at `BASE_PATH`. Run with
 * `node --import tsx`; `UPSTREAM`, `API_KEY`, `REDIS_URL` and `BASE_PATH` come from the
 * environment. It sends `{ port }` once listening.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTaskProxy, toNodeListener } from '../src/server';
import { createRedisProxyStore } from '../src/server/redis';

const quiet = () => undefined;
const store = createRedisProxyStore({ url: process.env.REDIS_URL ?? '', onError: quiet });
const listener = toNodeListener(
  createTaskProxy({
    upstream: process.env.UPSTREAM ?? '',
    apiKey: process.env.API_KEY ?? '',
    basePath: process.env.BASE_PATH ?? '',
    timeoutMs: 15_000,
    store,
    // Redis restarts are the point of the soak; what counts is what the service applied.
    onStoreError: quiet,
  }),
);
const server = createServer(listener);
listener.attach(server);
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));

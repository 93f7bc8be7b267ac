/**
 * One proxy instance in a process of its own, on a shared Redis, so a test can kill it with
 * SIGKILL mid-answer. Forked by `forkProcess` (fork-process.ts); `UPSTREAM`, `API_KEY`,
 * `REDIS_URL`, `TIMEOUT_MS` and `RESET_GRACE_MS` (optional: the store's default) come from the
 * environment. It sends `{ port }` once listening.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTaskProxy, toNodeListener } from '../../../src/server';
import { createRedisProxyStore } from '../../../src/server/redis';

const grace = process.env.RESET_GRACE_MS;
const store = createRedisProxyStore({
  url: process.env.REDIS_URL ?? '',
  onError: () => undefined,
  resetGraceMs: grace === undefined ? undefined : Number(grace),
});
const listener = toNodeListener(
  createTaskProxy({
    upstream: process.env.UPSTREAM ?? '',
    apiKey: process.env.API_KEY ?? '',
    timeoutMs: Number(process.env.TIMEOUT_MS ?? 30_000),
    store,
    events: false,
    // Connection errors while the test restarts Redis are expected; the answers' outcomes are what it checks.
    onStoreError: () => undefined,
  }),
);
const server = createServer(listener);
listener.attach(server);
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));

/**
 * The proxy of the hub benchmark, in a process of its own so that its heap is measured alone:
 * started by bench/sections/hub.ts with `--expose-gc`, told the upstream through the environment;
 * reports its port, and its heap (after a full collection) and hub statistics when asked.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTaskProxy, toNodeListener, type EventHubStats } from '../../src/server';
import { createRedisProxyStore } from '../../src/server/redis';

export type ProxyProcessRequest = { type: 'heap' } | { type: 'close' };
export type ProxyProcessMessage = { type: 'ready'; port: number } | ({ type: 'heap'; heapUsed: number; rss: number } & EventHubStats);

const upstream = process.env.HUB_UPSTREAM;
const apiKey = process.env.HUB_API_KEY;
if (upstream === undefined || apiKey === undefined || process.send === undefined) throw new Error('Start this from bench/sections/hub.ts');
const send = (message: ProxyProcessMessage) => process.send?.(message);
const collect = (globalThis as { gc?: () => void }).gc;

// With `HUB_REDIS_URL`, one of several instances sharing a Redis store (the scale comparison).
const redisUrl = process.env.HUB_REDIS_URL;
const proxy = createTaskProxy({
  upstream,
  apiKey,
  basePath: '/api/hitl',
  store: redisUrl === undefined ? undefined : createRedisProxyStore({ url: redisUrl, prefix: process.env.HUB_REDIS_PREFIX }),
  // The load generator opens a thousand streams at once: a line per store or service condition is what an operator would see.
  logger: {
    info: (line) => console.log(`[proxy] ${line}`),
    warn: (line) => console.log(`[proxy] ${line}`),
    error: (line) => console.log(`[proxy] ${line}`),
  },
});
const server = createServer(toNodeListener(proxy));
// Thirty streams of 200 runs each name about 6.6 KB of task ids: within Node's default header limit.
server.listen(0, '127.0.0.1', () => send({ type: 'ready', port: (server.address() as AddressInfo).port }));

process.on('message', (message: ProxyProcessRequest) => {
  if (message.type === 'heap') void reportHeap();
  else
    void proxy.close().then(() => {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    });
});

/**
 * The heap after full collections, the least of three readings: requests in flight, and the abort
 * signals of finished fetches that Node frees only once their finalizers have run (a chain of them,
 * one collection each), are not what the hub keeps.
 */
async function reportHeap(): Promise<void> {
  const readings: number[] = [];
  for (let reading = 0; reading < 3; reading++) {
    for (let round = 0; round < 8; round++) {
      collect?.();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    readings.push(process.memoryUsage().heapUsed);
  }
  send({ type: 'heap', heapUsed: Math.min(...readings), rss: process.memoryUsage().rss, ...proxy.stats() });
}

/**
 * One proxy instance with its event hub on a Redis store, in a process of its own so a test can
 * kill it (SIGKILL). Forked by `forkProcess` (fork-process.ts); `UPSTREAM`, `API_KEY`,
 * `REDIS_URL`, `PREFIX`, `INTERVAL_MS` and `TIMEOUT_MS` (default 2000) come from the environment.
 * It sends `{ port }` once listening, every log line as `{ log: { level, message } }`, and its
 * stats when sent `stats`.
 */
import { createTaskProxy } from '../../../src/server';
import { createRedisProxyStore } from '../../../src/server/redis';
import { serveToParent } from './child-server';

const interval = Number(process.env.INTERVAL_MS ?? 300);
const log = (level: string) => (message: string) => process.send?.({ log: { level, message } });
const proxy = createTaskProxy({
  upstream: process.env.UPSTREAM ?? '',
  apiKey: process.env.API_KEY ?? '',
  timeoutMs: Number(process.env.TIMEOUT_MS ?? 2000),
  store: createRedisProxyStore({ url: process.env.REDIS_URL ?? '', prefix: process.env.PREFIX, onError: () => undefined }),
  logger: { info: log('info'), warn: log('warn'), error: log('error') },
  events: { pollIntervalMs: { status: interval, gif: interval }, firstPollJitterMs: 0, retryBaseMs: interval, retryCapMs: interval },
});
serveToParent(proxy);
process.on('message', (message) => {
  if (message === 'stats') process.send?.({ stats: proxy.stats() });
});

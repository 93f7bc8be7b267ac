/**
 * One proxy instance with notifications on a Redis store, in a process of its own so a test can
 * kill it (SIGKILL) while it watches a task. Forked by `forkProcess` (fork-process.ts); from the
 * environment: `NAME` (added to the webhook's address as `?from=`), `UPSTREAM`, `API_KEY`,
 * `REDIS_URL`, `PREFIX`, `WEBHOOK_URL`, `WEBHOOK_SECRET`, `INTERVAL_MS` (the hub's status interval)
 * and `WATCH_INTERVAL_MS` (the watch's). It sends `{ port }` once listening and its stats when sent
 * `stats`. Callers are named by the `x-auth-user` header (`user@team`).
 */
import { createTaskProxy, webhookChannel } from '../../../src/server';
import { createRedisProxyStore } from '../../../src/server/redis';
import { serveToParent } from './child-server';

const env = (name: string) => process.env[name] ?? '';
const interval = Number(env('INTERVAL_MS'));
const proxy = createTaskProxy({
  upstream: env('UPSTREAM'),
  apiKey: env('API_KEY'),
  basePath: '/api/hitl',
  // A Redis new to the test: its first answer need not wait for instances that could have answers out.
  store: createRedisProxyStore({ url: env('REDIS_URL'), prefix: env('PREFIX'), onError: () => undefined, resetGraceMs: 0 }),
  identify: (request) => {
    const who = request.headers.get('x-auth-user');
    return who === null ? null : { user: who, team: who.split('@')[1] ?? '' };
  },
  logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
  notify: {
    channels: [webhookChannel({ url: `${env('WEBHOOK_URL')}?from=${env('NAME')}`, secret: env('WEBHOOK_SECRET') })],
    link: (item) => `https://app.example.com/inbox#${encodeURIComponent(item.id)}`,
  },
  events: { pollIntervalMs: { status: interval, gif: interval }, firstPollJitterMs: 0, retryBaseMs: interval, retryCapMs: interval },
  toolCalls: { watch: { intervalMs: Number(env('WATCH_INTERVAL_MS')) } },
});
serveToParent(proxy);
process.on('message', (message) => {
  if (message === 'stats') process.send?.({ stats: proxy.stats() });
});

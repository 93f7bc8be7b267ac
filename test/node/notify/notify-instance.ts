/**
 * One proxy instance with notification rules on a Redis store, in a process of its own so a test
 * can kill it (SIGKILL) mid-notification. Forked by `forkProcess` (../proxy/fork-process.ts); from
 * the environment: `NAME` (added to the webhook's address as `?from=`, so a receiver knows which
 * instance sent), `REDIS_URL`, `PREFIX`, `API_KEY`, `WEBHOOK_URL`, `WEBHOOK_SECRET`, `SMTP_PORT`,
 * `VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`, `ESCALATE_AFTER_MS`. It sends `{ port }` once listening,
 * every log line as `{ log: { level, message } }`, `{ answered: { id, answer } }` when a request it
 * holds (or a durable one, through `onAnswer`) gets its answer (`id` the source's), and opens a
 * request when sent `{ open: { id, team, durable } }`, saying `{ opened: { id, proxyId } }` (the
 * proxy's id, which pages, notifications and links name it by). Callers are named by the
 * `x-auth-user` header (`user@team`).
 */
import type { HumanRequest } from '../../../src/request';
import { createTaskProxy, emailChannel, webhookChannel, webPushChannel } from '../../../src/server';
import { createRedisProxyStore } from '../../../src/server/redis';
import { serveToParent } from '../proxy/child-server';

const env = (name: string) => process.env[name] ?? '';
const log = (level: string) => (message: string) => process.send?.({ log: { level, message } });
const webhook = () => webhookChannel({ url: `${env('WEBHOOK_URL')}?from=${env('NAME')}`, secret: env('WEBHOOK_SECRET') });

const proxy = createTaskProxy({
  // Requests need no task service.
  upstream: 'http://127.0.0.1:9',
  apiKey: env('API_KEY'),
  basePath: '/api/hitl',
  events: false,
  store: createRedisProxyStore({ url: env('REDIS_URL'), prefix: env('PREFIX'), onError: () => undefined }),
  identify: (request) => {
    const who = request.headers.get('x-auth-user');
    return who === null ? null : { user: who, team: who.split('@')[1] ?? '' };
  },
  logger: { info: log('info'), warn: log('warn'), error: log('error') },
  requests: { onAnswer: (request, answer) => void process.send?.({ answered: { id: request.id, answer } }) },
  notify: {
    channels: [
      webhook(),
      emailChannel({
        transport: { host: '127.0.0.1', port: Number(env('SMTP_PORT')), secure: false, ignoreTLS: true },
        from: 'Inbox <inbox@example.com>',
        to: (message) => `${message.team}@example.com`,
      }),
      webPushChannel({
        vapidDetails: { subject: 'mailto:ops@example.com', publicKey: env('VAPID_PUBLIC_KEY'), privateKey: env('VAPID_PRIVATE_KEY') },
      }),
    ],
    escalate: [{ afterMs: Number(env('ESCALATE_AFTER_MS')), channels: [webhook()] }],
    link: (item) => `https://app.example.com/inbox#${encodeURIComponent(item.id)}`,
  },
});

const room = (id: string): HumanRequest => ({
  id,
  source: 'mcp',
  kind: 'form',
  title: 'Which room?',
  schema: { type: 'object', properties: { room: { type: 'string' } }, required: ['room'] },
  allows: { decline: true },
});

serveToParent(proxy);
process.on('message', (message: { open?: { id: string; team: string; durable: boolean } }) => {
  const open = message.open;
  if (open === undefined) return;
  const opened = proxy.requests.open(room(open.id), { team: open.team, durable: open.durable });
  process.send?.({ opened: { id: open.id, proxyId: opened.id } });
  void opened.then((answer) => process.send?.({ answered: { id: open.id, answer } }));
});

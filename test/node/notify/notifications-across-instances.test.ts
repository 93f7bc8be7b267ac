/**
 * The notification rules of three proxy instances, each a process of its own, on one real
 * redis-server: a webhook (verified by `standardwebhooks`), an e-mail to a real SMTP server
 * (`smtp-server`) and a web push (`web-push`, to a local push endpoint) when a request starts
 * waiting, and a webhook escalation after `afterMs`. The instance sending a request's webhook is
 * killed (SIGKILL) while the receiver holds that delivery open, and Redis is restarted empty while
 * another request waits: every notification still arrives, each under one id (`webhook-id`, the
 * mail's `Message-ID`, the push's `Topic`), repeats of a notification carrying the same one; an
 * answered request is never escalated.
 */
import type { ChildProcess } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import webPush from 'web-push';
import { createRedisProxyStore } from '../../../src/server/redis';
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';
import { forkProcess } from '../proxy/fork-process';
import { startWebhookReceiver, type Delivery, type WebhookReceiver } from './webhook-receiver';

const KEY = 'sk_live_notify_across_8d21f0';
const PREFIX = 'notify-across:';
/** The escalation's `afterMs`: room enough for an answer to come first, however busy the machine. */
const AFTER_MS = 3000;
const vapid = webPush.generateVAPIDKeys();

interface Instance {
  readonly name: string;
  readonly child: ChildProcess;
  readonly url: string;
  readonly logs: string[];
  readonly answered: string[];
  readonly exited: Promise<void>;
}

let redis: RedisServer;
let receiver: WebhookReceiver;
let smtp: SMTPServer;
let pushService: Server;
const mails: string[] = [];
const pushes: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
const instances: Instance[] = [];
/** The proxy's id of each request opened, by its source's id (`r1`): webhooks, mails and links name the proxy's. */
const proxyIds = new Map<string, string>();
/** The source's id of the request the proxy knows as `proxyId`, else `proxyId`. */
const sourceIdOf = (proxyId: string) => [...proxyIds].find(([, id]) => id === proxyId)?.[0] ?? proxyId;
/** The first delivery, held open until the test lets it go. */
let held: { delivery: Delivery; release: () => void } | undefined;
let heldArrived: (delivery: Delivery) => void = () => undefined;

beforeAll(async () => {
  redis = await startRedisServer();
  receiver = await startWebhookReceiver(undefined, undefined, {
    hold: (delivery) => {
      if (held !== undefined) return undefined;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      held = { delivery, release };
      heldArrived(delivery);
      return released;
    },
  });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  pushService = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      pushes.push({ path: request.url ?? '', headers: request.headers });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const instance of instances) instance.child.kill('SIGKILL');
  await Promise.all(instances.map((instance) => instance.exited));
  held?.release();
  await receiver.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => {
    pushService.closeAllConnections();
    pushService.close(() => resolve());
  });
  await redis.stop();
});

async function start(name: string): Promise<Instance> {
  const child = await forkProcess(new URL('./notify-instance.ts', import.meta.url), {
    env: {
      ...process.env,
      NAME: name,
      REDIS_URL: redis.url,
      PREFIX,
      API_KEY: KEY,
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: receiver.secret,
      SMTP_PORT: String((smtp.server.address() as AddressInfo).port),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ESCALATE_AFTER_MS: String(AFTER_MS),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const logs: string[] = [];
  const answered: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.on(
      'message',
      (message: {
        port?: number;
        log?: { level: string; message: string };
        answered?: { id: string };
        opened?: { id: string; proxyId: string };
      }) => {
        if (message.log !== undefined) logs.push(`${message.log.level}: ${message.log.message}`);
        if (message.opened !== undefined) proxyIds.set(message.opened.id, message.opened.proxyId);
        if (message.answered !== undefined) answered.push(message.answered.id);
        if (message.port !== undefined) resolve(message.port);
      },
    );
    void exited.then(() => reject(new Error(`instance ${name} exited`)));
  });
  const instance = { name, child, url: `http://127.0.0.1:${port}/api/hitl`, logs, answered, exited };
  instances.push(instance);
  return instance;
}

const open = (at: Instance, id: string, durable: boolean) => at.child.send({ open: { id, team: 'blue', durable } });

interface Event {
  type: string;
  data: { requestId: string };
}
/** Each delivery as `<type> <requestId>` with its `webhook-id` and sender. */
const webhooks = () =>
  receiver.deliveries.map((delivery) => {
    const event = delivery.verified as Event | undefined;
    return {
      what: `${event?.type ?? 'unverified'} ${sourceIdOf(event?.data.requestId ?? '')}`,
      id: String(delivery.headers['webhook-id']),
      from: new URL(delivery.path, 'http://receiver').searchParams.get('from'),
      at: delivery.at,
    };
  });
const WAIT = { timeout: 20_000, interval: 50 };
const arrives = (what: string, from?: (sender: string | null) => boolean) =>
  expect.poll(() => webhooks().some((hook) => hook.what === what && (from?.(hook.from) ?? true)), WAIT).toBe(true);

/** A header of a raw mail, unfolded. */
const mailHeader = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw.split('\r\n\r\n')[0]!.replace(/\r\n(?=[ \t])/g, ''))?.[1]?.trim();

/** The distinct ids each notification (`<what>`) was sent under. */
function idsByNotification(entries: ReadonlyArray<{ what: string; id: string }>): Record<string, string[]> {
  const grouped: Record<string, Set<string>> = {};
  for (const { what, id } of entries) (grouped[what] ??= new Set()).add(id);
  return Object.fromEntries(Object.entries(grouped).map(([what, ids]) => [what, [...ids]]));
}

it('sends each notification once by id across instances, through a killed sender and a Redis restarted empty, and never escalates an answer', async () => {
  const started = performance.now();
  // A page of the team handed in its push subscription.
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const endpoint = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/ann`;
  const subscriptions = createRedisProxyStore({ url: redis.url, prefix: PREFIX });
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  await subscriptions.savePushSubscription(
    { team: 'blue', user: 'ann@blue', endpoint, subscription: JSON.stringify({ endpoint, keys }) },
    60_000,
  );
  await subscriptions.close();
  const [a, b, c] = await Promise.all([start('A'), start('B'), start('C')]);

  // (a) A request of A's; whichever instance sends its webhook is killed while the receiver holds it.
  const firstHeld = new Promise<Delivery>((resolve) => (heldArrived = resolve));
  const openedR1 = performance.now();
  open(a, 'r1', true);
  const sender = new URL((await firstHeld).path, 'http://receiver').searchParams.get('from');
  await expect.poll(() => [mails.length, pushes.length], WAIT).toEqual([1, 1]);
  const killed = instances.find((instance) => instance.name === sender)!;
  killed.child.kill('SIGKILL');
  await killed.exited;
  held?.release();
  const [alive, other] = [a, b, c].filter((instance) => instance !== killed) as [Instance, Instance];

  // Answered before its afterMs: never escalated.
  open(alive, 'r3', false);
  await arrives('request.waiting r3');
  const r3 = proxyIds.get('r3')!;
  expect(r3).toMatch(/^req_/);
  const reply = await fetch(`${other.url}/requests/${r3}/answer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-user': 'ann@blue' },
    body: JSON.stringify({ requestId: r3, action: 'accept', content: { room: '4417' } }),
  });
  expect(reply.status).toBe(200);
  await expect.poll(() => alive.answered, WAIT).toEqual(['r3']);

  // The killed sender's webhook comes from an instance alive, under the same id; the escalation once, after afterMs.
  await arrives('request.waiting r1', (from) => from !== sender);
  await arrives('request.escalation r1');
  const recovered = performance.now();
  const escalation = webhooks().find((hook) => hook.what === 'request.escalation r1')!;
  expect(escalation.at - openedR1).toBeGreaterThanOrEqual(AFTER_MS);

  // (b) Another request waits while Redis restarts empty. Opened after r3's answer, its escalation
  // also comes after every sweep that could have escalated r3.
  open(alive, 'r2', false);
  await arrives('request.waiting r2');
  await expect
    .poll(
      () => [new Set(mails.map((mail) => mailHeader(mail, 'message-id'))).size, new Set(pushes.map((push) => push.headers.topic)).size],
      WAIT,
    )
    .toEqual([3, 3]);
  await redis.kill();
  redis = await startRedisServer(redis.port);
  await arrives('request.escalation r2');

  const hooks = webhooks();
  expect(hooks.filter((hook) => hook.what.startsWith('unverified'))).toEqual([]);
  const byNotification = idsByNotification(hooks);
  expect(Object.keys(byNotification).sort()).toEqual([
    'request.escalation r1',
    'request.escalation r2',
    'request.waiting r1',
    'request.waiting r2',
    'request.waiting r3',
  ]);
  for (const ids of Object.values(byNotification)) expect(ids).toHaveLength(1);
  // One e-mail and one push per request that waited, each under one id.
  const mailIds = idsByNotification(
    mails.map((mail) => ({ what: sourceIdOf(/inbox#(req_[\w-]+)/.exec(mail)?.[1] ?? '?'), id: mailHeader(mail, 'message-id') ?? '' })),
  );
  expect(Object.keys(mailIds).sort()).toEqual(['r1', 'r2', 'r3']);
  for (const ids of Object.values(mailIds)) expect(ids).toHaveLength(1);
  expect(pushes.every((push) => push.path === '/push/ann' && /^vapid t=/.test(String(push.headers.authorization)))).toBe(true);
  expect(new Set(pushes.map((push) => push.headers.topic)).size).toBe(3);
  console.info(
    `notifications across instances: ${hooks.length} webhooks for 5 notifications, ${mails.length} mails and ${pushes.length} pushes for 3; ` +
      `the killed sender's webhook recovered ${Math.round(recovered - openedR1)} ms after its request opened; ${Math.round(performance.now() - started)} ms in all`,
  );
});

/**
 * The watch of a task created through the proxy, across two instances, each a process of its own,
 * on one real redis-server, in front of the simulated service: with no page open, one instance at
 * a time reads the run's status, and its call reaches the webhook; the instance reading it is
 * killed (SIGKILL) and the other goes on with the watch; the run answered and ended, the watch
 * stops everywhere and leaves the store's list.
 */
import type { ChildProcess } from 'node:child_process';
import { createRedisProxyStore } from '../../../src/server/redis';
import type { TaskProxyStats } from '../../../src/server';
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';
import { forkProcess } from './fork-process';
import { DELIVERY_TASK, startServiceFront, type ServiceFront } from './service-call-fixture';
import { startWebhookReceiver, type WebhookReceiver } from '../notify/webhook-receiver';

const KEY = 'sk_live_watch_across_4e8a21';
const PREFIX = 'watch-across:';
/** The hub's status interval, and the watch's: a lease outlives a turn by one of them, so a busy machine's late timer does not hand the watch over. */
const INTERVAL = 250;
const WATCH_INTERVAL = 500;
const WAIT = { timeout: 20_000, interval: 50 };

interface Instance {
  readonly name: string;
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<void>;
  stats(): Promise<TaskProxyStats>;
}

let redis: RedisServer;
let front: ServiceFront;
let receiver: WebhookReceiver;
const instances: Instance[] = [];

beforeAll(async () => {
  [redis, front, receiver] = await Promise.all([startRedisServer(), startServiceFront(KEY), startWebhookReceiver()]);
});

afterAll(async () => {
  for (const instance of instances) instance.child.kill('SIGKILL');
  await Promise.all(instances.map((instance) => instance.exited));
  await receiver.close();
  await front.close();
  await redis.stop();
});

async function start(name: string): Promise<Instance> {
  const child = await forkProcess(new URL('./watch-instance.ts', import.meta.url), {
    env: {
      ...process.env,
      NAME: name,
      UPSTREAM: front.upstream(name),
      API_KEY: KEY,
      REDIS_URL: redis.url,
      PREFIX,
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: receiver.secret,
      INTERVAL_MS: String(INTERVAL),
      WATCH_INTERVAL_MS: String(WATCH_INTERVAL),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    void exited.then(() => reject(new Error(`instance ${name} exited`)));
  });
  const stats = () =>
    new Promise<TaskProxyStats>((resolve) => {
      const heard = (message: { stats?: TaskProxyStats }) => {
        if (message.stats === undefined) return;
        child.off('message', heard);
        resolve(message.stats);
      };
      child.on('message', heard);
      child.send('stats');
    });
  const instance = { name, child, url: `http://127.0.0.1:${port}/api/hitl`, exited, stats };
  instances.push(instance);
  return instance;
}

const send = (at: Instance, method: string, path: string, body?: string) =>
  fetch(`${at.url}${path}`, { method, headers: { 'x-auth-user': 'ann@blue', 'content-type': 'application/json' }, body });

it('has one instance at a time watch a task created through the proxy, another go on when it is killed, and both stop when the run ends', async () => {
  const started = performance.now();
  const phases: string[] = [];
  const mark = (label: string) => phases.push(`${label} ${Math.round(performance.now() - started)} ms`);
  const [a, b] = await Promise.all([start('i0'), start('i1')]);
  const created = await send(a, 'POST', '/api/v1/task/create', DELIVERY_TASK);
  expect(created.status).toBe(200);
  const { taskId } = ((await created.json()) as { data: { taskId: string } }).data;
  mark('created');
  const reads = () => front.statusReads(taskId);

  // No page anywhere: the call reaches the webhook, once by id.
  await expect.poll(() => receiver.deliveries.length, WAIT).toBeGreaterThan(0);
  const event = receiver.deliveries[0]?.verified as { type: string; data: { requestId: string } };
  expect(event.type).toBe('request.waiting');
  const toolCallId = event.data.requestId.split('/')[1] ?? '';
  expect(event.data.requestId).toBe(`${taskId}/${toolCallId}`);
  mark('notified');

  // Both instances follow the watch (B from the store's list); the status is read by one of them at a time.
  await expect.poll(async () => [(await a.stats()).topics, (await b.stats()).topics], WAIT).toEqual([1, 1]);
  mark('both follow');
  const from = reads().length;
  await expect.poll(() => reads().length - from, WAIT).toBeGreaterThanOrEqual(3);
  const window = reads().slice(from);
  const holder = window[0]!.instance;
  expect(new Set(window.map((read) => read.instance))).toEqual(new Set([holder]));
  expect(window.every((read) => read.runStatus === 'running')).toBe(true);

  // The instance reading it dies; the other goes on with the watch.
  const [killed, survivor] = holder === a.name ? [a, b] : [b, a];
  killed.child.kill('SIGKILL');
  await killed.exited;
  const killedAt = reads().length;
  mark('killed');
  await expect.poll(() => reads().slice(killedAt).length, WAIT).toBeGreaterThanOrEqual(2);
  mark('taken over');

  // Answered by a page through the survivor: the run ends, and with it the watch, on the store's list too.
  const answer = JSON.stringify({ toolCallId, input: JSON.stringify([{ label: 'Delivery slot', value: 'Tuesday' }]) });
  expect((await send(survivor, 'POST', `/api/v1/task/${taskId}/run/tool-input`, answer)).status).toBe(200);
  mark('answered');
  await expect.poll(() => reads().at(-1)?.runStatus, WAIT).toBe('completed');
  mark('completed');
  await expect.poll(async () => (await survivor.stats()).topics, WAIT).toBe(0);
  mark('watch ended');
  expect(reads().at(-1)?.runStatus).toBe('completed');
  const store = createRedisProxyStore({ url: redis.url, prefix: PREFIX });
  try {
    expect(await store.listWatchedTasks?.(10)).toEqual([]);
  } finally {
    await store.close();
  }
  expect(front.requests.filter((request) => /\/run\/(result|gif)$/.test(request.path))).toEqual([]);
  expect(new Set(receiver.deliveries.map((delivery) => delivery.headers['webhook-id'])).size).toBe(1);
  console.info(
    `watch across instances: ${reads().length} status reads (${window.length} by ${holder} alone, then the survivor's); ` +
      `${phases.join(', ')}; ${Math.round(performance.now() - started)} ms in all`,
  );
});

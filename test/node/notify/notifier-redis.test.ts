/**
 * The notifications of two proxy instances on one real redis-server: one webhook per item and rule
 * (verified by `standardwebhooks`), the escalation once; and after Redis restarts empty, the
 * instances that sent send nothing again, while a new one repeats with the same `webhook-id`.
 */
import { createRedisProxyStore, type RedisProxyStore } from '../../../src/server/redis';
import { createNotifier } from '../../../src/server/notify/notify-create-notifier';
import type { Notifier, WaitingItem } from '../../../src/server/notify/notifier';
import { webhookChannel } from '../../../src/server/notify/webhook-channel';
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const item: WaitingItem = { id: 'req-redis', kind: 'request', team: 'ops', source: 'mcp', title: 'Approve', waitingSince: 0 };

let redis: RedisServer;
let receiver: WebhookReceiver;
const stores: RedisProxyStore[] = [];
const notifiers: Notifier[] = [];
let clock = 0;

beforeAll(async () => {
  redis = await startRedisServer();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await Promise.all(notifiers.map((notifier) => notifier.close()));
  await Promise.all(stores.map((store) => store.close()));
  await receiver.close();
  await redis.stop();
});

function instance(): Notifier {
  const store = createRedisProxyStore({ url: redis.url, prefix: 'notify-test:', onError: () => undefined });
  stores.push(store);
  const channel = webhookChannel({ url: receiver.url, secret: receiver.secret });
  const notifier = createNotifier(
    {
      channels: [channel],
      escalate: [{ afterMs: 5000, channels: [channel] }],
      link: (waiting) => `https://app.example.com/inbox#${waiting.id}`,
    },
    { store, logger: silent, now: () => clock, signingKey: 'one-key-for-every-instance' },
  );
  notifiers.push(notifier);
  return notifier;
}

/** Notices `item` on each instance, a second apart on the notifiers' clock, `rounds` times or until `deliveries` arrived. */
async function notice(instances: Notifier[], rounds: number, deliveries = 0) {
  for (let round = 0; round < rounds || receiver.deliveries.length < deliveries; round++) {
    for (const notifier of instances) notifier.notice(item);
    clock += 1000;
    // As the proxy's sweep does: the next notices come while claims may still be on their way.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('sends one webhook per rule across two instances, and after Redis restarts empty only a new instance repeats it, with the same webhook-id', async () => {
  const [a, b] = [instance(), instance()];
  await notice([a, b], 8, 2);
  const deliveries = await receiver.received(2);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(receiver.deliveries).toHaveLength(2);
  expect(deliveries.map((delivery) => delivery.verifyError)).toEqual([undefined, undefined]);
  const [waiting, escalation] = deliveries.map((delivery) => JSON.parse(delivery.body) as { type: string });
  expect([waiting?.type, escalation?.type]).toEqual(['request.waiting', 'request.escalation']);
  const ids = deliveries.map((delivery) => delivery.headers['webhook-id']);

  await redis.kill();
  redis = await startRedisServer(redis.port);
  await notice([a, b], 3);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(receiver.deliveries).toHaveLength(2);

  const c = instance();
  await notice([a, b, c], 3, 4);
  const repeats = await receiver.received(4);
  expect(repeats.slice(2).map((delivery) => delivery.headers['webhook-id'])).toEqual(ids);
  expect(repeats.slice(2).map((delivery) => delivery.verifyError)).toEqual([undefined, undefined]);
});

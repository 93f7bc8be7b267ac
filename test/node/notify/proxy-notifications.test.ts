/**
 * `createTaskProxy({ notify, toolCalls })` as a whole, over real HTTP: a request opened with
 * `proxy.requests.open` and a call of the task service seen pending through the proxy each send one
 * webhook (verified by `standardwebhooks`), an escalation comes once after `afterMs` when nobody
 * answered and never after an answer, a lazy proxy's notifications wait for its API key, a run
 * stopped at its call's deadline is in the audit trail, and pages hand in push subscriptions at
 * `{basePath}/push/subscriptions` as `authorize` allows.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createTaskProxy, type ProxyAccess, type TaskProxyNotifyOptions } from '../../../src/server';
import { webhookChannel } from '../../../src/server/notify/webhook-channel';
import { startCountingUpstream, type CountingUpstream } from '../proxy/counting-upstream';
import { answer, call, fx, instance, KEY, pid, room, roomAnswer, SECRET, sid, useRequestsFixture } from '../proxy/requests-fixture';
import { startWebhookReceiver, type Delivery, type WebhookReceiver } from './webhook-receiver';

useRequestsFixture();

/** Long enough for a local answer to come first, however busy the machine (a freeze of seconds would break it). */
const ESCALATE_AFTER_MS = 1000;

let receiver: WebhookReceiver;
let upstream: CountingUpstream | undefined;
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
  await upstream?.close();
  upstream = undefined;
});

const link = (item: { id: string }) => `https://app.example.com/inbox#${encodeURIComponent(item.id)}`;
function notify(escalate = true): TaskProxyNotifyOptions {
  const channel = webhookChannel({ url: receiver.url, secret: receiver.secret, retryBaseMs: 10 });
  return { channels: [channel], ...(escalate ? { escalate: [{ afterMs: ESCALATE_AFTER_MS, channels: [channel] }] } : {}), link, teams: {} };
}

interface Event {
  type: string;
  data: { requestId: string; kind: string; team: string; source: string; title: string; link?: string; webhookId: string };
}
const events = (deliveries: readonly Delivery[]) => deliveries.map((delivery) => delivery.verified as Event);
/** What arrived, as `<type> <requestId>` (a request's named by its source's id: `requestId` is the proxy's), in order. */
const arrived = () => events(receiver.deliveries).map((event) => `${event.type} ${sid(event.data.requestId) ?? event.data.requestId}`);
/** Resolves once a delivery `<type> <requestId>` arrived. */
async function delivered(line: string): Promise<void> {
  await expect.poll(arrived, { timeout: 10_000 }).toContain(line);
}

describe('the notifications of createTaskProxy', () => {
  it('sends one signed webhook for a request opened with proxy.requests.open, and escalates it once after afterMs', async () => {
    const a = await instance({ notify: notify() });
    const opened = a.proxy.requests.open(room('el-1'), { team: 'blue' });
    await delivered('request.waiting el-1');
    await delivered('request.escalation el-1');

    // A later request's escalation comes after every sweep that could have escalated the first again.
    void a.proxy.requests.open(room('el-2'), { team: 'blue' });
    await delivered('request.escalation el-2');
    expect(arrived()).toEqual(['request.waiting el-1', 'request.escalation el-1', 'request.waiting el-2', 'request.escalation el-2']);
    expect(receiver.deliveries.map((delivery) => delivery.verifyError)).toEqual([undefined, undefined, undefined, undefined]);
    const [first] = events(receiver.deliveries);
    expect(first?.data).toMatchObject({
      kind: 'waiting',
      team: 'blue',
      source: 'mcp',
      title: 'Which room?',
      link: link({ id: pid('el-1') }),
    });
    expect(first?.data.requestId).toBe(pid('el-1'));
    expect(new Set(receiver.deliveries.map((delivery) => delivery.headers['webhook-id'])).size).toBe(4);

    // Answered after its escalation: the source gets the answer, nothing of it is in any message.
    expect((await answer(a, 'ann@blue', 'el-1', roomAnswer('el-1'))).status).toBe(200);
    expect(await opened).toEqual(roomAnswer('el-1'));
    expect(receiver.deliveries.map((delivery) => delivery.body).join('\n')).not.toContain(SECRET);
  });

  it('never escalates a request answered before afterMs', async () => {
    const a = await instance({ notify: notify() });
    const opened = a.proxy.requests.open(room('answered'), { team: 'blue' });
    await delivered('request.waiting answered');
    expect((await answer(a, 'ann@blue', 'answered', roomAnswer('answered'))).status).toBe(200);
    await opened;

    // Opened after the answer: its escalation comes after the sweep that would have escalated the first.
    void a.proxy.requests.open(room('later'), { team: 'blue' });
    await delivered('request.escalation later');
    expect(arrived()).toEqual(['request.waiting answered', 'request.waiting later', 'request.escalation later']);
  });

  it("sends one webhook for a call of the task service seen pending through the proxy, and audits its run's stop at the deadline", async () => {
    upstream = await startCountingUpstream(KEY);
    const a = await instance({ upstream: upstream.url, notify: notify(false), toolCalls: { timeoutMs: 0, onExpired: 'stop' } });
    const created = await call(a, 'ann@blue', 'POST', '/api/v1/task/create', JSON.stringify({ task: 'Log in to the shop' }));
    const taskId = (created.body as { data: { taskId: string } }).data.taskId;
    for (let poll = 0; poll < 3; poll++) expect((await call(a, 'ann@blue', 'GET', `/api/v1/task/${taskId}/run/status`)).status).toBe(200);
    await delivered(`request.waiting ${taskId}/call-1`);
    const [event] = events(receiver.deliveries);
    expect(event?.data).toMatchObject({ kind: 'waiting', team: 'blue', source: 'task-service', title: 'ask' });

    await expect.poll(() => upstream?.requests.filter((request) => request.path.endsWith('/run/stop')).length).toBe(1);
    await expect
      .poll(() => fx.audited.filter((entry) => entry.action === 'stop_run'))
      .toEqual([expect.objectContaining({ user: '', team: 'blue', taskId, toolCallId: 'call-1', status: 200, outcome: 'accepted' })]);

    // Polled on, the call is told to nobody again (a request opened now is, and comes after).
    for (let poll = 0; poll < 3; poll++) await call(a, 'ann@blue', 'GET', `/api/v1/task/${taskId}/run/status`);
    void a.proxy.requests.open(room('after'), { team: 'blue' });
    await delivered('request.waiting after');
    expect(arrived()).toEqual([`request.waiting ${taskId}/call-1`, 'request.waiting after']);
  });

  it("waits for a lazy proxy's API key (its secret), then notifies with it", async () => {
    const environment: { key?: string } = {};
    const a = await instance({ upstream: () => undefined, apiKey: () => environment.key, notify: notify(false) });
    void a.proxy.requests.open(room('lazy'), { team: 'blue' });
    await expect.poll(() => fx.logged).toContain("notifications: the proxy's secret (or apiKey) is not set yet; notifications wait for it");
    expect(receiver.deliveries).toEqual([]);
    environment.key = KEY;
    await delivered('request.waiting lazy');
  });

  it('refuses rules and deadlines it cannot follow when the proxy is made, a lazy one too', () => {
    const lazy = { upstream: () => undefined, apiKey: () => undefined };
    expect(() => createTaskProxy({ ...lazy, toolCalls: { timeoutMs: -1 } })).toThrow(
      new TypeError('createTaskProxy: toolCalls.timeoutMs must be a number of ms, 0 or more'),
    );
    expect(() => createTaskProxy({ ...lazy, notify: { channels: [], link: undefined as never } })).toThrow(
      new TypeError('createTaskProxy: notify.link must be a function'),
    );
  });

  it('takes a push subscription at {basePath}/push/subscriptions for the caller, as authorize allows', async () => {
    const asked: ProxyAccess[] = [];
    const a = await instance({
      notify: notify(false),
      authorize: (_, access) => (asked.push(access), access.identity.user !== 'mal@blue'),
    });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/device-1';
    const subscription = JSON.stringify({
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    });

    expect((await call(a, 'mal@blue', 'POST', '/push/subscriptions', subscription)).status).toBe(403);
    expect(await fx.store.listPushSubscriptions('blue')).toEqual([]);
    expect((await call(a, 'ann@blue', 'POST', '/push/subscriptions', subscription)).status).toBe(201);
    expect(asked.map((access) => [access.endpoint, access.identity.user])).toEqual([
      ['pushSubscriptions', 'mal@blue'],
      ['pushSubscriptions', 'ann@blue'],
    ]);
    expect(await fx.store.listPushSubscriptions('blue', 'ann@blue')).toEqual([expect.objectContaining({ endpoint, user: 'ann@blue' })]);
    expect((await call(a, 'ann@blue', 'GET', '/push/subscriptions')).status).toBe(405);

    // Without notifications there is nothing to subscribe to.
    const quiet = await instance();
    expect((await call(quiet, 'ann@blue', 'POST', '/push/subscriptions', subscription)).status).toBe(404);
  });
});

/**
 * `createNotifier`, the proxy's notification rules: instances sharing a store send each rule's
 * notification once, escalate once after `afterMs` and never after `ended`, send a repeat with the
 * same `webhook-id` after the store lost its records, and go on (unclaimed) while the store fails.
 */
import { createMemoryProxyStore, type NotificationChannel, type NotificationMessage, type ProxyStore } from '../../../src/server';
import { createNotifier, type NotifierDeps } from '../../../src/server/notify/notify-create-notifier';
import type { TaskProxyNotifyOptions } from '../../../src/server/notify/notify-options';
import type { WaitingItem } from '../../../src/server/notify/notifier';
import { webhookChannel } from '../../../src/server/notify/webhook-channel';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

/** Lets every claim and send already started settle (the memory store answers in microtasks). */
const flush = () => new Promise((resolve) => setImmediate(resolve));

function recorder(name = 'recorder') {
  const sent: NotificationMessage[] = [];
  const channel: NotificationChannel = {
    name,
    send(message) {
      sent.push(message);
      return Promise.resolve();
    },
  };
  return { channel, sent };
}

/** A send that never ends until the proxy closes. */
const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((_, reject) => signal.addEventListener('abort', () => reject(new Error('closed')), { once: true }));

const logger = () => ({
  info: vi.fn<(line: string) => void>(),
  warn: vi.fn<(line: string) => void>(),
  error: vi.fn<(line: string) => void>(),
});
const item = (overrides: Partial<WaitingItem> = {}): WaitingItem => ({
  id: 'req-1',
  kind: 'request',
  team: 'ops',
  source: 'mcp',
  title: 'Approve the refund',
  waitingSince: 1_000_000,
  ...overrides,
});
const link = (waiting: WaitingItem) => `https://app.example.com/inbox#${encodeURIComponent(waiting.id)}`;

let clock = 1_000_000;
const now = () => clock;
const closing: Array<{ close(): Promise<void> }> = [];
const make = (options: TaskProxyNotifyOptions, deps: Partial<NotifierDeps> & { store: ProxyStore }) => {
  const notifier = createNotifier(options, { logger: logger(), now, ...deps });
  closing.push(notifier);
  return notifier;
};
let receiver: WebhookReceiver | undefined;

beforeEach(() => {
  clock = 1_000_000;
});
afterEach(async () => {
  await Promise.all(closing.splice(0).map((notifier) => notifier.close()));
  await receiver?.close();
  receiver = undefined;
});

describe('createNotifier', () => {
  it('sends the first notification once across two instances noticing the same item again and again', async () => {
    const store = createMemoryProxyStore();
    const { channel, sent } = recorder();
    const a = make({ channels: [channel], link }, { store });
    const b = make({ channels: [channel], link }, { store });
    for (let round = 0; round < 20; round++) {
      a.notice(item());
      b.notice(item());
      clock += 1000;
      await flush();
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      webhookId: expect.stringMatching(/^msg_[\w-]{32}$/) as unknown,
      kind: 'waiting',
      requestId: 'req-1',
      title: 'Approve the refund',
      team: 'ops',
      user: undefined,
      source: 'mcp',
      link: 'https://app.example.com/inbox#req-1',
      waitingSince: 1_000_000,
      afterMs: undefined,
    });
  });

  it('escalates once, on one instance, once the item waited afterMs; never before, never after ended', async () => {
    const store = createMemoryProxyStore();
    const first = recorder('first');
    const late = recorder('late');
    const options = { channels: [first.channel], escalate: [{ afterMs: 60_000, channels: [late.channel] }], link };
    const a = make(options, { store });
    const b = make(options, { store });

    a.notice(item());
    b.notice(item());
    clock += 59_999;
    a.notice(item());
    b.notice(item());
    await flush();
    expect(late.sent).toEqual([]);

    // Nobody notices it meanwhile: nothing happens on its own.
    clock += 120_000;
    await flush();
    expect(late.sent).toEqual([]);

    for (let round = 0; round < 5; round++) {
      a.notice(item());
      b.notice(item());
      clock += 1000;
      await flush();
    }
    expect(first.sent).toHaveLength(1);
    expect(late.sent).toHaveLength(1);
    expect(late.sent[0]).toMatchObject({ kind: 'escalation', afterMs: 60_000, requestId: 'req-1' });
    expect(late.sent[0]?.webhookId).not.toBe(first.sent[0]?.webhookId);

    // Another item, answered before its escalation: a late notice (a sweep that had not seen the answer) escalates nothing.
    a.notice(item({ id: 'req-2', waitingSince: clock }));
    await flush();
    a.ended('req-2');
    clock += 61_000;
    a.notice(item({ id: 'req-2', waitingSince: clock - 61_000 }));
    await flush();
    expect(late.sent.map((message) => message.requestId)).toEqual(['req-1']);
  });

  it('sends the first notification at once even when another instance’s clock, which started the wait, is a little ahead', async () => {
    const { channel, sent } = recorder();
    make({ channels: [channel], link }, { store: createMemoryProxyStore() }).notice(item({ waitingSince: clock + 250 }));
    await flush();
    expect(sent).toHaveLength(1);
  });

  it('sends no escalation the proxy says no longer waits (isWaiting false)', async () => {
    const late = recorder();
    const notifier = make(
      { channels: [], escalate: [{ afterMs: 0, channels: [late.channel] }], link },
      { store: createMemoryProxyStore(), isWaiting: () => Promise.resolve(false) },
    );
    notifier.notice(item());
    await flush();
    expect(late.sent).toEqual([]);
  });

  it('after a store that lost its records, another instance sends a repeat with the same webhook-id, which the receiver can drop', async () => {
    receiver = await startWebhookReceiver();
    const channel = webhookChannel({ url: receiver.url, secret: receiver.secret });
    const before = make({ channels: [channel], link }, { store: createMemoryProxyStore(), signingKey: 'deployment-secret' });
    before.notice(item());
    await receiver.received(1);
    // The same instance remembers it sent: no repeat from it whatever the store says.
    before.notice(item());
    await flush();

    // Redis restarted empty: another instance finds no claim.
    const after = make({ channels: [channel], link }, { store: createMemoryProxyStore(), signingKey: 'deployment-secret' });
    after.notice(item());
    const deliveries = await receiver.received(2);
    expect(deliveries).toHaveLength(2);
    expect(deliveries.map((delivery) => delivery.verifyError)).toEqual([undefined, undefined]);
    expect(deliveries[1]?.headers['webhook-id']).toBe(deliveries[0]?.headers['webhook-id']);

    // Another deployment key, or another rule, is another id.
    const other = recorder();
    make({ channels: [other.channel], link }, { store: createMemoryProxyStore(), signingKey: 'another' }).notice(item());
    await flush();
    expect(other.sent[0]?.webhookId).not.toBe(deliveries[0]?.headers['webhook-id']);
  });

  it('asks the store a few times per item and rule, not at every notice: a thousand waiting items cost no store call per second', async () => {
    const store = createMemoryProxyStore();
    const calls = (['acquireLease', 'releaseLease', 'hasClaim', 'claimOnce'] as const).map((method) => vi.spyOn(store, method));
    const count = () => calls.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    const { channel, sent } = recorder();
    const notifier = make({ channels: [channel], link }, { store });
    const items = Array.from({ length: 1000 }, (_, index) => item({ id: `req-${index}` }));
    const perRound: number[] = [];
    for (let round = 0; round < 5; round++) {
      const before = count();
      for (const waiting of items) notifier.notice(waiting);
      clock += 1000;
      await flush();
      await flush();
      perRound.push(count() - before);
    }
    expect(sent).toHaveLength(1000);
    // Lease, look for the mark, mark, let the lease go: once per item; nothing at the notices after.
    expect(perRound).toEqual([4000, 0, 0, 0, 0]);
  });

  it('an instance killed while it sends loses nothing: another sends it, with the same webhook-id, once its lease lapsed', async () => {
    let storeClock = 0;
    const store = createMemoryProxyStore({ now: () => storeClock });
    // The first instance hands the message to a receiver that never answers, and renews nothing: as if killed mid-send.
    const held: NotificationMessage[] = [];
    const dead: NotificationChannel = { name: 'dead', send: (message, { signal }) => (held.push(message), untilAborted(signal)) };
    const { channel, sent } = recorder();
    const a = make({ channels: [dead], link }, { store });
    const b = make({ channels: [channel], link }, { store });
    a.notice(item());
    await flush();
    expect(held).toHaveLength(1);

    for (let second = 0; second < 9; second++) {
      b.notice(item());
      storeClock += 1000;
      clock += 1000;
      await flush();
    }
    expect(sent).toEqual([]);
    for (let second = 0; second < 3; second++) {
      b.notice(item());
      storeClock += 1000;
      clock += 1000;
      await flush();
    }
    expect(sent.map((message) => message.webhookId)).toEqual([held[0]?.webhookId]);

    // Marked sent: a third instance (or the second, noticing on) sends nothing more.
    const late = recorder();
    const c = make({ channels: [late.channel], link }, { store });
    for (let second = 0; second < 15; second++) {
      b.notice(item());
      c.notice(item());
      storeClock += 1000;
      clock += 1000;
      await flush();
    }
    expect(sent).toHaveLength(1);
    expect(late.sent).toEqual([]);
  });

  it('sends through each channel of a rule once: a second instance sends only the channel whose sender died', async () => {
    let storeClock = 0;
    const store = createMemoryProxyStore({ now: () => storeClock });
    const done = recorder('done');
    const hangs: NotificationChannel = { name: 'hangs', send: (_, { signal }) => untilAborted(signal) };
    const a = make({ channels: [done.channel, hangs], link }, { store });
    a.notice(item());
    await flush();
    const again = [recorder('done again'), recorder('hangs again')];
    const b = make({ channels: again.map((one) => one.channel), link }, { store });
    for (let second = 0; second < 15; second++) {
      b.notice(item());
      storeClock += 1000;
      clock += 1000;
      await flush();
    }
    expect(done.sent).toHaveLength(1);
    expect(again.map((one) => one.sent.length)).toEqual([0, 1]);
  });

  it('waits for a signing key given as a function, and keeps the first it gives', async () => {
    let key: string | undefined;
    const log = logger();
    const { channel, sent } = recorder();
    const notifier = make({ channels: [channel], link }, { store: createMemoryProxyStore(), logger: log, signingKey: () => key });
    notifier.notice(item());
    await flush();
    expect(sent).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith("notifications: the proxy's secret (or apiKey) is not set yet; notifications wait for it");
    key = 'deployment-secret';
    notifier.notice(item());
    await flush();
    key = 'rotated';
    notifier.notice(item({ id: 'req-2' }));
    await flush();
    const fixed = recorder();
    make({ channels: [fixed.channel], link }, { store: createMemoryProxyStore(), signingKey: 'deployment-secret' }).notice(
      item({ id: 'req-2' }),
    );
    await flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.webhookId).toBe(fixed.sent[0]?.webhookId);
  });

  it('while the store fails: logs it once, sends nothing for a few seconds, then sends unclaimed (rather than never)', async () => {
    const store = createMemoryProxyStore();
    let down = true;
    for (const method of ['acquireLease', 'hasClaim', 'claimOnce'] as const) {
      const real = (store[method] as (...args: unknown[]) => Promise<unknown>).bind(store);
      (store as unknown as Record<string, unknown>)[method] = (...args: unknown[]) =>
        down ? Promise.reject(new Error('ECONNREFUSED')) : real(...args);
    }
    const log = logger();
    const { channel, sent } = recorder();
    const notifier = make({ channels: [channel], link }, { store, logger: log });

    for (let round = 0; round < 9; round++) {
      notifier.notice(item());
      clock += 1000;
      await flush();
    }
    expect(sent).toEqual([]);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[0]).toMatch(/store failed \(ECONNREFUSED\)/);

    clock += 2000;
    notifier.notice(item());
    await flush();
    notifier.notice(item());
    await flush();
    expect(sent).toHaveLength(1);

    // It works again: said once, and new items are claimed as before.
    down = false;
    clock += 1000;
    notifier.notice(item({ id: 'req-2' }));
    await flush();
    expect(sent).toHaveLength(2);
    expect(log.info).toHaveBeenCalledWith('notifications: the proxy store works again');
  });

  it('gives a team named in teams its own rules instead of the others', async () => {
    const everyone = recorder('everyone');
    const vip = recorder('vip');
    const notifier = make(
      { channels: [everyone.channel], link, teams: { vip: { channels: [vip.channel] } } },
      { store: createMemoryProxyStore() },
    );
    notifier.notice(item({ id: 'a', team: 'vip' }));
    notifier.notice(item({ id: 'b', team: 'ops' }));
    notifier.notice(item({ id: 'c', team: '__proto__' }));
    await flush();
    expect(vip.sent.map((message) => message.requestId)).toEqual(['a']);
    expect(everyone.sent.map((message) => message.requestId)).toEqual(['b', 'c']);
  });

  it('sends the title as one plain line of at most 200 characters, nothing else of the request, and no link that is not http(s)', async () => {
    const log = logger();
    const { channel, sent } = recorder();
    const notifier = make({ channels: [channel], link: () => 'javascript:alert(1)' }, { store: createMemoryProxyStore(), logger: log });
    const title = `Pay\u202e now\r\nBcc: evil@example.com ${'x'.repeat(300)}`;
    notifier.notice(item({ title, request: { id: 'req-1', fields: { card: '4111 1111 1111 1111' } } }));
    notifier.notice(item({ id: 'req-2' }));
    await flush();
    expect(sent[0]?.title).toMatch(/^Pay now Bcc: evil@example\.com x+…$/);
    expect(Array.from(sent[0]!.title)).toHaveLength(200);
    expect(sent[0]?.link).toBeUndefined();
    expect(JSON.stringify(sent)).not.toContain('4111');
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('logs a channel that fails, once for a run of failures, and sends through the other channels', async () => {
    const log = logger();
    const working = recorder();
    const broken: NotificationChannel = { name: 'broken', send: () => Promise.reject(new Error('503')) };
    const notifier = make({ channels: [broken, working.channel], link }, { store: createMemoryProxyStore(), logger: log });
    for (let index = 0; index < 5; index++) notifier.notice(item({ id: `req-${index}` }));
    await flush();
    expect(working.sent).toHaveLength(5);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[0]).toMatch(/broken could not send the waiting notification of "req-0": 503/);
  });

  it('stops a delivery still being retried when it closes', async () => {
    receiver = await startWebhookReceiver(Array.from({ length: 100 }, () => ({ status: 503 })));
    const notifier = createNotifier(
      { channels: [webhookChannel({ url: receiver.url, secret: receiver.secret, retries: 100, retryBaseMs: 5 })], link },
      { store: createMemoryProxyStore(), logger: logger() },
    );
    notifier.notice(item());
    await receiver.received(2);
    await notifier.close();
    const count = receiver.deliveries.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.deliveries).toHaveLength(count);
  });

  it('refuses rules it cannot follow when the proxy is made', () => {
    const store = createMemoryProxyStore();
    const deps = { store, logger: logger() };
    expect(() => createNotifier({ channels: [], link: 'https://x' as never }, deps)).toThrow(/link must be a function/);
    expect(() => createNotifier({ channels: [{} as NotificationChannel], link }, deps)).toThrow(/not a channel/);
    expect(() => createNotifier({ channels: [], escalate: [{ afterMs: -1, channels: [] }], link }, deps)).toThrow(/afterMs/);
  });
});

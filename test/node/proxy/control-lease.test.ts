/**
 * The control of a hand-off at the proxy ("take the wheel"), over real HTTP: two proxy instances on
 * one real redis-server in front of the simulated task service, whose runs wait on a
 * `human_control` call. One person holds control at a time across people, pages and instances; a
 * page that stops renewing loses it; another team sees nothing; the audit trail says who held it
 * and for how long; a call past its `timeoutSeconds` is answered as expired, once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuditEntry } from '../../../src/client';
import { toNodeListener } from '../../../src/node';
import { humanControlRequest } from '../../../src/request';
import { humanControlTool } from '../../../src/schema';
import { createMemoryProxyStore, createTaskProxy, type TaskProxy } from '../../../src/server';
import { createRedisProxyStore, type RedisProxyStore } from '../../../src/server/redis';
import { createSimulatedService, type Scenario } from '../../../src/testing';
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';

const KEY = 'sk_live_control_lease_5b17c2';
const LEASE_MS = 1500;
const TEAMS: Record<string, string> = { alice: 'blue', bob: 'blue', carol: 'red' };

const handOff = (keyword: string, timeoutSeconds: number): Scenario => ({
  name: keyword,
  description: `A hand-off that waits ${timeoutSeconds} s at most.`,
  keywords: [keyword],
  steps: [
    { type: 'page', title: 'Checkout', url: 'https://shop.example.com/checkout', durationMs: 20 },
    { type: 'tool_call', tool: 'human_control', parameters: { reason: 'Solve the CAPTCHA', timeoutSeconds } },
    { type: 'page', title: 'Done', url: 'https://shop.example.com/done', durationMs: 20 },
  ],
  result: () => ({ summary: 'Checked out.' }),
});

let redis: RedisServer;
let serviceServer: Server;
/** Every `tool-input` body that reached the service. */
const answers: Array<{ taskId: string; body: string }> = [];
const servers: Server[] = [];
const stores: RedisProxyStore[] = [];
const proxies: TaskProxy[] = [];
/** The two instances' addresses. */
let a: string;
let b: string;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function serve(handler: (request: Request) => Promise<Response>): Server {
  const listener = toNodeListener(handler);
  const server = createServer(listener);
  listener.attach(server);
  return server;
}

beforeAll(async () => {
  redis = await startRedisServer();
  const service = createSimulatedService({ apiKey: KEY, scenarios: [handOff('wheel', 600), handOff('expiring', 1)] });
  serviceServer = serve(async (request) => {
    const match = /^\/api\/v1\/task\/([^/]+)\/run\/tool-input$/.exec(new URL(request.url).pathname);
    if (match !== null && request.method === 'POST') answers.push({ taskId: match[1]!, body: await request.clone().text() });
    return service.handle(request);
  });
  const upstream = await listen(serviceServer);
  for (let index = 0; index < 2; index++) {
    // A new Redis has no answers out: no need for the grace a restarted one gives them.
    const store = createRedisProxyStore({ url: redis.url, prefix: 'control-lease:', resetGraceMs: 100 });
    stores.push(store);
    const proxy = createTaskProxy({
      upstream,
      apiKey: KEY,
      store,
      events: false,
      control: { leaseMs: LEASE_MS },
      identify: (request) => {
        const user = request.headers.get('x-user') ?? '';
        return TEAMS[user] === undefined ? null : { user, team: TEAMS[user] };
      },
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    proxies.push(proxy);
    const server = serve(proxy);
    servers.push(server);
    const url = await listen(server);
    if (index === 0) a = url;
    else b = url;
  }
});

afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  for (const server of [...servers, serviceServer]) {
    server.closeAllConnections();
    server.close();
  }
  await Promise.all(stores.map((store) => store.close()));
  await redis.stop();
});

const as = (user: string, init: RequestInit = {}) => ({ ...init, headers: { 'x-user': user, ...init.headers } });
const json = { 'content-type': 'application/json' };
const lease = (name: string) => `page-${name}-${'x'.repeat(16)}`;

interface HandOff {
  taskId: string;
  toolCallId: string;
}

/** Creates a task through instance A as alice and waits until its run waits on the `human_control` call. */
async function startHandOff(keyword: string): Promise<HandOff> {
  const created = await fetch(
    `${a}/api/v1/task/create`,
    as('alice', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ task: `Check out, ${keyword}`, agent: 'BROWSER_AGENT', tools: [humanControlTool()] }),
    }),
  );
  expect(created.status).toBe(200);
  const { data } = (await created.json()) as { data: { taskId: string } };
  for (;;) {
    const status = (await (await fetch(`${a}/api/v1/task/${data.taskId}/run/status`, as('alice'))).json()) as {
      data: { toolCall: { toolCallId: string } | null };
    };
    if (status.data.toolCall !== null) return { taskId: data.taskId, toolCallId: status.data.toolCall.toolCallId };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const controlUrl = (base: string, call: HandOff) => `${base}/control/${call.taskId}?toolCallId=${call.toolCallId}`;

function post(base: string, user: string, call: HandOff, body: Record<string, unknown>) {
  return fetch(
    `${base}/control/${call.taskId}`,
    as(user, { method: 'POST', headers: json, body: JSON.stringify({ toolCallId: call.toolCallId, ...body }) }),
  );
}

async function trail(user: string): Promise<AuditEntry[]> {
  return ((await (await fetch(`${a}/audit?limit=500`, as(user))).json()) as { data: AuditEntry[] }).data;
}

describe('control of a hand-off at the proxy', () => {
  let call: HandOff;
  let since: number;

  it('gives control to one person at a time across instances, and another team sees nothing', async () => {
    call = await startHandOff('wheel');
    const taken = await post(a, 'alice', call, { action: 'take', lease: lease('alice') });
    expect(taken.status).toBe(200);
    const held = (await taken.json()) as { data: { holder: { user: string; since: number }; ttlMs: number; you: boolean } };
    expect(held.data).toMatchObject({ holder: { user: 'alice' }, ttlMs: LEASE_MS, you: true });
    since = held.data.holder.since;

    const refused = await post(b, 'bob', call, { action: 'take', lease: lease('bob') });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ success: false, code: 'control_held', details: { user: 'alice', since } });
    // Alice's other page (another lease token) is someone else too.
    expect((await post(b, 'alice', call, { action: 'take', lease: lease('alice-tab2') })).status).toBe(409);

    const seen = await fetch(controlUrl(b, call), as('bob'));
    expect(seen.status).toBe(200);
    expect(await seen.json()).toEqual({ success: true, data: { holder: { user: 'alice', since }, ttlMs: LEASE_MS } });

    expect((await fetch(controlUrl(b, call), as('carol'))).status).toBe(404);
    expect((await post(a, 'carol', call, { action: 'take', lease: lease('carol') })).status).toBe(404);

    // A renewal through the other instance keeps the holder and when it began.
    const renewed = await post(b, 'alice', call, { action: 'take', lease: lease('alice') });
    expect(renewed.status).toBe(200);
    expect(((await renewed.json()) as { data: unknown }).data).toEqual({ holder: { user: 'alice', since }, ttlMs: LEASE_MS, you: true });
  });

  it('refuses what is not a take or a release of a hand-off', async () => {
    expect((await post(a, 'bob', call, { action: 'take', lease: 'short' })).status).toBe(400);
    expect((await post(a, 'bob', call, { action: 'steer', lease: lease('bob') })).status).toBe(400);
    const text = await fetch(
      `${a}/control/${call.taskId}`,
      as('bob', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'take' }),
    );
    expect(text.status).toBe(415);
    expect((await fetch(controlUrl(a, call), as('bob', { method: 'PUT' }))).status).toBe(405);
    expect((await fetch(`${a}/control/${call.taskId}?toolCallId=call_unknown`, as('bob'))).status).toBe(404);
    expect((await fetch(`${a}/control/req_unknown`, as('bob'))).status).toBe(404);
  });

  it('lets another person take control once the holder’s page stops renewing, and keeps it in the trail', async () => {
    // Alice's page died: no more renewals. Bob's page tries as pages do, until the lease lapses.
    let status = 0;
    for (let tries = 0; tries < 100 && status !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await post(tries % 2 === 0 ? a : b, 'bob', call, { action: 'take', lease: lease('bob') })).status;
      // Both instances read the hand-off meanwhile: the lapse is written once all the same.
      await fetch(controlUrl(tries % 2 === 0 ? b : a, call), as('alice'));
    }
    expect(status).toBe(200);
    const seen = (await (await fetch(controlUrl(a, call), as('alice'))).json()) as { data: { holder: { user: string } } };
    expect(seen.data.holder.user).toBe('bob');

    const entries = (await trail('bob')).filter((entry) => entry.taskId === call.taskId);
    const lapsed = entries.filter((entry) => entry.action === 'release_control');
    expect(lapsed).toHaveLength(1);
    expect(lapsed[0]).toMatchObject({ user: 'alice', team: 'blue', toolCallId: call.toolCallId, outcome: 'lapsed' });
    expect(lapsed[0]!.durationMs).toBeGreaterThanOrEqual(LEASE_MS);
    expect(entries.filter((entry) => entry.action === 'take_control').map((entry) => entry.user)).toEqual(['bob', 'alice']);
    // Carol's team has none of it.
    expect((await trail('carol')).filter((entry) => entry.taskId === call.taskId)).toEqual([]);
  });

  it('hands control over when the holder releases it', async () => {
    const released = await post(b, 'bob', call, { action: 'release', lease: lease('bob') });
    expect(released.status).toBe(200);
    expect(((await released.json()) as { data: unknown }).data).toEqual({ holder: null, ttlMs: LEASE_MS, you: false });
    const taken = await post(a, 'alice', call, { action: 'take', lease: lease('alice') });
    expect(taken.status).toBe(200);

    const release = (await trail('alice')).find((entry) => entry.taskId === call.taskId && entry.action === 'release_control');
    expect(release).toMatchObject({ user: 'bob', outcome: 'accepted' });
    expect(release!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('holds control of a control request as of a call, and ends it when the request ends', async () => {
    const request = humanControlRequest({
      id: 'session-1',
      source: 'browserbase',
      liveUrl: 'https://live.example.com/1',
      reason: 'Log in',
    });
    const opened = proxies[0]!.requests.open(request, { team: 'blue' });
    await opened.stored;
    const take = (base: string, user: string, body: Record<string, unknown>) =>
      fetch(`${base}/control/${opened.id}`, as(user, { method: 'POST', headers: json, body: JSON.stringify(body) }));
    expect((await take(b, 'alice', { action: 'take', lease: lease('alice') })).status).toBe(200);
    const refused = await take(a, 'bob', { action: 'take', lease: lease('bob') });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'control_held', details: { user: 'alice' } });
    expect((await fetch(`${a}/control/${opened.id}`, as('carol'))).status).toBe(404);
    expect((await take(a, 'carol', { action: 'take', lease: lease('carol') })).status).toBe(404);

    await proxies[1]!.requests.cancel(opened.id);
    expect(await opened).toMatchObject({ action: 'cancel' });
    // Control ends with the request, with no page asking again.
    const ended = async () => (await trail('bob')).some((entry) => entry.requestId === opened.id && entry.action === 'release_control');
    for (let tries = 0; tries < 100 && !(await ended()); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await ended()).toBe(true);
    const gone = await take(a, 'alice', { action: 'take', lease: lease('alice') });
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ code: 'request_ended' });
    const entries = (await trail('bob')).filter((entry) => entry.requestId === opened.id);
    expect(entries.filter((entry) => entry.action !== 'open_request' && entry.action !== 'cancel_request')).toMatchObject([
      { action: 'release_control', user: 'alice', outcome: 'ended' },
      { action: 'take_control', user: 'alice', taskId: '' },
    ]);
  });

  it('answers a call past its timeoutSeconds as expired, once, and ends control', async () => {
    const expiring = await startHandOff('expiring');
    expect((await post(a, 'alice', expiring, { action: 'take', lease: lease('alice') })).status).toBe(200);
    // Alice's page renews and both instances' pages read the hand-off, as they do, until it ends.
    let status = 200;
    for (let tries = 0; tries < 100 && status !== 410; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const renewal = await post(tries % 2 === 0 ? a : b, 'alice', expiring, { action: 'take', lease: lease('alice') });
      status = renewal.status === 410 ? 410 : (await fetch(controlUrl(tries % 2 === 0 ? b : a, expiring), as('bob'))).status;
    }
    expect(status).toBe(410);
    const gone = await fetch(controlUrl(a, expiring), as('bob'));
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ code: 'request_ended' });
    // Carol's team still learns nothing of it.
    expect((await fetch(controlUrl(b, expiring), as('carol'))).status).toBe(404);

    const received = answers.filter((answer) => answer.taskId === expiring.taskId);
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toEqual({ toolCallId: expiring.toolCallId, input: '{"done":false,"expired":true}' });

    const entries = (await trail('alice')).filter((entry) => entry.taskId === expiring.taskId);
    expect(entries.filter((entry) => entry.action === 'answer')).toMatchObject([{ user: '', outcome: 'accepted', via: 'deadline' }]);
    expect(entries.filter((entry) => entry.action === 'release_control')).toMatchObject([{ user: 'alice', outcome: 'ended' }]);
  });

  it('grants nothing while the store cannot say who holds control: 503 with Retry-After', async () => {
    const store = createMemoryProxyStore();
    let down = false;
    const proxy = createTaskProxy({
      secret: 'a-secret-of-thirty-two-characters-at-least',
      store: { ...store, readLease: (topic) => (down ? Promise.reject(new Error('store down')) : store.readLease(topic)) },
      identify: () => ({ user: 'alice', team: 'blue' }),
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      onStoreError: () => undefined,
    });
    try {
      const request = humanControlRequest({ id: 'session-2', source: 'steel', liveUrl: 'https://live.example.com/2', reason: 'Pay' });
      const opened = proxy.requests.open(request, { team: 'blue' });
      await opened.stored;
      const take = () =>
        proxy(
          new Request(`http://proxy.test/control/${opened.id}`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ action: 'take', lease: lease('alice') }),
          }),
        );
      down = true;
      const refused = await take();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      down = false;
      expect((await take()).status).toBe(200);
      await proxy.requests.cancel(opened.id);
      await opened;
    } finally {
      await proxy.close();
    }
  });
});

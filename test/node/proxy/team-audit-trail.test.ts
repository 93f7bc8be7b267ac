/**
 * The team's audit trail over `GET {basePath}/audit` without `taskId`, as `client.getAuditPage`
 * reads it: two proxy instances on one store (memory, or a real redis-server), pages newest first
 * that entries recorded meanwhile do not shift, each entry naming its task.
 */
import { createTaskClient, type AuditEntry, type TaskClient } from '../../../src/client';
import { createMemoryProxyStore, createTaskProxy, type ProxyStore, type TaskProxy } from '../../../src/server';
import { createRedisProxyStore, type RedisProxyStore } from '../../../src/server/redis';
import { createSimulatedService } from '../../../src/testing';
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';

const KEY = 'sk_live_trail_2b7e41';
const APP = 'https://ops.example.com';
const BASE = '/api/hitl';

let redis: RedisServer;
let prefixes = 0;
const closers: Array<() => Promise<void>> = [];
beforeAll(async () => {
  redis = await startRedisServer();
});
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
afterAll(async () => {
  await redis.stop();
});

function twoInstances(kind: 'memory' | 'redis'): [TaskProxy, TaskProxy] {
  const service = createSimulatedService({ apiKey: KEY, seed: 11 });
  let stores: [ProxyStore, ProxyStore];
  if (kind === 'memory') {
    const store = createMemoryProxyStore();
    stores = [store, store];
  } else {
    const prefix = `trail${++prefixes}:`;
    const made: [RedisProxyStore, RedisProxyStore] = [
      createRedisProxyStore({ url: redis.url, prefix }),
      createRedisProxyStore({ url: redis.url, prefix }),
    ];
    for (const store of made) closers.push(() => store.close());
    stores = made;
  }
  return stores.map((store) => {
    const proxy = createTaskProxy({
      upstream: 'https://tasks.example.com',
      apiKey: KEY,
      basePath: BASE,
      fetch: (request) => service.fetch(request),
      store,
      identify: (request) => {
        const who = request.headers.get('x-auth-user');
        return who === null ? null : { user: who, team: who.split('@')[1] ?? '' };
      },
    });
    closers.unshift(() => proxy.close());
    return proxy;
  }) as [TaskProxy, TaskProxy];
}

const browser = (proxy: TaskProxy, who: string): TaskClient =>
  createTaskClient({ baseUrl: `${APP}${BASE}`, headers: { 'x-auth-user': who }, fetch: (request) => proxy(request) });

const brief = (entry: AuditEntry) => `${entry.action} ${entry.taskName ?? `(${entry.taskId})`}`;

describe.each(['memory', 'redis'] as const)("the team's trail on the %s store", (kind) => {
  it('pages it newest first on any instance, each entry naming its task, and entries recorded meanwhile shift no page', async () => {
    const [one, two] = twoInstances(kind);
    const ada = browser(one, 'ada@A');
    const refund = (await ada.createTask({ task: 'Refund order 1138\nfor the customer' })).taskId;
    const login = (await browser(two, 'cyd@A').createTask({ task: 'Log in to the bank' })).taskId;
    await ada.stopRun(refund);
    await browser(two, 'bob@B').createTask({ task: 'Something of team B' });
    await ada.stopTask(login);
    await ada.stopTask(refund);

    const pages: string[][] = [];
    let before: string | undefined;
    for (let page = 0; page < 10; page++) {
      // Alternately from each instance, as a balancer would send them.
      const read = await browser(page % 2 === 0 ? one : two, 'cyd@A').getAuditPage?.({ limit: 2, before });
      pages.push(read?.entries.map(brief) ?? []);
      before = read?.next;
      if (before === undefined) break;
      // A teammate works on while cyd reads: new entries go on top, and the pages below stay put.
      await ada.createTask({ task: `Meanwhile ${page}` });
    }
    expect(pages).toEqual([
      ['stop_task Refund order 1138', 'stop_task Log in to the bank'],
      ['stop_run Refund order 1138', 'create_task Log in to the bank'],
      ['create_task Refund order 1138'],
    ]);

    // The newest, from the top again: what was recorded meanwhile, then the rest; each entry names who and which task.
    const newest = await browser(two, 'ada@A').getAuditPage?.({ limit: 3 });
    expect(newest?.entries.map(brief)).toEqual(['create_task Meanwhile 1', 'create_task Meanwhile 0', 'stop_task Refund order 1138']);
    expect(newest?.entries[2]).toMatchObject({ user: 'ada@A', team: 'A', taskId: refund });
    // Team B's own trail holds its own entry only.
    expect((await browser(one, 'bob@B').getAuditPage?.())?.entries.map(brief)).toEqual(['create_task Something of team B']);
    // The server-side reader pages the same way.
    const first = await one.auditLog({ team: 'A', limit: 4 });
    expect((await two.auditLog({ team: 'A', before: first.at(-1)?.id })).map(brief)).toEqual([
      'stop_run Refund order 1138',
      'create_task Log in to the bank',
      'create_task Refund order 1138',
    ]);

    // A task handed to another team keeps its entries in A's trail, but not the name B gives it.
    await one.assignTask(login, 'B', { readableName: "B's name for it" });
    const afterMove = await ada.getAuditPage?.({ taskId: login });
    expect(afterMove?.entries.map(brief)).toEqual([`stop_task (${login})`, `create_task (${login})`]);
  });

  it('answers 400 to a cursor it could not have made, and an empty page to one of another store', async () => {
    const [one] = twoInstances(kind);
    await browser(one, 'ada@A').createTask({ task: 'Refund order 1138' });
    const get = (query: string) => one(new Request(`${APP}${BASE}/audit?${query}`, { headers: { 'x-auth-user': 'ada@A' } }));
    expect((await get(`before=${encodeURIComponent('a b')}`)).status).toBe(400);
    expect((await get(`before=${'x'.repeat(201)}`)).status).toBe(400);
    const foreign = await get('before=1.999');
    expect(await foreign.json()).toEqual({ success: true, data: [] });
    const whole = (await (await get('limit=5')).json()) as { data: AuditEntry[]; next?: string };
    expect(whole.data).toHaveLength(1);
    expect(whole.next).toBeUndefined();
  });
});

/**
 * The requests' part of the proxy store, the same on a real `redis-server` as in memory: records
 * written once and replaced by version, listings by team, the news of every write on every
 * instance, instances' heartbeats, one claim per key, push subscriptions; then Redis killed and
 * started again empty under two instances.
 */
import { createClient } from 'redis';
import { createMemoryProxyStore, type ProxyStore } from '../../../src/server';
import type { StoredPushSubscription, StoredRequest } from '../../../src/server/stores/request-store';
import { createRedisProxyStore, type RedisProxyStore } from '../../../src/server/redis';
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';

let redis: RedisServer;
const opened: RedisProxyStore[] = [];
let prefixes = 0;
/** A change comes in milliseconds, but a busy machine may run the test a second or more late. */
const EVENT = { timeout: 10_000 };
/**
 * A short time-to-live, for what must lapse: waited for with `expect.poll`, never a fixed sleep. Long
 * enough that what a test checks right after setting it (the claim holds, the heartbeat is live)
 * has not lapsed yet on a busy machine: 200 ms did lapse there between two awaits.
 */
const SHORT = 2000;
const LONG = 60_000;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  await redis.stop();
});

/** Two handles on one shared store, as two proxy instances hold it: two Redis stores on one prefix, or the one memory store. */
function pairOf(kind: 'memory' | 'redis'): [ProxyStore, ProxyStore] {
  if (kind === 'memory') {
    const store = createMemoryProxyStore();
    return [store, store];
  }
  const prefix = `requests${++prefixes}:`;
  const pair = [createRedisProxyStore({ url: redis.url, prefix }), createRedisProxyStore({ url: redis.url, prefix })] as const;
  opened.push(...pair);
  return [...pair];
}

const request = (id: string, overrides: Partial<StoredRequest> = {}): StoredRequest => ({
  id,
  team: 'A',
  request: JSON.stringify({ id, source: 'mcp', title: `Request ${id}` }),
  source: 'mcp',
  openedAt: 1000,
  durable: false,
  opener: 'instance-1',
  state: 'open',
  version: 1,
  ...overrides,
});

const push = (endpoint: string, team: string, user: string, key = 'k1'): StoredPushSubscription => ({
  team,
  user,
  endpoint,
  subscription: JSON.stringify({ endpoint, keys: { p256dh: key, auth: 'a' } }),
});
const byEndpoint = (list: StoredPushSubscription[]) => [...list].sort((a, b) => a.endpoint.localeCompare(b.endpoint));

describe.each(['memory', 'redis'] as const)('the requests of the %s store', (kind) => {
  it('keeps the first record put under an id, and reads records by id', async () => {
    const [a, b] = pairOf(kind);
    const first = request('r1');
    expect(await a.putRequest(first, LONG)).toEqual(first);
    expect(await b.putRequest(request('r1', { opener: 'instance-2', request: '{"other":true}' }), LONG)).toEqual(first);
    expect(await b.readRequests(['r1', 'missing'])).toEqual([first, undefined]);
    expect(await b.readRequests([])).toEqual([]);
  });

  it('replaces a record only at the version expected, and every instance hears of each write', async () => {
    const [a, b] = pairOf(kind);
    const heard: string[] = [];
    const stop = await b.onRequestChange((id) => heard.push(id));
    await a.putRequest(request('r1'), LONG);
    await a.putRequest(request('r1'), LONG); // held already: no write, no news
    const answered = request('r1', { state: 'answered', version: 2, answerId: 'ans-1', answerAction: 'accept', answeredBy: 'ada' });
    expect(await a.replaceRequest(answered, 2, LONG)).toBe(false);
    expect(await a.replaceRequest({ ...answered, answeredBy: 'bob' }, 1, LONG)).toBe(true);
    expect(await b.replaceRequest({ ...answered, answeredBy: 'eve' }, 1, LONG)).toBe(false);
    expect(await a.replaceRequest(request('missing', { version: 2 }), 1, LONG)).toBe(false);
    expect(await b.readRequests(['r1'])).toEqual([{ ...answered, answeredBy: 'bob' }]);
    // A last write, so that the news of one that should not have been sent would be here by now.
    await a.putRequest(request('last'), LONG);
    await expect.poll(() => heard, EVENT).toContain('last');
    expect(heard).toEqual(['r1', 'r1', 'last']);

    await stop();
    const still: string[] = [];
    await b.onRequestChange((id) => still.push(id));
    await a.putRequest(request('after'), LONG);
    await expect.poll(() => still, EVENT).toEqual(['after']);
    expect(heard).toEqual(['r1', 'r1', 'last']);
  });

  it("lists a team's requests, or every team's, oldest first, and moves a request to the team it is replaced with", async () => {
    const [a, b] = pairOf(kind);
    await a.putRequest(request('late', { openedAt: 3000 }), LONG);
    await b.putRequest(request('early', { openedAt: 1000 }), LONG);
    await a.putRequest(request('other-team', { team: 'B', openedAt: 2000 }), LONG);
    await b.putRequest(request('middle', { openedAt: 2500, user: 'ada' }), LONG);
    const ids = async (team: string | undefined) => (await b.listRequests(team, LONG)).map((one) => one.id);
    expect(await ids('A')).toEqual(['early', 'middle', 'late']);
    expect(await ids('B')).toEqual(['other-team']);
    expect(await ids('C')).toEqual([]);
    expect(await ids(undefined)).toEqual(['early', 'other-team', 'middle', 'late']);
    expect((await a.listRequests('A', LONG))[1]).toEqual(request('middle', { openedAt: 2500, user: 'ada' }));

    expect(await a.replaceRequest(request('late', { openedAt: 3000, team: 'B', version: 2 }), 1, LONG)).toBe(true);
    expect(await ids('A')).toEqual(['early', 'middle']);
    expect(await ids('B')).toEqual(['other-team', 'late']);
  });

  it('lists a request that ended for endedKeepMs after it ended, then no longer; one answered but not delivered stays', async () => {
    const [a, b] = pairOf(kind);
    await a.putRequest(request('cancelled', { openedAt: 1000 }), LONG);
    await a.putRequest(request('answered', { openedAt: 2000 }), LONG);
    await a.putRequest(request('long-ended', { state: 'expired', endedAt: Date.now() - 10_000 }), LONG);
    const ended = Date.now();
    await a.replaceRequest(request('cancelled', { openedAt: 1000, state: 'cancelled', version: 2, endedAt: ended }), 1, LONG);
    await a.replaceRequest(request('answered', { openedAt: 2000, state: 'answered', version: 2, endedAt: ended - 10_000 }), 1, LONG);
    const ids = async (keepMs: number) => (await b.listRequests('A', keepMs)).map((one) => one.id);
    expect(await ids(5000)).toEqual(['cancelled', 'answered']);
    await expect.poll(() => ids(SHORT), EVENT).toEqual(['answered']);
    // Still held: an instance reading it by id (to answer 410 with its state) finds it.
    expect((await b.readRequests(['cancelled', 'long-ended'])).map((one) => one?.state)).toEqual(['cancelled', 'expired']);
  });

  it('forgets a request its time-to-live after its last write', async () => {
    const [a, b] = pairOf(kind);
    await a.putRequest(request('short'), SHORT);
    await a.putRequest(request('renewed', { openedAt: 2000 }), SHORT);
    await a.putRequest(request('kept', { openedAt: 3000 }), LONG);
    expect(await a.replaceRequest(request('renewed', { openedAt: 2000, version: 2 }), 1, LONG)).toBe(true);
    await expect.poll(() => b.readRequests(['short']), EVENT).toEqual([undefined]);
    expect((await b.listRequests(undefined, LONG)).map((one) => one.id)).toEqual(['renewed', 'kept']);
    expect(await b.replaceRequest(request('short', { version: 2 }), 1, LONG)).toBe(false);
    // Gone, so a request of that id may be opened again.
    expect(await b.putRequest(request('short', { opener: 'instance-2' }), LONG)).toEqual(request('short', { opener: 'instance-2' }));
  });

  it('says which instances sent a heartbeat that has not lapsed', async () => {
    const [a, b] = pairOf(kind);
    await a.heartbeat('instance-1', SHORT);
    await b.heartbeat('instance-2', LONG);
    expect(await b.liveOwners(['instance-1', 'instance-2', 'instance-3'])).toEqual([true, true, false]);
    expect(await b.liveOwners([])).toEqual([]);
    await expect.poll(() => a.liveOwners(['instance-1', 'instance-2', 'instance-3']), EVENT).toEqual([false, true, false]);
    await a.heartbeat('instance-1', LONG);
    expect(await b.liveOwners(['instance-1'])).toEqual([true]);
  });

  it('grants a claim once across instances until its time-to-live lapses, and says on any instance whether one holds', async () => {
    const [a, b] = pairOf(kind);
    expect(await b.hasClaim('r1:new')).toBe(false);
    const claims = await Promise.all([a.claimOnce('r1:new', SHORT), b.claimOnce('r1:new', SHORT), a.claimOnce('r1:new', SHORT)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await b.hasClaim('r1:new')).toBe(true);
    expect(await b.claimOnce('r1:escalate', LONG)).toBe(true);
    // Asking takes nothing: the claim lapses as it would have.
    await expect.poll(() => a.hasClaim('r1:new'), EVENT).toBe(false);
    expect(await b.claimOnce('r1:new', LONG)).toBe(true);
    expect(await a.claimOnce('r1:new', LONG)).toBe(false);
    expect(await a.claimOnce('r1:escalate', LONG)).toBe(false);
    expect([await a.hasClaim('r1:new'), await a.hasClaim('r1:escalate'), await a.hasClaim('r1:other')]).toEqual([true, true, false]);
  });

  it('keeps a note under a name for every instance, replaced by the next, until it lapses', async () => {
    const [a, b] = pairOf(kind);
    expect(await b.readNote?.('slack-messages:r1')).toBeUndefined();
    await a.keepNote?.('slack-messages:r1', '[{"channel":"C1","ts":"1.1"}]', SHORT);
    await a.keepNote?.('slack-messages:r2', 'kept', LONG);
    expect(await b.readNote?.('slack-messages:r1')).toBe('[{"channel":"C1","ts":"1.1"}]');
    await b.keepNote?.('slack-messages:r1', 'replaced', SHORT);
    expect(await a.readNote?.('slack-messages:r1')).toBe('replaced');
    await expect.poll(() => a.readNote?.('slack-messages:r1'), EVENT).toBeUndefined();
    expect(await b.readNote?.('slack-messages:r2')).toBe('kept');
  });

  it('agrees on one value under a name across instances, kept while it is given again, and takes another once it lapsed', async () => {
    const [a, b] = pairOf(kind);
    expect(await a.agreeOn?.('secret', 'one', SHORT)).toBe('one');
    expect(await b.agreeOn?.('secret', 'two', SHORT)).toBe('one');
    expect(await b.agreeOn?.('other', 'two', LONG)).toBe('two');
    await expect.poll(() => b.agreeOn?.('secret', 'two', LONG), EVENT).toBe('two');
    expect(await a.agreeOn?.('secret', 'one', LONG)).toBe('two');
  });

  it('lists the watched tasks on every instance, latest time first, until each is taken off or its time has passed', async () => {
    const [one, two] = pairOf(kind);
    const now = Date.now();
    await one.watchTask?.('task-a', now + LONG);
    await one.watchTask?.('task-b', now + LONG + 1000);
    await one.watchTask?.('task-c', now + LONG - 1000);
    await one.watchTask?.('task-past', now - 1);
    // Given again with an earlier time (another instance's late write), a watch keeps its later one.
    await two.watchTask?.('task-a', now + 1);
    expect(await two.listWatchedTasks?.(10)).toEqual(['task-b', 'task-a', 'task-c']);
    expect(await two.listWatchedTasks?.(2)).toEqual(['task-b', 'task-a']);
    await two.unwatchTask?.('task-b');
    await two.unwatchTask?.('task-never-watched');
    expect(await one.listWatchedTasks?.(10)).toEqual(['task-a', 'task-c']);
  });

  it('keeps one push subscription per endpoint, by team and user, until it lapses or is removed', async () => {
    const [a, b] = pairOf(kind);
    await a.savePushSubscription(push('https://push.example/1', 'A', 'ada'), LONG);
    await a.savePushSubscription(push('https://push.example/2', 'A', 'bob'), LONG);
    await b.savePushSubscription(push('https://push.example/3', 'B', 'ada'), LONG);
    await b.savePushSubscription(push('https://push.example/1', 'A', 'ada', 'k2'), LONG);
    expect(byEndpoint(await b.listPushSubscriptions('A'))).toEqual([
      push('https://push.example/1', 'A', 'ada', 'k2'),
      push('https://push.example/2', 'A', 'bob'),
    ]);
    expect(await a.listPushSubscriptions('A', 'ada')).toEqual([push('https://push.example/1', 'A', 'ada', 'k2')]);
    expect(await a.listPushSubscriptions('A', 'eve')).toEqual([]);
    expect(await a.listPushSubscriptions('B')).toEqual([push('https://push.example/3', 'B', 'ada')]);

    // The same browser, now signed in to another team.
    await a.savePushSubscription(push('https://push.example/2', 'B', 'bob'), LONG);
    expect(await a.listPushSubscriptions('A', 'bob')).toEqual([]);
    expect(await a.listPushSubscriptions('B', 'bob')).toEqual([push('https://push.example/2', 'B', 'bob')]);

    await b.removePushSubscription('https://push.example/1');
    await b.removePushSubscription('https://push.example/never-saved');
    expect(await a.listPushSubscriptions('A')).toEqual([]);

    await a.savePushSubscription(push('https://push.example/4', 'B', 'eve'), SHORT);
    expect(await b.listPushSubscriptions('B', 'eve')).toHaveLength(1);
    await expect.poll(() => b.listPushSubscriptions('B', 'eve'), EVENT).toEqual([]);
    expect(await b.listPushSubscriptions('B')).toHaveLength(2);
  });
});

describe('the requests of the Redis store', () => {
  it('lists a thousand requests with one range and one multiple get, and takes ended, lapsed and moved ones out of its indexes', async () => {
    const prefix = `requests${++prefixes}:`;
    const store = createRedisProxyStore({ url: redis.url, prefix });
    opened.push(store);
    const admin = createClient({ url: redis.url });
    await admin.connect();
    try {
      await Promise.all(
        Array.from({ length: 1000 }, (_, index) =>
          store.putRequest(request(`r${index}`, { openedAt: 1000 + index, team: `T${index % 2}` }), LONG),
        ),
      );
      const calls = async () => {
        const stats = await admin.info('commandstats');
        const count = (command: string) => Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
        return { zrange: count('zrange'), mget: count('mget'), get: count('get'), eval: count('eval') };
      };
      await admin.configResetStat();
      const listed = await store.listRequests(undefined, LONG);
      expect(listed.map((one) => one.openedAt)).toEqual(Array.from({ length: 1000 }, (_, index) => 1000 + index));
      // `INFO` itself and nothing else counted: no round trip per request.
      expect(await calls()).toEqual({ zrange: 1, mget: 1, get: 0, eval: 0 });

      await store.replaceRequest(request('r0', { team: 'T0', state: 'delivered', version: 2, endedAt: 1 }), 1, LONG);
      await store.replaceRequest(request('r1', { team: 'T0', openedAt: 1001, version: 2 }), 1, LONG);
      await store.putRequest(request('lapsing', { team: 'T1', openedAt: 5000 }), SHORT);
      await expect.poll(async () => (await store.listRequests('T1', LONG)).length, EVENT).toBe(499);
      expect(await store.listRequests('T0', LONG)).toHaveLength(500);
      expect([
        await admin.zCard(`${prefix}requests-all`),
        await admin.zCard(`${prefix}requests-of:T0`),
        await admin.zCard(`${prefix}requests-of:T1`),
      ]).toEqual([999, 500, 499]);
      // The indexes lapse with the last of their records: a team gone leaves nothing behind.
      for (const index of ['requests-all', 'requests-of:T0', 'requests-of:T1'])
        expect(await admin.pTTL(`${prefix}${index}`)).toBeGreaterThan(LONG / 2);
    } finally {
      await admin.close();
    }
  });

  it('refuses every call while Redis is down, works again once it is back empty, and its listeners hear changes again', async () => {
    const own = await startRedisServer();
    let server = own;
    // Four connections (two per store) report the loss: the calls below go to stores that know Redis is down.
    let errors = 0;
    const prefix = `requests${++prefixes}:`;
    const instance = () =>
      createRedisProxyStore({
        url: own.url,
        prefix,
        onError: () => {
          errors += 1;
        },
      });
    const [a, b] = [instance(), instance()];
    try {
      const heard: string[] = [];
      await b.onRequestChange((id) => heard.push(id));
      await a.putRequest(request('before'), LONG);
      await expect.poll(() => heard, EVENT).toEqual(['before']);

      await own.kill();
      await expect.poll(() => errors, EVENT).toBeGreaterThanOrEqual(4);
      // A rejection comes in milliseconds; a call still pending after this is frozen.
      const settled = (call: () => Promise<unknown>) =>
        Promise.race([
          call().then(
            () => 'resolved',
            () => 'rejected',
          ),
          new Promise((resolve) => setTimeout(() => resolve('frozen'), 4000)),
        ]);
      const calls: Record<string, () => Promise<unknown>> = {
        putRequest: () => a.putRequest(request('during'), LONG),
        readRequests: () => a.readRequests(['before']),
        replaceRequest: () => a.replaceRequest(request('before', { version: 2 }), 1, LONG),
        listRequests: () => a.listRequests(undefined, LONG),
        // b listens already; a would subscribe now.
        onRequestChange: () => b.onRequestChange(() => undefined),
        firstOnRequestChange: () => a.onRequestChange(() => undefined),
        heartbeat: () => a.heartbeat('instance-1', LONG),
        liveOwners: () => a.liveOwners(['instance-1']),
        claimOnce: () => a.claimOnce('during', LONG),
        hasClaim: () => a.hasClaim('during'),
        savePushSubscription: () => a.savePushSubscription(push('https://push.example/1', 'A', 'ada'), LONG),
        listPushSubscriptions: () => a.listPushSubscriptions('A'),
        removePushSubscription: () => a.removePushSubscription('https://push.example/1'),
      };
      const outcomes = await Promise.all(Object.entries(calls).map(async ([name, call]) => [name, await settled(call)] as const));
      expect(Object.fromEntries(outcomes)).toEqual(Object.fromEntries(Object.keys(calls).map((name) => [name, 'rejected'])));

      server = await startRedisServer(own.port);
      // Both instances connected again (b's subscriptions with them: a listener is added only then).
      const records = () => Promise.all([a, b].map((store) => store.readRequests(['before']))).catch(() => 'down');
      await expect.poll(records, EVENT).toEqual([[undefined], [undefined]]);
      await expect
        .poll(
          () =>
            b
              .onRequestChange(() => undefined)
              .then(
                () => 'up',
                () => 'down',
              ),
          EVENT,
        )
        .toBe('up');
      expect(await b.listRequests(undefined, LONG)).toEqual([]);
      await a.putRequest(request('after'), LONG);
      await expect.poll(() => heard, EVENT).toEqual(['before', 'after']);
      expect(await b.claimOnce('during', LONG)).toBe(true);
    } finally {
      await Promise.all([a, b].map((store) => store.close()));
      await server.stop();
    }
  });
});

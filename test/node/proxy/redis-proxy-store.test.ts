/**
 * The proxy store on a real `redis-server` (started per file on a free port): the store contract,
 * the same for the in-memory store; then two proxy instances on one Redis, over real HTTP in front
 * of the HTTP simulator, behaving as one hub.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { createTaskClient, type TaskApiError } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import {
  createMemoryProxyStore,
  createTaskProxy,
  toNodeListener,
  type AnswerRecord,
  type ProxyStore,
  type StoredChange,
  type TaskProxy,
} from '../../../src/server';
import { createRedisProxyStore, type RedisProxyStore } from '../../../src/server/redis';
import { startSimulatorServer, type Scenario, type SimulatorServer } from '../../../src/testing';
import { readStream, WATCH_SCENARIO } from './hub-fixture';

/** Asks for a code at once, and waits for it. */
const ASKING: Scenario = {
  name: 'asking',
  description: 'Asks for a code at once.',
  keywords: ['ask'],
  steps: [
    { type: 'tool_call', tool: 'form_input', parameters: { heading: 'Code', fields: [{ type: 'text', label: 'Code' }] } },
    { type: 'page', title: 'Working', url: 'https://shop.example.com/w', durationMs: 3_600_000 },
  ],
  result: { summary: 'Done.' },
};
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';

let redis: RedisServer;
const opened: RedisProxyStore[] = [];
let prefixes = 0;
/**
 * How long a test waits for a change to reach a reader or a listener: it comes in milliseconds, but
 * a busy machine may run the test a second or more late (Vitest's default of 1 s for `expect.poll`).
 * A change that has not come in 10 s is not coming.
 */
const EVENT = { timeout: 10_000 };

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  await redis.stop();
});

/**
 * Two handles on one shared store, as two proxy instances would hold: two Redis clients, or the one
 * memory store. Each pair has a new prefix, which the Redis store takes for a Redis that lost its
 * state: no reset grace here, so that claims go at once (the grace has tests of its own below).
 */
function pairOf(kind: 'memory' | 'redis'): [ProxyStore, ProxyStore] {
  if (kind === 'memory') {
    const store = createMemoryProxyStore();
    return [store, store];
  }
  const prefix = `test${++prefixes}:`;
  const pair = [
    createRedisProxyStore({ url: redis.url, prefix, resetGraceMs: 0 }),
    createRedisProxyStore({ url: redis.url, prefix, resetGraceMs: 0 }),
  ] as const;
  opened.push(...pair);
  return [...pair];
}

describe.each(['memory', 'redis'] as const)('the %s proxy store', (kind) => {
  const sending = (owner: string): AnswerRecord => ({ state: 'sending', key: 'k1', body: 'b1', owner, since: 1000 });
  const claimOptions = { leaseMs: 60_000, ttlMs: 60_000 };

  it('lets one instance claim an answer; the others see the claim with a live lease, then the answer, and are woken when it changes', async () => {
    const [a, b] = pairOf(kind);
    expect(await a.claimAnswer('call-1', sending('a'), claimOptions)).toEqual({ claimed: true });
    expect(await b.claimAnswer('call-1', sending('b'), claimOptions)).toEqual({ claimed: false, record: sending('a'), live: true });
    // A long timeout: only the change can end this wait within the test's time.
    const woken = b.waitForAnswer('call-1', 60_000);
    const answered: AnswerRecord = { ...sending('a'), state: 'answered', since: 2000 };
    expect(await a.replaceAnswer('call-1', sending('a'), answered, 60_000)).toBe(true);
    await woken;
    expect(await b.claimAnswer('call-1', sending('b'), claimOptions)).toEqual({ claimed: false, record: answered, live: false });
  });

  it('replaces a record only while it is the one expected, and frees a removed one for the next answer', async () => {
    const [a, b] = pairOf(kind);
    await a.claimAnswer('call-2', sending('a'), claimOptions);
    expect(await b.replaceAnswer('call-2', sending('b'), null, 60_000)).toBe(false);
    expect(await a.replaceAnswer('call-2', sending('a'), null, 60_000)).toBe(true);
    expect(await b.claimAnswer('call-2', sending('b'), claimOptions)).toEqual({ claimed: true });
  });

  it("reports a claim whose owner stopped renewing its lease as no longer live, and renews only the owner's", async () => {
    const [a, b] = pairOf(kind);
    await a.claimAnswer('call-3', sending('a'), { leaseMs: 150, ttlMs: 60_000 });
    expect(await b.renewAnswer('call-3', 'b', 150)).toBe(false);
    expect(await a.renewAnswer('call-3', 'a', 150)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await b.claimAnswer('call-3', sending('b'), claimOptions)).toEqual({ claimed: false, record: sending('a'), live: false });
  });

  it('gives a lease to one owner at a time, held for the hold time after it is given up, and says how long the holder has left', async () => {
    const [a, b] = pairOf(kind);
    expect(await a.acquireLease('topic', 'one', 60_000)).toBe(true);
    // Refused with the time left, so the other owner tries again as it lapses, not an interval later.
    const left = await b.acquireLease('topic', 'two', 60_000);
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(60_000);
    expect(await a.acquireLease('topic', 'one', 30_000)).toBe(true);
    expect(await b.acquireLease('topic', 'two', 60_000)).toBeLessThanOrEqual(30_000);
    await b.releaseLease('topic', 'two', 0);
    expect(await b.acquireLease('topic', 'two', 60_000)).toBeGreaterThan(0);
    await a.releaseLease('topic', 'one', 60_000);
    expect(await b.acquireLease('topic', 'two', 60_000)).toBeGreaterThan(30_000);

    await a.acquireLease('other', 'one', 60_000);
    await a.releaseLease('other', 'one', 0);
    expect(await b.acquireLease('other', 'two', 60_000)).toBe(true);
  });

  it('says who holds a lease without taking it: nobody once it lapsed or was given up', async () => {
    const [a, b] = pairOf(kind);
    expect(await b.readLease('held')).toBeUndefined();
    expect(await a.acquireLease('held', 'one', 200)).toBe(true);
    expect(await b.readLease('held')).toBe('one');
    // Reading renews nothing: the lease lapses as if nobody had asked.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await b.readLease('held')).toBeUndefined();
    expect(await b.acquireLease('held', 'two', 60_000)).toBe(true);
    await b.releaseLease('held', 'two', 60_000);
    expect(await a.readLease('held')).toBeUndefined();
  });

  it('knows which topics are wanted', async () => {
    const [a, b] = pairOf(kind);
    await a.markWanted(['wanted'], 60_000, 60_000);
    expect([await b.isWanted('wanted'), await b.isWanted('unwanted')]).toEqual([true, false]);
  });

  it('numbers changes, keeps the latest per resource, and hands them to every subscriber in order', async () => {
    const [a, b] = pairOf(kind);
    const heard: Array<[string, StoredChange | 'answered']> = [];
    const stops = await Promise.all(
      (
        [
          ['a', a],
          ['b', b],
        ] as const
      ).map(([name, store]) =>
        store.subscribe('task-1', { change: (change) => heard.push([name, change]), answered: () => heard.push([name, 'answered']) }),
      ),
    );
    const first = await a.commit('task-1', { topic: 't1', resource: 'status', payload: '{"n":1}' }, 60_000);
    const second = await b.commit('task-1', { topic: 't1', resource: 'status', payload: '{"n":2}' }, 60_000);
    const result = await a.commit('task-1', { topic: 't1', resource: 'result', payload: '{"r":1}' }, 60_000);
    await a.announceAnswered('task-1');
    await b.commit('task-2', { topic: 't2', resource: 'status', payload: '{}' }, 60_000);
    await expect.poll(() => heard.length, EVENT).toBe(8);

    expect([first.epoch, second.epoch, result.epoch]).toEqual([first.epoch, first.epoch, first.epoch]);
    expect(second.seq).toBeGreaterThan(first.seq);
    for (const name of ['a', 'b']) {
      expect(heard.filter(([listener]) => listener === name).map(([, event]) => (event === 'answered' ? event : event.payload))).toEqual([
        '{"n":1}',
        '{"n":2}',
        '{"r":1}',
        'answered',
      ]);
    }
    expect((await b.read(['t1'])).map((change) => change.payload).sort()).toEqual(['{"n":2}', '{"r":1}']);
    for (const stop of stops) await stop();
  });

  it('keeps the earliest time any instance saw a tool call, per task and call, until it goes unseen for its time-to-live', async () => {
    const [a, b] = pairOf(kind);
    const at = Date.UTC(2030, 0, 1);
    expect(await a.noteToolCallSeen?.('task-1', 'call-1', at + 2000, 60_000)).toBe(at + 2000);
    // A later sighting keeps the first; an earlier one (an instance that knew it before the store did) wins.
    expect(await b.noteToolCallSeen?.('task-1', 'call-1', at + 3000, 60_000)).toBe(at + 2000);
    expect(await b.noteToolCallSeen?.('task-1', 'call-1', at + 1000, 60_000)).toBe(at + 1000);
    expect(await a.noteToolCallSeen?.('task-1', 'call-1', at + 5000, 60_000)).toBe(at + 1000);
    expect(await a.noteToolCallSeen?.('task-2', 'call-1', at + 4000, 60_000)).toBe(at + 4000);
    expect(await a.noteToolCallSeen?.('task-1', 'call-2', at + 4000, 20)).toBe(at + 4000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await b.noteToolCallSeen?.('task-1', 'call-2', at + 6000, 60_000)).toBe(at + 6000);
  });
});

describe('two proxy instances on one redis-server', { timeout: 30_000 }, () => {
  const KEY = 'sk_live_two_instances_7d2f';
  let simulator: SimulatorServer;
  let instances: Array<{ proxy: TaskProxy; server: Server; url: string }>;

  beforeEach(async () => {
    simulator = await startSimulatorServer({ apiKey: KEY, seed: 5, scenarios: [WATCH_SCENARIO, ASKING] });
    const prefix = `two${++prefixes}:`;
    instances = [];
    for (let i = 0; i < 2; i++) {
      // A new prefix: without a grace, the first answers go at once.
      const store = createRedisProxyStore({ url: redis.url, prefix, resetGraceMs: 0 });
      opened.push(store);
      const proxy = createTaskProxy({
        upstream: simulator.url,
        apiKey: KEY,
        basePath: '/api/hitl',
        store,
        events: { pollIntervalMs: { status: 250 }, firstPollJitterMs: 0 },
      });
      const server = createServer(toNodeListener(proxy));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      instances.push({ proxy, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/hitl` });
    }
  });

  afterEach(async () => {
    for (const { proxy, server } of instances) {
      await proxy.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
    await simulator.close();
  });

  const statusRequests = () => simulator.service.requests.filter((request) => request.path.endsWith('/run/status')).length;
  const stream = async (instance: number, query: string, headers: Record<string, string> = {}) =>
    readStream(await fetch(`${instances[instance]?.url}/events?${query}`, { headers }));
  const statuses = (reader: ReturnType<typeof readStream>) =>
    reader
      .changes()
      .filter((change) => change.event === 'status')
      .map((change) => [change.id, (change.payload.data as { status: string }).status]);

  it('polls a run once per interval for streams on both instances, and hands each change to both', async () => {
    const { taskId } = await simulator.service.client.createTask({ task: 'watch', tools: [formInputTool()] });
    const [one, two] = [await stream(0, `taskId=${taskId}`), await stream(1, `taskId=${taskId}`)];
    await expect.poll(() => one.changes().length + two.changes().length, EVENT).toBe(2);
    const before = statusRequests();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    // Ten intervals of 250 ms: one poller's worth (about 10), not two instances' (about 20).
    expect(statusRequests() - before).toBeGreaterThanOrEqual(5);
    expect(statusRequests() - before).toBeLessThanOrEqual(12);
    expect(instances.map(({ proxy }) => proxy.stats().polling).sort()).toEqual([0, 1]);

    await simulator.service.client.stopRun(taskId);
    await expect.poll(() => [one, two].map((reader) => statuses(reader).length), EVENT).toEqual([2, 2]);
    // The same change, with the same id, on both.
    expect(statuses(one)).toEqual(statuses(two));
    expect(statuses(one).map(([, status]) => status)).toEqual(['running', 'stopped']);

    // A stream of one instance resumes on the other.
    const resumed = await stream(1, `taskId=${taskId}`, { 'last-event-id': String(statuses(one)[0]?.[0]) });
    await expect.poll(() => resumed.events.some((event) => event.event === 'ready'), EVENT).toBe(true);
    expect(statuses(resumed).map(([, status]) => status)).toEqual(['stopped']);
  });

  it('keeps a run followed when the instance polling it goes away', async () => {
    const { taskId } = await simulator.service.client.createTask({ task: 'watch', tools: [formInputTool()] });
    const first = await stream(0, `taskId=${taskId}`);
    await expect.poll(() => first.changes().length, EVENT).toBe(1);
    const second = await stream(1, `taskId=${taskId}`);
    await expect.poll(() => second.events.some((event) => event.event === 'ready'), EVENT).toBe(true);
    await instances[0]?.proxy.close();

    await simulator.service.client.stopRun(taskId);
    await expect.poll(() => statuses(second).map(([, status]) => status), EVENT).toEqual(['running', 'stopped']);
  });

  it('forwards one of two answers sent to different instances at once; the other gets 409 already_answered', async () => {
    const { taskId } = await simulator.service.client.createTask({ task: 'ask', tools: [formInputTool()] });
    const { toolCall } = await simulator.service.client.getRunStatus(taskId);
    const [ada, bob] = instances.map(({ url }) => createTaskClient({ baseUrl: url }));
    const answer = (name: string) => ({
      input: JSON.stringify([{ label: 'Code', value: name }]),
      toolCallId: String(toolCall?.toolCallId),
    });
    const outcomes = await Promise.allSettled([ada!.submitToolInput(taskId, answer('ada')), bob!.submitToolInput(taskId, answer('bob'))]);

    expect(simulator.service.requests.filter((request) => request.path.endsWith('/tool-input'))).toHaveLength(1);
    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as TaskApiError).kind : 'sent')).sort()).toEqual([
      'already_answered',
      'sent',
    ]);
    expect(simulator.service.getTask(taskId)?.runs[0]?.answers).toHaveLength(1);
  });
});

/**
 * A TCP relay to the file's redis-server that counts the connections made through it, and can cut
 * the store's subscriptions connection and refuse every new one while its commands connection stays.
 */
async function countingRelay() {
  const sockets = new Set<Socket>();
  /** The store's side of each connection that sent a SUBSCRIBE: its subscription connection. */
  const subscribing = new Set<Socket>();
  let refusing = false;
  let connections = 0;
  const relay = createNetServer((socket) => {
    connections += 1;
    if (refusing) {
      socket.destroy();
      return;
    }
    const upstream = connect(redis.port, '127.0.0.1');
    for (const end of [socket, upstream]) {
      sockets.add(end);
      end.on('error', () => undefined);
      end.on('close', () => {
        sockets.delete(end);
        subscribing.delete(socket);
        socket.destroy();
        upstream.destroy();
      });
    }
    socket.on('data', (data: Buffer) => {
      if (/\r\nsubscribe\r\n/i.test(data.toString('latin1'))) subscribing.add(socket);
    });
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    connections: () => connections,
    /**
     * Connects through the relay and waits for Redis to answer a PING: a connection a store started
     * before this one has reached the relay by then.
     */
    async probe() {
      const socket = connect(port, '127.0.0.1');
      socket.write('PING\r\n');
      await new Promise<void>((resolve, reject) => {
        socket.on('data', (data) => (data.toString().includes('PONG') ? resolve() : undefined));
        socket.on('error', reject);
      });
      socket.destroy();
    },
    /** Drops the subscription connections and every connection made until `restore()`. */
    cutSubscriptions() {
      refusing = true;
      for (const socket of subscribing) socket.destroy();
    },
    restore() {
      refusing = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}

describe('the Redis proxy store connects at its first call (a module `next build` loads reaches no Redis)', () => {
  let relay: Awaited<ReturnType<typeof countingRelay>>;
  beforeEach(async () => {
    relay = await countingRelay();
  });
  afterEach(async () => {
    await relay.close();
  });

  const proxyWith = (store: ProxyStore) =>
    createTaskProxy({ upstream: 'http://127.0.0.1:9', apiKey: 'sk_never_used', basePath: '/api/hitl', store });

  it.each(['a string', 'a function'] as const)(
    'connects at its first call, not when it and the proxy are made, with `url` %s',
    async (form) => {
      const store = createRedisProxyStore({ url: form === 'a string' ? relay.url : () => relay.url, prefix: `lazy${++prefixes}:` });
      opened.push(store);
      const proxy = proxyWith(store);
      await relay.probe();
      expect(relay.connections()).toBe(1); // the probe alone
      expect(await store.isWanted('topic')).toBe(false);
      expect(relay.connections()).toBe(3); // commands and subscriptions
      await proxy.close();
    },
  );

  it('calls the function at its first call, and again at the next while it gives no address', async () => {
    // As `process.env.REDIS_URL` would be: unset, then set.
    const env: { REDIS_URL?: string } = {};
    const url = vi.fn(() => env.REDIS_URL);
    const store = createRedisProxyStore({ url, prefix: `lazy${++prefixes}:` });
    opened.push(store);
    const proxy = proxyWith(store);
    expect(url).not.toHaveBeenCalled();
    await expect(store.isWanted('topic')).rejects.toThrow('`url` gave no address of a Redis server');
    env.REDIS_URL = relay.url;
    expect(await store.isWanted('topic')).toBe(false);
    expect(url).toHaveBeenCalledTimes(2);
    expect(relay.connections()).toBe(2);
    await proxy.close();
  });

  it('is made without an address (an unset `process.env.REDIS_URL`), and then fails each call saying so', async () => {
    const store = createRedisProxyStore({ url: undefined, prefix: `lazy${++prefixes}:` });
    opened.push(store);
    await expect(store.isWanted('topic')).rejects.toThrow('`url` gave no address of a Redis server');
    await expect(
      store.claimAnswer('call-1', { state: 'sending', key: '', body: 'b', owner: 'a', since: 0 }, { leaseMs: 1, ttlMs: 1 }),
    ).rejects.toThrow('`url` gave no address of a Redis server');
  });

  it('closes at once while Redis cannot be reached, or went away before the store first connected', async () => {
    // A port nothing listens on: the client retries for as long as it is open.
    const closedPort = await new Promise<number>((resolve) => {
      const server = createNetServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const unreachable = createRedisProxyStore({ url: `redis://127.0.0.1:${closedPort}`, prefix: `lazy${++prefixes}:` });
    await expect(unreachable.isWanted('topic')).rejects.toThrow();
    // The relay gone with the connection half made (or just made): the client retries too.
    const cut = createRedisProxyStore({ url: relay.url, prefix: `lazy${++prefixes}:` });
    // Not awaited: what it comes to depends on how far the connection got.
    void cut.isWanted('topic').catch(() => undefined);
    await relay.close();
    await Promise.all([unreachable.close(), cut.close()]);
    await expect(cut.isWanted('topic')).rejects.toThrow('the Redis proxy store is closed');
  });

  it('closes without connecting when it was never used, and refuses calls once closed', async () => {
    const store = createRedisProxyStore({ url: () => relay.url, prefix: `lazy${++prefixes}:` });
    await store.close();
    await expect(store.isWanted('topic')).rejects.toThrow('the Redis proxy store is closed');
    await relay.probe();
    expect(relay.connections()).toBe(1);
  });
});

describe('the Redis proxy store with one of its two connections down', () => {
  it('fails every call of the hub until both are back, also those that need only the one still up', async () => {
    // The hub takes any of its calls that goes through for the store's return: a lease given up over
    // the commands connection, while the subscriptions connection was still away, ended its degraded
    // state, and the subscriptions it then made again failed and started it anew.
    const relay = await countingRelay();
    try {
      const store = createRedisProxyStore({ url: relay.url, prefix: `halves${++prefixes}:`, onError: () => undefined });
      opened.push(store);
      const listener = { answered: () => undefined, change: () => undefined };
      await store.subscribe('task-1', listener);
      const outcome = (call: () => Promise<unknown>) =>
        call().then(
          () => 'went through',
          (error: Error) => error.message,
        );
      const hubCalls = [
        () => store.isWanted('topic'),
        () => store.releaseLease('topic', 'instance-a', 0),
        () => store.announceAnswered('task-1'),
        () => store.subscribe('task-2', listener),
      ];

      relay.cutSubscriptions();
      await expect.poll(() => outcome(() => store.isWanted('topic')), EVENT).toBe('Redis is not connected');
      expect(await Promise.all(hubCalls.map(outcome))).toEqual(Array(hubCalls.length).fill('Redis is not connected'));
      // The commands connection is up: what is not the hub's goes through.
      expect(await store.renewAnswer('call-1', 'instance-a', 60_000)).toBe(false);

      relay.restore();
      // The first call back says the connection was made again (what Redis kept may be gone).
      await expect.poll(() => outcome(() => store.isWanted('topic')), EVENT).toBe('went through');
      expect(await Promise.all(hubCalls.map(outcome))).toEqual(Array(hubCalls.length).fill('went through'));
    } finally {
      await relay.close();
    }
  });
});

it('keeps redis out of every entry but hitl-react/server/redis', () => {
  const files = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
    });
  const src = new URL('../../../src', import.meta.url).pathname;
  const importers = files(src).filter((file) => /from ['"](redis|ioredis|@redis\/[^'"]+)['"]/.test(readFileSync(file, 'utf8')));
  expect(importers.map((file) => file.slice(src.length + 1))).toEqual(['server/redis/redis-connections.ts']);
});

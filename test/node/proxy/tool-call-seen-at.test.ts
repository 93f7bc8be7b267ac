/**
 * When the proxy first saw a pending tool call, over real HTTP: two proxy instances on one
 * redis-server in front of a fake service whose every run waits for call `call-1`. The time goes
 * beside the service's status (a status event's `toolCallSeenAt`, a status GET's
 * `x-hitl-tool-call-seen-at`), the same on both instances, and survives the store losing it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from 'redis';
import { TOOL_CALL_SEEN_AT_HEADER } from '../../../src/client';
import { createTaskProxy, toNodeListener, type TaskProxy } from '../../../src/server';
import { ToolCallClock } from '../../../src/server/forward/tool-call-clock';
import { createRedisProxyStore, type RedisProxyStore } from '../../../src/server/redis';
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';
import { startCountingUpstream, type CountingUpstream } from './counting-upstream';
import { readStream } from './hub-fixture';

const KEY = 'sk_live_seen_at_5e2b71';
const BASE = '/api/hitl';
/** A change comes in milliseconds; a busy machine may run the test a second or more late. */
const EVENT = { timeout: 10_000 };

let redis: RedisServer;
let upstream: CountingUpstream;
let instances: Array<{ proxy: TaskProxy; server: Server; url: string }>;
const stores: RedisProxyStore[] = [];
let prefix = '';
let prefixes = 0;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis.stop();
});
beforeEach(async () => {
  upstream = await startCountingUpstream(KEY);
  prefix = `seen${++prefixes}:`;
  instances = [];
  for (let index = 0; index < 2; index++) {
    const store = createRedisProxyStore({ url: redis.url, prefix });
    stores.push(store);
    const proxy = createTaskProxy({ upstream: upstream.url, apiKey: KEY, basePath: BASE, store, events: { firstPollJitterMs: 0 } });
    const listener = toNodeListener(proxy);
    const server = createServer(listener);
    listener.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    instances.push({ proxy, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${BASE}` });
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
  await Promise.all(stores.splice(0).map((store) => store.close()));
  await upstream.close();
});

async function createTask(): Promise<string> {
  const response = await fetch(`${instances[0]?.url}/api/v1/task/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ task: 'Log in', agent: 'BROWSER_AGENT' }),
  });
  return ((await response.json()) as { data: { taskId: string } }).data.taskId;
}

/** A status GET through instance `index`: the proxy's time of the pending call, and the body. */
async function status(index: number, taskId: string): Promise<{ seenAt: string | null; body: unknown }> {
  const response = await fetch(`${instances[index]?.url}/api/v1/task/${taskId}/run/status`);
  return { seenAt: response.headers.get(TOOL_CALL_SEEN_AT_HEADER), body: await response.json() };
}

/** Waits until the clock has moved on, so a later sighting has a later time. */
const later = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the time the proxy first saw a tool call', { timeout: 30_000 }, () => {
  it('is the same on both instances, on a status GET and on the stream, beside the service status it leaves as it is', async () => {
    const taskId = await createTask();
    const before = Date.now();
    const first = await status(0, taskId);
    expect(first.seenAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(first.seenAt ?? '')).toBeGreaterThanOrEqual(before);
    // The service's envelope, untouched.
    expect(first.body).toEqual({
      success: true,
      data: {
        id: 'run-1',
        status: 'running',
        detailedStatus: 'tool_call',
        liveStatus: 'https://live.example.com/1',
        toolCall: { toolCallId: 'call-1', tool: { name: 'ask', parameters: {} } },
      },
    });
    await later();
    expect((await status(1, taskId)).seenAt).toBe(first.seenAt);
    expect((await status(0, taskId)).seenAt).toBe(first.seenAt);

    const streamed = readStream(await fetch(`${instances[1]?.url}/events?taskId=${taskId}`));
    await expect.poll(() => streamed.changes().length, EVENT).toBe(1);
    expect(streamed.changes()[0]?.payload).toEqual({
      taskId,
      final: false,
      data: (first.body as { data: unknown }).data,
      toolCallSeenAt: first.seenAt,
    });
    await streamed.cancel();

    // A task the service does not know has no call, and no time.
    const unknown = await fetch(`${instances[0]?.url}/api/v1/task/nope/run/status`);
    expect([unknown.status, unknown.headers.get(TOOL_CALL_SEEN_AT_HEADER)]).toEqual([404, null]);
  });

  it('comes back as the earliest time an instance still knows after the store lost it', async () => {
    const taskId = await createTask();
    const first = (await status(0, taskId)).seenAt;
    await later();
    // Redis restarted empty, or flushed: every sighting is gone.
    const raw = createClient({ url: redis.url });
    await raw.connect();
    const keys = await raw.keys(`${prefix}tool-call-seen:*`);
    expect(keys).toHaveLength(1);
    await raw.del(keys);
    await raw.close();

    // An instance that never saw the call can only give the time it sees it now …
    const meanwhile = (await status(1, taskId)).seenAt;
    expect(Date.parse(meanwhile ?? '')).toBeGreaterThan(Date.parse(first ?? ''));
    // … until the first instance sees it again and writes back its earlier time, which both then give.
    expect((await status(0, taskId)).seenAt).toBe(first);
    expect((await status(1, taskId)).seenAt).toBe(first);
  });
});

describe('an instance whose store fails', () => {
  it('answers with its own earliest time, and leaves the store alone for a while instead of waiting on it at every status', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    let failing = true;
    const clock = new ToolCallClock({
      store: {
        noteToolCallSeen: (_taskId, _toolCallId, at) => {
          calls += 1;
          return failing ? Promise.reject(new Error('Redis is not connected')) : Promise.resolve(at - 5000);
        },
      },
      ttlMs: 60_000,
      onStoreError: (error) => errors.push(error),
    });
    const at = Date.now();
    expect(await clock.seen('task-1', 'call-1', at)).toBe(at);
    expect(await clock.seen('task-1', 'call-1', at + 2000)).toBe(at);
    expect([calls, errors.length]).toEqual([1, 1]);
    // The store works again: at the next sighting after the quiet time, its earlier time (another instance's) wins.
    failing = false;
    vi.useFakeTimers({ now: at + 11_000 });
    try {
      expect(await clock.seen('task-1', 'call-1', at + 11_000)).toBe(at - 5000);
    } finally {
      vi.useRealTimers();
    }
    expect(calls).toBe(2);
  });
});

/**
 * The answers' epoch of the Redis proxy store: a Redis found without it (new, flushed, restarted
 * empty) holds new claims back for `resetGraceMs`, whoever finds it so, while every instance writes
 * back the answers it has out. An instance that first connects just after Redis restarted empty
 * knows no epoch: it must hold back as well, or it could forward an answer to a call whose answer
 * another instance still has out, and the service would get two. The store connects at its first
 * call, whatever form `url` has, so such an instance is any one not used before the restart.
 */
import type { ChildProcess } from 'node:child_process';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { createClient } from 'redis';
import type { AnswerRecord } from '../../../src/server';
import { createRedisProxyStore, type RedisProxyStore } from '../../../src/server/redis';
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';
import { startCountingService, TASK_ID, TOOL_CALL_ID, type CountingService } from './counting-service';
import { forkAnswerProxy } from './fork-process';

const KEY = 'sk_live_redis_epoch_9Tq4';
/** A bound only a frozen machine reaches: what is awaited comes in milliseconds, or a reconnection (2 s at most) later. */
const WAIT = { timeout: 30_000 };

let redis: RedisServer;
const closers: Array<() => Promise<unknown> | void> = [];

beforeEach(async () => {
  redis = await startRedisServer();
  closers.push(() => redis.stop());
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A client of the test's own, to look at (and flush) what the stores keep. */
async function redisClient(url: string) {
  const client = createClient({ url });
  client.on('error', () => undefined);
  await client.connect();
  closers.push(() => client.close());
  return client;
}

describe('the Redis proxy store without the answers’ epoch', () => {
  const sending = (owner: string): AnswerRecord => ({ state: 'sending', key: 'k1', body: 'b1', owner, since: 1000 });
  const claim = { leaseMs: 60_000, ttlMs: 60_000 };
  let prefixes = 0;
  const store = (options: { prefix: string; resetGraceMs?: number }): RedisProxyStore => {
    const made = createRedisProxyStore({ url: redis.url, onError: () => undefined, ...options });
    closers.push(() => made.close());
    return made;
  };

  it('holds claims back for the grace on a new Redis, but lets an instance write its own answers back', async () => {
    const prefix = `new${++prefixes}:`;
    // A grace no test waits out: only a claim being held back can make these pass.
    const first = store({ prefix, resetGraceMs: 600_000 });
    expect(await first.claimAnswer('call-1', sending('a'), claim)).toEqual({ claimed: false, resetting: true });
    expect(await first.claimAnswer('call-1', sending('a'), { ...claim, reassert: true })).toEqual({ claimed: true });
    // Another instance finds the epoch, and the grace still running.
    const second = store({ prefix, resetGraceMs: 600_000 });
    expect(await second.claimAnswer('call-1', sending('b'), claim)).toEqual({ claimed: false, record: sending('a'), live: true });
    expect(await second.claimAnswer('call-2', sending('b'), claim)).toEqual({ claimed: false, resetting: true });
  });

  it('holds claims back for an instance that first connects after Redis lost its state, as for one that knew the old epoch', async () => {
    const prefix = `flushed${++prefixes}:`;
    const before = store({ prefix, resetGraceMs: 0 });
    expect(await before.claimAnswer('call-1', sending('a'), claim)).toEqual({ claimed: true });
    await (await redisClient(redis.url)).flushAll();

    // First used now: it knows no epoch, and the call's answer may still be out at `before`'s instance.
    const after = store({ prefix, resetGraceMs: 600_000 });
    expect(await after.claimAnswer('call-1', sending('b'), claim)).toEqual({ claimed: false, resetting: true });
    const reset = vi.fn();
    before.onAnswersReset?.(reset);
    expect(await before.claimAnswer('call-1', sending('a'), { ...claim, reassert: true })).toEqual({ claimed: true });
    expect(reset).toHaveBeenCalledOnce();
    expect(await after.claimAnswer('call-1', sending('b'), claim)).toEqual({ claimed: false, record: sending('a'), live: true });
  });

  it('lets claims go once the grace is over, and at once with a grace of 0', async () => {
    const waited = store({ prefix: `short${++prefixes}:`, resetGraceMs: 50 });
    await expect.poll(() => waited.claimAnswer('call-1', sending('a'), claim), WAIT).toEqual({ claimed: true });
    const none = store({ prefix: `none${++prefixes}:`, resetGraceMs: 0 });
    expect(await none.claimAnswer('call-1', sending('a'), claim)).toEqual({ claimed: true });
  });
});

/**
 * A TCP relay to the redis-server on `port` (the same port after a restart), for an instance whose
 * reconnection the test holds back: while `refuse()`d it drops every connection made to it.
 */
async function redisRelay(port: number) {
  let refusing = false;
  const sockets = new Set<Socket>();
  const relay = createServer((socket) => {
    if (refusing) {
      socket.destroy();
      return;
    }
    const upstream = connect(port, '127.0.0.1');
    for (const end of [socket, upstream]) {
      sockets.add(end);
      end.on('error', () => undefined);
      end.on('close', () => {
        sockets.delete(end);
        socket.destroy();
        upstream.destroy();
      });
    }
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
  });
  return {
    url: `redis://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    refuse: () => (refusing = true),
    open: () => (refusing = false),
  };
}

interface Reply {
  status: number;
  code: string | undefined;
}

/** One `tool-input` through the proxy at `base`, as a browser posts it. */
async function post(base: string, input: string, key: string): Promise<Reply> {
  const response = await fetch(`${base}/api/v1/task/${TASK_ID}/run/tool-input`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ input, toolCallId: TOOL_CALL_ID }),
  });
  const text = await response.text();
  return { status: response.status, code: (text === '' ? {} : (JSON.parse(text) as { code?: string })).code };
}

/** Posts again while the proxy answers 503 (a person pressing "Try again"), a second later each time. */
async function postWhileUnavailable(base: string, input: string, key: string): Promise<Reply> {
  for (;;) {
    const reply = await post(base, input, key);
    if (reply.status !== 503) return reply;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

describe('an instance that first connects to a Redis just restarted empty', { timeout: 120_000 }, () => {
  let service: CountingService;

  beforeEach(async () => {
    service = await startCountingService(KEY);
    closers.push(() => service.close());
  });

  /** A proxy instance in a child process, on Redis at `redisUrl`. */
  async function spawnProxy(redisUrl: string, resetGraceMs: number): Promise<{ base: string; child: ChildProcess }> {
    const instance = await forkAnswerProxy({ upstream: service.url, apiKey: KEY, redisUrl, timeoutMs: 60_000, resetGraceMs });
    closers.push(instance.kill);
    return instance;
  }

  it('claims nothing before the instance with the answer out wrote it back: the service gets that answer once', async () => {
    // The service holds the first answer until the test lets it go; it applies any later one at once.
    let release!: () => void;
    service.behave({ until: new Promise<void>((resolve) => (release = resolve)) }, {});
    // Instance A reaches Redis through a relay, so that it reconnects only once B has found Redis empty.
    const relay = await redisRelay(redis.port);
    // A's grace never comes into play: A never finds Redis empty but here, on the new one, with no answer out.
    const a = await spawnProxy(relay.url, 0);
    const first = post(a.base, 'ada:111111', 'ada-1');
    await service.receivedAnswers(1);

    // Redis restarts empty while A's answer is out (A's claim, `sending`, is gone with it).
    relay.refuse();
    await redis.kill();
    redis = await startRedisServer(redis.port);
    closers.push(() => redis.stop());
    // B, started now, knows no epoch; its grace is longer than this test, so only A's write-back ends it.
    const b = await spawnProxy(redis.url, 600_000);
    const second = postWhileUnavailable(b.base, 'bob:222222', 'bob-1');
    const peek = await redisClient(redis.url);
    // B's first call found no epoch and holds claims back; or, without that hold, B claimed the call and forwarded its answer.
    await expect.poll(async () => (await peek.exists('hitl:answers-reset')) === 1 || service.received.length > 1, WAIT).toBe(true);

    relay.open();
    const claimed = async () => {
      const held = await peek.get(`hitl:answer:${JSON.stringify([TASK_ID, TOOL_CALL_ID])}`);
      return held === null ? undefined : (JSON.parse(held) as AnswerRecord).key;
    };
    // A reconnects and writes its claim back; or B's answer reached the service.
    await expect.poll(async () => (await claimed()) === 'ada-1' || service.received.length > 1, WAIT).toBe(true);
    release();

    const replies = [await first, await second];
    expect(service.received.map((answer) => answer.input)).toEqual(['ada:111111']);
    expect(service.applied).toEqual(['ada:111111']);
    expect(replies).toMatchObject([{ status: 200 }, { status: 409, code: 'already_answered' }]);
  });
});

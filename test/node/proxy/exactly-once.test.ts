/**
 * An answer reaches the service exactly once, whatever fails: a slow service, a 5xx, a proxy
 * instance killed mid-answer (SIGKILL), Redis restarted empty while an answer is out, bodies of
 * every wrong shape, a page that posts the same answer many times at once, and someone guessing.
 * Real HTTP throughout: a counting service, proxies in this process or in child processes, a real
 * redis-server.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTaskProxy, toNodeListener, type TaskProxy, type TaskProxyOptions } from '../../../src/server';
import { startCountingService, TASK_ID, TOOL_CALL_ID, type CountingService } from './counting-service';
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';
import { forkAnswerProxy } from './fork-process';

const KEY = 'sk_live_exactly_once_7Qx2';

let service: CountingService;
const closers: Array<() => Promise<void> | void> = [];

beforeEach(async () => {
  service = await startCountingService(KEY);
  closers.push(() => service.close());
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface Reply {
  status: number;
  code: string | undefined;
  error: string | undefined;
  replayed: boolean;
}

interface Post {
  input?: string;
  key?: string;
  contentType?: string;
  /** The raw body; default: the answer as JSON. */
  body?: string;
}

/** One `tool-input` through the proxy at `base`, as a browser (or anyone) posts it. */
async function post(base: string, { input = 'ada:111111', key, contentType = 'application/json', body }: Post): Promise<Reply> {
  const response = await fetch(`${base}/api/v1/task/${TASK_ID}/run/tool-input`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    body: body ?? JSON.stringify({ input, toolCallId: TOOL_CALL_ID }),
  });
  const text = await response.text();
  const json = (text === '' ? {} : JSON.parse(text)) as { code?: string; error?: string };
  return { status: response.status, code: json.code, error: json.error, replayed: response.headers.get('idempotent-replayed') === 'true' };
}

/** A proxy in this process, over real HTTP. */
async function startProxy(options: Partial<TaskProxyOptions> = {}): Promise<{ base: string; proxy: TaskProxy }> {
  const proxy = createTaskProxy({ upstream: service.url, apiKey: KEY, events: false, ...options });
  const server: Server = createServer(toNodeListener(proxy));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    await proxy.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, proxy };
}

/**
 * A proxy instance in a child process on the shared Redis, to be killed with SIGKILL. Its store's
 * reset grace: short by default, as the first answers on a new Redis wait it, and only a test that
 * restarts Redis needs one longer than a reconnection.
 */
async function spawnProxy(redisUrl: string, timeoutMs: number, resetGraceMs = 100): Promise<{ base: string; child: ChildProcess }> {
  const instance = await forkAnswerProxy({ upstream: service.url, apiKey: KEY, redisUrl, timeoutMs, resetGraceMs });
  closers.push(instance.kill);
  return instance;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Posts again while `retry` says so (a person pressing "Try again"), until `deadlineMs` has passed. */
async function postUntil(base: string, request: Post, retry: (reply: Reply) => boolean, deadlineMs: number): Promise<Reply[]> {
  const replies: Reply[] = [];
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const reply = await post(base, request);
    replies.push(reply);
    if (!retry(reply) || Date.now() > deadline) return replies;
    await sleep(200);
  }
}

const inDoubt = (reply: Reply) => reply.code === 'answer_in_doubt';

/**
 * The real fetch, but an answer's time-out takes effect only once the service holds the answer: the
 * service shares this process's event loop, and after a stall longer than the time-out the proxy's
 * timer would fire before the service read the request, so the service would never hear it.
 */
async function timedOutOnlyOnceHeld(request: Request): Promise<Response> {
  if (!new URL(request.url).pathname.endsWith('/run/tool-input')) return fetch(request);
  const unsignalled = new Request(request.url, { method: request.method, headers: request.headers, body: await request.arrayBuffer() });
  const abandoned = new Promise<never>((_, reject) => {
    const abandon = () => void service.receivedAnswers(1).then(() => reject(new DOMException('The time-out is over', 'AbortError')));
    if (request.signal.aborted) abandon();
    else request.signal.addEventListener('abort', abandon, { once: true });
  });
  return Promise.race([fetch(unsignalled), abandoned]);
}

// Each test waits for real time-outs, leases and settle periods (seconds), on a machine that may be busy.
describe('one proxy instance (memory store)', { timeout: 60_000 }, () => {
  it('a service slower than the time-out: the first person hears "in doubt", nobody else’s answer is sent, and the call ends answered once', async () => {
    // Still working when the proxy's time-out is over, however long the machine takes to get there.
    let finish!: () => void;
    service.behave({ until: new Promise<void>((resolve) => (finish = resolve)) });
    const { base } = await startProxy({ timeoutMs: 1000, fetch: timedOutOnlyOnceHeld });

    const first = await post(base, { input: 'ada:111111', key: 'ada-1' });
    expect(first).toMatchObject({ status: 504, code: 'answer_in_doubt' });

    // A second person while the service still works on the first answer: nothing is sent.
    const second = await post(base, { input: 'bob:222222', key: 'bob-1' });
    expect([409, 503]).toContain(second.status);
    if (second.status === 503) expect(second.code).toBe('answer_in_doubt');

    finish();
    await service.appliedAnswers(1);
    expect(await post(base, { input: 'bob:222222', key: 'bob-1' })).toMatchObject({ status: 409, code: 'already_answered' });
    // The first person's "Try again" (the same answer, the same key) learns that it was applied.
    expect(await post(base, { input: 'ada:111111', key: 'ada-1' })).toMatchObject({ status: 200, replayed: true });
    expect(service.received.map((answer) => answer.input)).toEqual(['ada:111111']);
    expect(service.applied).toEqual(['ada:111111']);
  });

  it('a 5xx the service answered after applying: in doubt, then settled from the status; only the same key hears 200', async () => {
    service.behave({ fail: '500-applied' });
    const { base } = await startProxy({ timeoutMs: 1000 });

    expect(await post(base, { input: 'ada:111111', key: 'ada-1' })).toMatchObject({ status: 502, code: 'answer_in_doubt' });
    expect(await post(base, { input: 'bob:222222', key: 'bob-1' })).toMatchObject({ status: 409, code: 'already_answered' });
    expect(await post(base, { input: 'ada:111111', key: 'ada-1' })).toMatchObject({ status: 200, replayed: true });
    expect(service.applied).toEqual(['ada:111111']);
    expect(service.received).toHaveLength(1);
  });

  it('a repeat with the same key after a 502 that was not applied is forwarded once the settle period is over, and applied once', async () => {
    service.behave({ fail: '500-unapplied' }, {});
    const { base } = await startProxy({ timeoutMs: 600 });

    expect(await post(base, { input: 'ada:111111', key: 'ada-1' })).toMatchObject({ status: 502, code: 'answer_in_doubt' });
    // Another person's answer is not sent while the first is in doubt.
    expect(await post(base, { input: 'bob:222222', key: 'bob-1' })).toMatchObject({ status: 503, code: 'answer_in_doubt' });

    const replies = await postUntil(base, { input: 'ada:111111', key: 'ada-1' }, inDoubt, 15_000);
    expect(replies.at(-1)).toMatchObject({ status: 200, replayed: false });
    // Until the settle period was over, the same answer heard the same "in doubt".
    for (const reply of replies.slice(0, -1)) expect(reply).toMatchObject({ status: 502, code: 'answer_in_doubt' });
    expect(service.received.map((answer) => answer.input)).toEqual(['ada:111111', 'ada:111111']);
    expect(service.applied).toEqual(['ada:111111']);
    expect(await post(base, { input: 'bob:222222', key: 'bob-1' })).toMatchObject({ status: 409, code: 'already_answered' });
  });

  it('refuses bodies of any other shape with 400 or 415, before and after the call is answered, and none reaches the service', async () => {
    const { base } = await startProxy();
    const wrong: Array<[Post, number]> = [
      [{ body: `{"input": NaN, "toolCallId": "${TOOL_CALL_ID}"}` }, 400],
      [{ body: `{"input": "123456", "toolCallId": "${TOOL_CALL_ID}",}` }, 400],
      [{ body: `input=123456&toolCallId=${TOOL_CALL_ID}`, contentType: 'application/x-www-form-urlencoded' }, 415],
      [{ body: JSON.stringify({ input: '123456', toolCallId: TOOL_CALL_ID }), contentType: 'text/plain' }, 415],
      [{ body: '{"input": "123456", "toolCallId": 12}' }, 400],
      [{ body: JSON.stringify({ input: ['1', '2'], toolCallId: TOOL_CALL_ID }) }, 400],
      [{ body: JSON.stringify([{ input: '123456', toolCallId: TOOL_CALL_ID }]) }, 400],
      [{ body: '\u00ff{"input":"1","toolCallId":"x"}' }, 400],
      [{ input: '123456', key: 'not a visible key' }, 400],
    ];
    const check = async () => {
      for (const [request, status] of wrong) {
        const reply = await post(base, request);
        expect(reply.status, request.body ?? request.key).toBe(status);
        expect(reply.error).toEqual(expect.any(String));
      }
    };
    await check();
    expect(service.received).toHaveLength(0);
    expect(await post(base, { input: 'ada:111111', key: 'ada-1' })).toMatchObject({ status: 200 });
    await check();
    expect(service.received).toHaveLength(1);
  });

  it('fifty copies of one answer posted at once with one key all get the same 200; the service gets it once', async () => {
    service.behave({ delayMs: 200 });
    const { base } = await startProxy();
    const replies = await Promise.all(Array.from({ length: 50 }, () => post(base, { input: 'ada:111111', key: 'ada-1' })));
    expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(service.received).toHaveLength(1);
  });

  it('is no oracle: after an answer, every other request gets 409, the right guess included, and none reaches the service', async () => {
    const { base } = await startProxy();
    expect(await post(base, { input: 'code:4721', key: 'ada-1' })).toMatchObject({ status: 200 });
    const guesses = ['code:0000', 'code:4720', 'code:4721', 'code:4722', 'code:9999'];
    for (const [index, input] of guesses.entries()) {
      expect(await post(base, { input, key: `guess-${index}` })).toMatchObject({ status: 409, code: 'already_answered' });
      expect(await post(base, { input })).toMatchObject({ status: 409, code: 'already_answered' });
    }
    expect(service.received).toHaveLength(1);
  });

  it('a proxy that restarted (a new memory store) still refuses a second answer: the run’s status is the last word', async () => {
    const first = await startProxy();
    expect(await post(first.base, { input: 'ada:111111', key: 'ada-1' })).toMatchObject({ status: 200 });
    const restarted = await startProxy();
    expect(await post(restarted.base, { input: 'bob:222222', key: 'bob-1' })).toMatchObject({ status: 409, code: 'already_answered' });
    expect(service.received).toHaveLength(1);
  });
});

describe('two proxy instances on Redis', { timeout: 120_000 }, () => {
  let redis: RedisServer;

  beforeEach(async () => {
    redis = await startRedisServer();
    closers.push(() => redis.stop());
  });

  it('an instance killed mid-answer: the other settles its claim from the status within seconds, not a lease of minutes', async () => {
    service.behave({ delayMs: 1000 });
    const [a, b] = await Promise.all([spawnProxy(redis.url, 5000), spawnProxy(redis.url, 5000)]);
    const lost = post(a.base, { input: 'ada:111111', key: 'ada-1' }).catch(() => undefined);
    await service.receivedAnswers(1);
    a.child.kill('SIGKILL');
    await lost;

    const started = Date.now();
    const second = await post(b.base, { input: 'bob:222222', key: 'bob-1' });
    expect(second).toMatchObject({ status: 409, code: 'already_answered' });
    // The claim's lease is 3 s; a fixed lease of 38 s is what this guards against.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(service.applied).toEqual(['ada:111111']);
    expect(service.received).toHaveLength(1);
  });

  it('an instance killed before the service applied the answer: in doubt until the settle period, then the next answer goes, once', async () => {
    service.behave({ delayMs: 500, fail: '500-unapplied' }, {});
    const [a, b] = await Promise.all([spawnProxy(redis.url, 2000), spawnProxy(redis.url, 2000)]);
    const lost = post(a.base, { input: 'ada:111111', key: 'ada-1' }).catch(() => undefined);
    await service.receivedAnswers(1);
    a.child.kill('SIGKILL');
    await lost;

    const replies = await postUntil(b.base, { input: 'bob:222222', key: 'bob-1' }, inDoubt, 30_000);
    expect(replies.at(-1)).toMatchObject({ status: 200 });
    expect(replies.slice(0, -1).every(inDoubt)).toBe(true);
    expect(service.applied).toEqual(['bob:222222']);
    expect(service.received).toHaveLength(2);
  });

  it('Redis restarted empty while an answer is out: the answer after the restart is not sent', async () => {
    service.behave({ delayMs: 2500 });
    // The store's default grace (5 s), which the instances' reconnection must fit in.
    const [a, b] = await Promise.all([spawnProxy(redis.url, 10_000, 5000), spawnProxy(redis.url, 10_000, 5000)]);
    const first = post(a.base, { input: 'ada:111111', key: 'ada-1' }).catch((error: unknown) => error);
    await service.receivedAnswers(1);
    await redis.kill();
    redis = await startRedisServer(redis.port);
    closers.push(() => redis.stop());

    // While the instances reconnect, the proxy says it cannot check yet (503 without a code): try again.
    const replies = await postUntil(b.base, { input: 'bob:222222', key: 'bob-1' }, (reply) => reply.status === 503, 30_000);
    expect(replies.at(-1)).toMatchObject({ status: 409, code: 'already_answered' });
    expect(await first).toMatchObject({ status: 200 });
    expect(service.received.map((answer) => answer.input)).toEqual(['ada:111111']);
    expect(service.applied).toEqual(['ada:111111']);
  });

  it('twenty posts of one answer with one key, spread over both instances, all get the same 200; the service gets it once', async () => {
    service.behave({ delayMs: 300 });
    const instances = await Promise.all([spawnProxy(redis.url, 5000), spawnProxy(redis.url, 5000)]);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) => post(instances[index % 2]!.base, { input: 'ada:111111', key: 'ada-1' })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(service.received).toHaveLength(1);
  });
});

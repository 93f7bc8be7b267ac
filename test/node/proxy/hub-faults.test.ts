/**
 * The event hub under faults, over real HTTP: two proxy instances in child processes on one real
 * redis-server, in front of a fake task service that this file controls. Redis is killed (SIGKILL)
 * and started again empty, an instance holding run leases is killed, the service refuses the key
 * or goes away, a task gets a new run. Intervals are short (500 ms; 1.5 s for the hand-over); every
 * bound is several intervals wide, so only a hub that stays silent or waits for a lease it should
 * not breaks it.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from 'redis';
import { readStream } from './hub-fixture';
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';
import { forkProcess } from './fork-process';

const KEY = 'sk_faults_9f3c1e';
const INTERVAL = 500;

interface FakeRun {
  id: string;
  createdAt: number;
  status: string;
  detailedStatus: string;
  toolCall: unknown;
}

/** The fake service: tasks and their runs, a switch to refuse the key and one to go away. Each instance reaches it under its own path (`/i0`, `/i1`), so its requests say which instance sent them. */
const service = {
  tasks: new Map<string, FakeRun[]>(),
  refuse: false,
  down: false,
  requests: [] as Array<{ instance: string; taskId: string; at: number }>,
};
let upstream: Server;
let redis: RedisServer;
const instances: Array<Instance | undefined> = [];
let tasks = 0;

interface Instance {
  child: ChildProcess;
  port: number;
  logs: Array<{ level: string; message: string }>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function startInstance(index: number, interval = INTERVAL, timeoutMs = 2000): Promise<Instance> {
  const child = await forkProcess(new URL('./hub-instance.ts', import.meta.url), {
    env: {
      ...process.env,
      UPSTREAM: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/i${index}`,
      API_KEY: KEY,
      REDIS_URL: redis.url,
      PREFIX: 'faults:',
      INTERVAL_MS: String(interval),
      TIMEOUT_MS: String(timeoutMs),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const logs: Instance['logs'] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (message: { port?: number; log?: { level: string; message: string } }) => {
      if (message.log !== undefined) logs.push(message.log);
      if (message.port !== undefined) resolve(message.port);
    });
    child.once('exit', (code) => reject(new Error(`the proxy instance exited with ${String(code)}`)));
  });
  return { child, port, logs };
}

function createTask(runs: Array<Partial<FakeRun>> = [{}]): string {
  const taskId = `task-${++tasks}`;
  service.tasks.set(
    taskId,
    runs.map((run, index) => ({
      id: `${taskId}-run-${index + 1}`,
      createdAt: Date.UTC(2030, 0, 1, 0, index),
      status: 'running',
      detailedStatus: 'processing_page',
      toolCall: null,
      ...run,
    })),
  );
  return taskId;
}

const latestRun = (taskId: string) => [...(service.tasks.get(taskId) ?? [])].sort((a, b) => b.createdAt - a.createdAt)[0] as FakeRun;

const streams: AbortController[] = [];
async function open(instance: Instance | undefined, query: string) {
  const controller = new AbortController();
  streams.push(controller);
  const response = await fetch(`http://127.0.0.1:${(instance as Instance).port}/events?${query}`, { signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = readStream(response);
  return Object.assign(reader, {
    /** The `detailedStatus` of the latest status event, before or after `ready`. */
    detailed: () =>
      reader
        .changes()
        .filter((change) => change.event === 'status')
        .at(-1)?.payload.data as { detailedStatus?: string } | undefined,
    ready: () => reader.events.some((event) => event.event === 'ready'),
    close: () => controller.abort(),
  });
}

const lines = (instance: Instance | undefined, pattern: RegExp) => (instance as Instance).logs.filter((line) => pattern.test(line.message));

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (service.down) {
      req.socket.destroy();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const match = /^\/(i\d)\/api\/v1\/task\/([^/]+)\/(run\/status|run\/result|run\/gif|runs)$/.exec(url.pathname);
    if (match === null) return send(res, 404, { success: false, error: 'Not found' });
    if (service.refuse || req.headers['x-api-key'] !== KEY) return send(res, 401, { success: false, error: 'Invalid API key' });
    const [, instance, taskId, what] = match as unknown as [string, string, string, string];
    const runs = service.tasks.get(taskId);
    if (runs === undefined) return send(res, 404, { success: false, error: `Task "${taskId}" not found` });
    if (what === 'runs')
      return send(res, 200, {
        success: true,
        data: runs.map((run) => ({ id: run.id, created_at: new Date(run.createdAt).toISOString() })),
      });
    const runId = url.searchParams.get('runId');
    const run = runId === null ? latestRun(taskId) : runs.find((candidate) => candidate.id === runId);
    if (run === undefined) return send(res, 404, { success: false, error: 'Run not found' });
    if (what === 'run/status') {
      service.requests.push({ instance, taskId, at: Date.now() });
      return send(res, 200, {
        success: true,
        data: { status: run.status, detailedStatus: run.detailedStatus, toolCall: run.toolCall, liveStatus: '' },
      });
    }
    return send(res, 200, { success: true, data: { status: 'completed' } });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  redis = await startRedisServer();
  instances.push(...(await Promise.all([startInstance(0), startInstance(1)])));
});

afterEach(() => {
  for (const controller of streams.splice(0)) controller.abort();
});

afterAll(async () => {
  for (const instance of instances) instance?.child.kill('SIGKILL');
  await redis?.stop();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
});

// Each test waits for a few intervals and for child processes: more than the default 5 s, bounded all the same.
describe('the event hub under faults', { timeout: 45_000 }, () => {
  it('says once when the service refuses the key or cannot be reached, and once when it works again, never with the key', async () => {
    const taskId = createTask();
    const [a, b] = [await open(instances[0], `taskId=${taskId}`), await open(instances[1], `taskId=${taskId}`)];
    await expect
      .poll(() => [a.detailed()?.detailedStatus, b.detailed()?.detailedStatus], { timeout: 10_000 })
      .toEqual(['processing_page', 'processing_page']);

    service.down = true;
    await expect
      .poll(() => instances.map((instance) => lines(instance, /cannot be reached/).length).some((n) => n > 0), { timeout: 10_000 })
      .toBe(true);
    // Several failed polls later, still one line.
    await new Promise((resolve) => setTimeout(resolve, 4 * INTERVAL));
    service.down = false;
    const polling = instances.find((instance) => lines(instance, /cannot be reached/).length > 0);
    await expect.poll(() => lines(polling, /task service works again/).length, { timeout: 15_000 }).toBe(1);
    expect(lines(polling, /cannot be reached/)).toHaveLength(1);
    expect(lines(polling, /cannot be reached/)[0]?.level).toBe('warn');

    service.refuse = true;
    // A stream naming the task again has its instance ask the service.
    const c = await open(polling, `taskId=${taskId}`);
    await expect.poll(() => lines(polling, /refuses the API key/).length, { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => c.changes().some((change) => (change.payload.error as { status?: number } | undefined)?.status === 401), {
        timeout: 10_000,
      })
      .toBe(true);
    service.refuse = false;
    await open(polling, `taskId=${taskId}`);
    await expect.poll(() => lines(polling, /task service works again/).length, { timeout: 15_000 }).toBe(2);
    expect(lines(polling, /refuses the API key/)).toHaveLength(1);
    expect(lines(polling, /refuses the API key/)[0]?.level).toBe('error');
    for (const instance of instances) for (const line of (instance as Instance).logs) expect(line.message).not.toContain(KEY);
  });

  it('gives a new stream the new latest run of a task, not the final state of the one before', async () => {
    // A pair of its own with 5 s intervals and a 10 s time-out on the service: a new stream waits up
    // to two intervals for the status it asks again, so `ready` comes with that status however long
    // a busy machine's round trips to the service and the store take. With 500 ms intervals the wait
    // is 1 s, which a loaded machine can pass: the stream then starts from the old run's end and gets
    // the new run only after `ready`.
    const pair = await Promise.all([startInstance(4, 5000, 10_000), startInstance(5, 5000, 10_000)]);
    try {
      const taskId = createTask([{ status: 'completed', detailedStatus: 'done' }]);
      const first = await open(pair[0], `taskId=${taskId}`);
      await expect.poll(() => first.detailed()?.detailedStatus, { timeout: 10_000 }).toBe('done');
      first.close();

      // The task gets a new run, asking for a code: a stream opened now (on the other instance) shows its form.
      service.tasks.get(taskId)?.push({
        id: `${taskId}-run-2`,
        createdAt: Date.UTC(2030, 0, 1, 1),
        status: 'running',
        detailedStatus: 'tool_call',
        toolCall: { toolCallId: 'call-7', tool: { name: 'form_input', parameters: { heading: 'Code' } } },
      });
      const next = await open(pair[1], `taskId=${taskId}`);
      await expect.poll(() => next.ready(), { timeout: 20_000 }).toBe(true);
      const beforeReady = next.events.slice(
        0,
        next.events.findIndex((event) => event.event === 'ready'),
      );
      const status = beforeReady.filter((event) => event.event === 'status').at(-1);
      expect(JSON.parse(status?.data ?? '{}')).toMatchObject({ data: { detailedStatus: 'tool_call', toolCall: { toolCallId: 'call-7' } } });
    } finally {
      for (const instance of pair) instance.child.kill('SIGKILL');
    }
  });

  it('keeps streams going while Redis is down, and loses no change when it comes back empty', async () => {
    const taskId = createTask();
    const [a, b] = [await open(instances[0], `taskId=${taskId}`), await open(instances[1], `taskId=${taskId}`)];
    await expect
      .poll(() => [a.detailed()?.detailedStatus, b.detailed()?.detailedStatus], { timeout: 10_000 })
      .toEqual(['processing_page', 'processing_page']);

    await redis.kill();
    latestRun(taskId).detailedStatus = 'while-redis-is-down';
    await expect
      .poll(() => [a.detailed()?.detailedStatus, b.detailed()?.detailedStatus], { timeout: 15_000 })
      .toEqual(['while-redis-is-down', 'while-redis-is-down']);
    expect(a.events.some((event) => event.event === 'degraded')).toBe(true);
    for (const instance of instances) expect(lines(instance, /proxy store failed/)).toHaveLength(1);

    // A stream opened during the outage gets its headers at once and the state before `ready`.
    const during = await open(instances[0], `taskId=${taskId}`);
    await expect.poll(() => during.ready(), { timeout: 10_000 }).toBe(true);
    expect(during.detailed()?.detailedStatus).toBe('while-redis-is-down');

    redis = await startRedisServer(redis.port);
    await expect.poll(() => instances.map((instance) => lines(instance, /store works again/).length), { timeout: 10_000 }).toEqual([1, 1]);
    latestRun(taskId).detailedStatus = 'after-redis-is-back';
    await expect
      .poll(() => [a, b, during].map((reader) => reader.detailed()?.detailedStatus), { timeout: 6 * INTERVAL + 2000 })
      .toEqual(['after-redis-is-back', 'after-redis-is-back', 'after-redis-is-back']);

    // A new stream after the restart gets the current status with `ready`, from the store refilled.
    const started = Date.now();
    const after = await open(instances[1], `taskId=${taskId}`);
    await expect.poll(() => after.ready(), { timeout: 10_000 }).toBe(true);
    // Three intervals, and the same allowance for a busy machine as the waits above: a stream held
    // until the store came back, or a `ready` without a state, is what this tells apart.
    expect(Date.now() - started).toBeLessThanOrEqual(3 * INTERVAL + 2000);
    expect(after.detailed()?.detailedStatus).toBe('after-redis-is-back');
    for (const instance of instances) expect(lines(instance, /proxy store failed/)).toHaveLength(1);
  });

  it('gives a new stream the status after Redis was flushed under a running hub', async () => {
    const taskId = createTask();
    const a = await open(instances[0], `taskId=${taskId}`);
    await expect.poll(() => a.detailed()?.detailedStatus, { timeout: 10_000 }).toBe('processing_page');
    const admin = createClient({ url: redis.url });
    await admin.connect();
    await admin.flushAll();
    await admin.close();
    // The instance polling the run takes its lease again and, the service saying nothing new, commits nothing.
    await new Promise((resolve) => setTimeout(resolve, 2 * INTERVAL));
    // Nothing changes at the service: only a hub that commits again what the store lost shows it.
    const b = await open(instances[1], `taskId=${taskId}`);
    await expect.poll(() => b.ready(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => b.detailed()?.detailedStatus, { timeout: 6 * INTERVAL + 2000 }).toBe('processing_page');
  });

  it('has another instance poll the runs of an instance killed while holding their leases, within 3 intervals', async () => {
    // A pair of its own with 1.5 s intervals: the bound is three of them, and the lateness of a busy
    // machine's timers and Redis round trips stays well inside the third.
    const slow = 1500;
    const pair = await Promise.all([startInstance(2, slow), startInstance(3, slow)]);
    try {
      const taskId = createTask();
      const [a, b] = [await open(pair[0], `taskId=${taskId}`), await open(pair[1], `taskId=${taskId}`)];
      await expect
        .poll(() => [a.detailed()?.detailedStatus, b.detailed()?.detailedStatus], { timeout: 10_000 })
        .toEqual(['processing_page', 'processing_page']);
      // Let the polling settle on one instance (the lease holder), then kill that one.
      await new Promise((resolve) => setTimeout(resolve, 3 * slow));
      const polls = () => service.requests.filter((request) => request.taskId === taskId);
      const holder = polls().at(-1)?.instance;
      expect(holder).toMatch(/^i[23]$/);
      const index = holder === 'i2' ? 0 : 1;
      const survivor = index === 0 ? b : a;
      pair[index]?.child.kill('SIGKILL');
      const killedAt = Date.now();
      const lastPoll = polls().at(-1)?.at ?? killedAt;

      // The holder's lease lasts two intervals from its last turn, and the survivor, told when it
      // lapses, takes it then: the run is polled again about two intervals after its last poll.
      const first = () => polls().find((request) => request.instance !== holder && request.at > killedAt);
      await expect.poll(() => first() !== undefined, { timeout: 10 * slow }).toBe(true);
      console.log(
        `the survivor polled the run ${(first()?.at ?? 0) - killedAt} ms after the kill, ${(first()?.at ?? 0) - lastPoll} ms after its last poll`,
      );
      expect((first()?.at ?? Infinity) - killedAt).toBeLessThanOrEqual(3 * slow);
      expect((first()?.at ?? Infinity) - lastPoll).toBeLessThanOrEqual(3 * slow);
      latestRun(taskId).detailedStatus = 'after-the-kill';
      await expect.poll(() => survivor.detailed()?.detailedStatus, { timeout: 3 * slow + 2000 }).toBe('after-the-kill');
      // Taken-over runs are counted for a second, then logged in one line.
      await expect.poll(() => lines(pair[1 - index], /took over polling \d+ runs?/).length, { timeout: 5000 }).toBe(1);
    } finally {
      for (const instance of pair) instance.child.kill('SIGKILL');
    }
  });
});

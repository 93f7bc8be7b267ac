/**
 * Teams at the proxy, over real HTTP in front of a counting fake service: two proxy instances
 * sharing one store (a real redis-server, or one memory store), callers named by `identify` from a
 * header an auth proxy would set. What one team may see and answer of another's tasks, what
 * `authorize` is told, the audit trail, and the limits per user.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUDIT_PATH, isAuditEntry, type AuditEntry } from '../../../src/client';
import {
  createMemoryProxyStore,
  createTaskProxy,
  toNodeListener,
  type ProxyAccess,
  type ProxyStore,
  type TaskProxy,
  type TaskProxyOptions,
} from '../../../src/server';
import { createRedisProxyStore, type RedisProxyStore } from '../../../src/server/redis';
import { startCountingUpstream, type CountingUpstream } from './counting-upstream';
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';

const KEY = 'sk_live_teams_4c1d9e';
const BASE = '/api/hitl';
const SECRET_ANSWER = 'the-answer-nobody-may-read-7731';

let redis: RedisServer;
let upstream: CountingUpstream;
const servers: Server[] = [];
const proxies: TaskProxy[] = [];
const stores: RedisProxyStore[] = [];
let prefixes = 0;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis.stop();
});
beforeEach(async () => {
  upstream = await startCountingUpstream(KEY);
});
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
  await Promise.all(stores.splice(0).map((store) => store.close()));
  await upstream.close();
});

interface Instance {
  proxy: TaskProxy;
  url: string;
}

/** Who asks: the header an upstream auth proxy sets, `user@team`. */
const identify: TaskProxyOptions['identify'] = (request) => {
  const who = request.headers.get('x-auth-user');
  if (who === null) return null;
  const [user, team] = who.split('@');
  return user === undefined || team === undefined ? null : { user: who, team };
};

/** Two proxy instances on one shared store. */
async function twoInstances(kind: 'memory' | 'redis', options: Partial<TaskProxyOptions> = {}): Promise<[Instance, Instance]> {
  let pair: [ProxyStore, ProxyStore];
  if (kind === 'memory') {
    const store = createMemoryProxyStore();
    pair = [store, store];
  } else {
    const prefix = `teams${++prefixes}:`;
    // A new prefix is a Redis without its state: no reset grace, so that the first answer goes at once.
    const made = [
      createRedisProxyStore({ url: redis.url, prefix, resetGraceMs: 0 }),
      createRedisProxyStore({ url: redis.url, prefix, resetGraceMs: 0 }),
    ] as const;
    stores.push(...made);
    pair = [...made];
  }
  return [await instance(pair[0], options), await instance(pair[1], options)];
}

async function instance(store: ProxyStore, options: Partial<TaskProxyOptions>): Promise<Instance> {
  const proxy = createTaskProxy({ upstream: upstream.url, apiKey: KEY, basePath: BASE, store, identify, ...options });
  proxies.push(proxy);
  const listener = toNodeListener(proxy);
  const server = createServer(listener);
  listener.attach(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { proxy, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${BASE}` };
}

interface Reply {
  status: number;
  body: unknown;
  headers: Headers;
}

async function call(at: Instance, who: string | undefined, method: string, path: string, body?: unknown): Promise<Reply> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (who !== undefined) headers['x-auth-user'] = who;
  const response = await fetch(at.url + path, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown), headers: response.headers };
}

/** Opens an event stream and reads its status; a stream that opened is closed again at once. */
async function openStream(at: Instance, who: string, query: string): Promise<{ status: number; headers: Headers; close: () => void }> {
  const controller = new AbortController();
  const response = await fetch(`${at.url}/events?${query}`, { headers: { 'x-auth-user': who }, signal: controller.signal });
  if (response.status !== 200) await response.text();
  // Held by `close`: a response collected unread would have its connection closed for it.
  return { status: response.status, headers: response.headers, close: () => (controller.abort(), response) };
}

interface StreamedEvent {
  id: string | undefined;
  event: string;
  payload: Record<string, unknown>;
}

/**
 * Opens an event stream, reads it up to `ready` (bounded: a stream that never gets there fails the
 * test), and closes it: what came before `ready` as text and as events.
 */
async function streamUntilReady(at: Instance, who: string, query: string): Promise<{ text: string; events: StreamedEvent[] }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  try {
    const response = await fetch(`${at.url}/events?${query}`, { headers: { 'x-auth-user': who }, signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: ready\n')) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`the stream ended before ready: ${text}`);
      text += decoder.decode(value, { stream: true });
    }
    text = text.slice(0, text.indexOf('\n\n', text.indexOf('event: ready\n')) + 2);
    const events = text
      .split('\n\n')
      .map((block) =>
        Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)])),
      )
      .filter((fields: Record<string, string>) => fields.event !== undefined && fields.event !== 'ready')
      .map((fields: Record<string, string>) => ({
        id: fields.id,
        event: fields.event ?? '',
        payload: JSON.parse(fields.data ?? '') as Record<string, unknown>,
      }));
    return { text, events };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** What the proxy answers a status GET of a task the caller may not see, as the final event of that run. */
const NOT_FOUND = { final: true, error: { kind: 'http', status: 404, message: 'Task not found' } };
const isNotFound = (event: StreamedEvent) =>
  event.event === 'status' &&
  event.id === undefined &&
  JSON.stringify({ ...event.payload, taskId: undefined, runId: undefined }) === JSON.stringify(NOT_FOUND);

async function createTask(at: Instance, who: string, task = 'Log in to the shop'): Promise<string> {
  const reply = await call(at, who, 'POST', '/api/v1/task/create', { task, agent: 'BROWSER_AGENT' });
  expect(reply.status).toBe(200);
  return (reply.body as { data: { taskId: string } }).data.taskId;
}

/** Every per-task endpoint of the protocol table, as method, path and body. */
const perTask = (taskId: string): Array<[string, string, unknown?]> => [
  ['GET', `/api/v1/task/${taskId}/runs`],
  ['GET', `/api/v1/task/${taskId}/run/status?runId=run-1`],
  ['GET', `/api/v1/task/${taskId}/run/result?runId=run-1`],
  ['GET', `/api/v1/task/${taskId}/run/gif?runId=run-1`],
  ['POST', `/api/v1/task/${taskId}/run/tool-input?runId=run-1`, { toolCallId: 'call-1', input: SECRET_ANSWER }],
  ['PUT', `/api/v1/task/${taskId}/run/stop?runId=run-1`],
  ['PUT', `/api/v1/task/${taskId}/stop`],
];

describe.each(['memory', 'redis'] as const)('teams on the %s store', (kind) => {
  it("answers team B 404 for every per-task endpoint of team A's task and the not-found event for both its stream forms, and nothing reaches the service", async () => {
    const [one, two] = await twoInstances(kind);
    const taskOfA = await createTask(one, 'ada@A');
    const elsewhere = upstream.createTaskDirectly();
    upstream.reset();

    for (const taskId of [taskOfA, elsewhere]) {
      for (const [method, path, body] of perTask(taskId)) {
        const reply = await call(two, 'bob@B', method, path, body);
        expect({ path, status: reply.status }).toEqual({ path, status: 404 });
      }
      // The stream is not refused: each of those runs gets the final not-found event, and nothing more.
      for (const query of [`taskId=${taskId}`, `run=${taskId}/run-1`, `taskId=unknown-0&run=${taskId}/run-1`])
        expect((await streamUntilReady(two, 'bob@B', query)).events.every(isNotFound)).toBe(true);
    }
    expect(upstream.requests).toEqual([]);

    // The same requests from the owning team do reach it (and the answer's status check before it).
    for (const [method, path, body] of perTask(taskOfA)) expect((await call(two, 'ada@A', method, path, body)).status).toBe(200);
    expect(upstream.requests.filter((request) => request.taskId === taskOfA)).toHaveLength(8);
  });

  it("streams the team's own run beside another team's, which alone ends with the not-found event an unknown task gets", async () => {
    const [one, two] = await twoInstances(kind);
    const mine = await createTask(one, 'ada@A');
    const theirs = await createTask(two, 'bob@B');
    upstream.reset();

    const { events } = await streamUntilReady(two, 'ada@A', `taskId=${mine}&taskId=${theirs}&taskId=never-made&run=${theirs}/run-1`);
    expect(events.map((event) => [event.event, event.payload.taskId, event.payload.runId])).toEqual([
      ['status', mine, undefined],
      ['status', theirs, undefined],
      ['status', 'never-made', undefined],
      ['status', theirs, 'run-1'],
    ]);
    expect(events[0]?.id).toMatch(/^\w+-\d+$/);
    expect(events[0]?.payload).toMatchObject({ final: false, data: { toolCall: { toolCallId: 'call-1' } } });
    // Another team's task and one nobody made: the same event, field for field.
    expect(events[1]).toEqual({ id: undefined, event: 'status', payload: { taskId: theirs, ...NOT_FOUND } });
    expect(events[2]).toEqual({ ...events[1], payload: { ...events[1]?.payload, taskId: 'never-made' } });
    expect(events[3]).toEqual({ ...events[1], payload: { taskId: theirs, runId: 'run-1', ...NOT_FOUND } });
    // Alone on a stream, the two say the same bytes.
    const alone = await Promise.all([theirs, 'never-made'].map((taskId) => streamUntilReady(one, 'ada@A', `taskId=${taskId}`)));
    expect(alone[0]?.text.replace(theirs, '{taskId}')).toBe(alone[1]?.text.replace('never-made', '{taskId}'));
    // Only the team's own run reached the service.
    expect(new Set(upstream.requests.map((request) => request.taskId))).toEqual(new Set([mine]));
  });

  it("lists only the team's own tasks, with the right total, page and limit, without asking the service", async () => {
    const [one, two] = await twoInstances(kind);
    for (let index = 0; index < 3; index++) await createTask(one, 'ada@A', `Task of A ${index}`);
    const ofB: string[] = [];
    for (let index = 0; index < 32; index++) ofB.push(await createTask(index % 2 === 0 ? one : two, 'bob@B', `Task of B ${index}\nmore`));
    upstream.reset();

    const first = (await call(two, 'bob@B', 'GET', '/api/v1/tasks')).body as { data: Array<{ id: string; readable_name: string }> };
    expect(first).toMatchObject({ success: true, total: 32, page: 1, limit: 30 });
    expect(first.data.map((task) => task.id)).toEqual([...ofB].reverse().slice(0, 30));
    expect(first.data[0]?.readable_name).toBe('Task of B 31');
    const second = (await call(one, 'bob@B', 'GET', '/api/v1/tasks?page=2&limit=30')).body as { data: Array<{ id: string }> };
    expect(second).toMatchObject({ total: 32, page: 2, limit: 30 });
    expect(second.data.map((task) => task.id)).toEqual([ofB[1], ofB[0]]);
    expect((await call(one, 'ada@A', 'GET', '/api/v1/tasks?limit=2')).body).toMatchObject({ total: 3, limit: 2, data: [{}, {}] });
    expect((await call(one, 'cyd@C', 'GET', '/api/v1/tasks')).body).toMatchObject({ total: 0, data: [] });
    expect(upstream.requests).toEqual([]);
  });

  it('answers 401 to a caller identify does not know, before anything reaches the service', async () => {
    const [one] = await twoInstances(kind);
    expect((await call(one, undefined, 'POST', '/api/v1/task/create', { task: 'x' })).status).toBe(401);
    expect((await call(one, undefined, 'GET', '/api/v1/check')).status).toBe(401);
    expect((await openStream(one, '', 'taskId=task-1')).status).toBe(401);
    expect(upstream.requests).toEqual([]);
  });

  it('hands a task made elsewhere to a team with assignTask, on every instance', async () => {
    const [one, two] = await twoInstances(kind);
    const taskId = upstream.createTaskDirectly();
    expect((await call(two, 'ada@A', 'GET', `/api/v1/task/${taskId}/runs`)).status).toBe(404);
    await one.proxy.assignTask(taskId, 'A', { readableName: 'Imported' });
    expect((await call(two, 'ada@A', 'GET', `/api/v1/task/${taskId}/runs`)).status).toBe(200);
    expect((await call(two, 'ada@A', 'GET', '/api/v1/tasks')).body).toMatchObject({
      total: 1,
      data: [{ id: taskId, readable_name: 'Imported' }],
    });
    // Moved to B: A loses it, from its list too.
    await two.proxy.assignTask(taskId, 'B');
    expect((await call(one, 'ada@A', 'GET', `/api/v1/task/${taskId}/runs`)).status).toBe(404);
    expect((await call(one, 'ada@A', 'GET', '/api/v1/tasks')).body).toMatchObject({ total: 0 });
    expect((await call(one, 'bob@B', 'GET', `/api/v1/task/${taskId}/runs`)).status).toBe(200);
  });

  it('records the create, the answers and the stops of a run, on every instance, and never the answer itself', async () => {
    const heard: AuditEntry[] = [];
    const [one, two] = await twoInstances(kind, { onAudit: (entry) => heard.push(entry) });
    const taskId = await createTask(one, 'ada@A');
    const answer = { toolCallId: 'call-1', input: SECRET_ANSWER };
    expect((await call(two, 'ada@A', 'POST', `/api/v1/task/${taskId}/run/tool-input?runId=run-1`, answer)).status).toBe(200);
    // A teammate's late answer to the same call.
    const late = await call(one, 'cyd@A', 'POST', `/api/v1/task/${taskId}/run/tool-input?runId=run-1`, {
      toolCallId: 'call-1',
      input: 'other',
    });
    expect(late.status).toBe(409);
    expect((await call(one, 'ada@A', 'PUT', `/api/v1/task/${taskId}/run/stop?runId=run-1`)).status).toBe(200);
    expect((await call(two, 'ada@A', 'PUT', `/api/v1/task/${taskId}/stop`)).status).toBe(200);
    // B's attempt is refused, and kept in B's trail only.
    expect((await call(two, 'bob@B', 'PUT', `/api/v1/task/${taskId}/stop`)).status).toBe(404);

    const expected = [
      { user: 'ada@A', team: 'A', action: 'stop_task', taskId, status: 200, outcome: 'accepted' },
      { user: 'ada@A', team: 'A', action: 'stop_run', taskId, runId: 'run-1', status: 200, outcome: 'accepted' },
      {
        user: 'cyd@A',
        team: 'A',
        action: 'answer',
        taskId,
        runId: 'run-1',
        toolCallId: 'call-1',
        status: 409,
        outcome: 'already_answered',
      },
      { user: 'ada@A', team: 'A', action: 'answer', taskId, runId: 'run-1', toolCallId: 'call-1', status: 200, outcome: 'accepted' },
      { user: 'ada@A', team: 'A', action: 'create_task', taskId, status: 200, outcome: 'accepted' },
    ];
    expect([...heard].reverse().filter((entry) => entry.team === 'A')).toMatchObject(expected);
    expect(heard.find((entry) => entry.team === 'B')).toMatchObject({
      user: 'bob@B',
      action: 'stop_task',
      status: 404,
      outcome: 'refused',
    });

    const fromOtherInstance = await one.proxy.auditLog({ team: 'A', taskId });
    expect(fromOtherInstance).toMatchObject(expected);
    // Without `auditDigestKey` no digest of the answer at all (audit-secrecy.test.ts tries every guess).
    expect(fromOtherInstance.filter((entry) => Object.keys(entry).some((name) => /input|sha|hmac|digest/i.test(name)))).toEqual([]);
    expect(fromOtherInstance.every(isAuditEntry)).toBe(true);
    expect(await two.proxy.auditLog({ team: 'A', limit: 2 })).toMatchObject(expected.slice(0, 2));

    const overHttp = await call(two, 'ada@A', 'GET', `${AUDIT_PATH}?taskId=${taskId}`);
    expect(overHttp).toMatchObject({ status: 200, body: { success: true, data: expected } });
    // Another team reads nothing of A's trail, even naming A's task.
    expect((await call(one, 'bob@B', 'GET', `${AUDIT_PATH}?taskId=${taskId}`)).body).toMatchObject({
      data: [{ user: 'bob@B', action: 'stop_task', outcome: 'refused' }],
    });
    for (const text of [JSON.stringify(heard), JSON.stringify(fromOtherInstance), JSON.stringify(overHttp.body)])
      expect(text).not.toContain(SECRET_ANSWER);
  });

  it('tells authorize the endpoint, task, run and call of every one of the twelve, and answers 403 when it refuses', async () => {
    const asked: ProxyAccess[] = [];
    let allow = true;
    const [one] = await twoInstances(kind, {
      authorize: async (request, access) => {
        // Reading the body here must not break the forward.
        if (request.body !== null) await request.text();
        asked.push(access);
        return allow;
      },
    });
    const taskId = await createTask(one, 'ada@A');
    expect((await call(one, 'ada@A', 'GET', '/api/v1/check')).status).toBe(200);
    expect((await call(one, 'ada@A', 'GET', '/api/v1/tasks')).status).toBe(200);
    for (const [method, path, body] of perTask(taskId)) expect((await call(one, 'ada@A', method, path, body)).status).toBe(200);
    const stream = await openStream(one, 'ada@A', `taskId=${taskId}&run=${taskId}/run-2`);
    expect(stream.status).toBe(200);
    stream.close();
    expect((await call(one, 'ada@A', 'GET', `${AUDIT_PATH}?taskId=${taskId}`)).status).toBe(200);

    const identity = { user: 'ada@A', team: 'A' };
    expect(asked).toEqual([
      { identity, endpoint: 'createTask', taskId: undefined, runId: undefined, toolCallId: undefined },
      { identity, endpoint: 'checkApiKey', taskId: undefined, runId: undefined, toolCallId: undefined },
      { identity, endpoint: 'listTasks', taskId: undefined, runId: undefined, toolCallId: undefined },
      { identity, endpoint: 'listRuns', taskId, runId: undefined, toolCallId: undefined },
      { identity, endpoint: 'getRunStatus', taskId, runId: 'run-1', toolCallId: undefined },
      { identity, endpoint: 'getRunResult', taskId, runId: 'run-1', toolCallId: undefined },
      { identity, endpoint: 'getRunGif', taskId, runId: 'run-1', toolCallId: undefined },
      { identity, endpoint: 'submitToolInput', taskId, runId: 'run-1', toolCallId: 'call-1' },
      { identity, endpoint: 'stopRun', taskId, runId: 'run-1', toolCallId: undefined },
      { identity, endpoint: 'stopTask', taskId, runId: undefined, toolCallId: undefined },
      { identity, endpoint: 'events', taskId, runId: undefined },
      { identity, endpoint: 'events', taskId, runId: 'run-2' },
      { identity, endpoint: 'audit', taskId },
    ]);
    // The answer reached the service whole (as the proxy re-encodes every answer), although authorize read the body.
    expect(upstream.requests.find((request) => request.path.endsWith('/tool-input'))?.body).toBe(
      JSON.stringify({ input: SECRET_ANSWER, toolCallId: 'call-1' }),
    );

    const unwatched = await createTask(one, 'ada@A');
    allow = false;
    upstream.reset();
    expect((await call(one, 'ada@A', 'PUT', `/api/v1/task/${taskId}/stop`)).status).toBe(403);
    expect((await openStream(one, 'ada@A', `taskId=${unwatched}`)).status).toBe(403);
    // Only the poller of the stream opened above (until its idle time) still asks the service.
    expect(upstream.requests.filter((request) => request.method !== 'GET' || request.taskId !== taskId)).toEqual([]);
  });

  it('answers a user past their open streams or named runs 429 with Retry-After, and lets them in once a stream closes', async () => {
    const [one] = await twoInstances(kind, { limits: { maxStreamsPerUser: 2, maxRunsPerUser: 3 } });
    const taskIds = [await createTask(one, 'ada@A'), await createTask(one, 'ada@A'), await createTask(one, 'ada@A')];
    const first = await openStream(one, 'ada@A', `taskId=${taskIds[0]}`);
    const second = await openStream(one, 'ada@A', `taskId=${taskIds[1]}`);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await openStream(one, 'ada@A', `taskId=${taskIds[2]}`);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user of the same team has places of their own.
    const other = await openStream(one, 'cyd@A', `taskId=${taskIds[2]}`);
    expect(other.status).toBe(200);
    other.close();

    second.close();
    let again = third;
    await vi.waitFor(async () => {
      if (again.status !== 200) again = await openStream(one, 'ada@A', `taskId=${taskIds[1]}&taskId=${taskIds[2]}`);
      expect(again.status).toBe(200);
    });
    expect((await openStream(one, 'ada@A', `taskId=${taskIds[0]}`)).status).toBe(429);
    again.close();
    first.close();
  });

  it('counts the runs a user names across their open streams', async () => {
    const [one] = await twoInstances(kind, { limits: { maxStreamsPerUser: 10, maxRunsPerUser: 3 } });
    const taskIds = [await createTask(one, 'ada@A'), await createTask(one, 'ada@A')];
    const two = await openStream(one, 'ada@A', `taskId=${taskIds[0]}&run=${taskIds[0]}/run-1`);
    expect(two.status).toBe(200);
    const tooMany = await openStream(one, 'ada@A', `taskId=${taskIds[1]}&run=${taskIds[1]}/run-1`);
    expect(tooMany.status).toBe(429);
    expect((await openStream(one, 'ada@A', `taskId=${taskIds[1]}`)).status).toBe(200);
    two.close();
  });
});

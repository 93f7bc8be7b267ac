/** The simulated service's answers byte for byte, through its in-process `fetch` (the HTTP server sends the same). */
import { createSimulatedService, SIMULATOR_ORIGIN, type SimulatedService } from '../../../src/testing';
import { createTestClock } from './drive';

const KEY = 'sk_wire_41c2';

let service: SimulatedService;
beforeEach(() => {
  service = createSimulatedService({ apiKey: KEY, seed: 3, now: createTestClock().now });
});

async function call(method: string, path: string, options: { body?: string; key?: string | null; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== null) headers['x-api-key'] = options.key ?? KEY;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await service.fetch(`${SIMULATOR_ORIGIN}${path}`, { method, headers, body: options.body ?? null });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
  };
}

async function createTask(body: unknown = { task: 'Log in', agent: 'BROWSER_AGENT', tools: [] }): Promise<string> {
  const answer = await call('POST', '/api/v1/task/create', { body: JSON.stringify(body) });
  return (answer.json?.data as { taskId: string }).taskId;
}

describe('simulated service: envelope and status codes', () => {
  it('answers success with HTTP 200, JSON and the envelope of each endpoint', async () => {
    const taskId = await createTask();
    const answers = {
      check: await call('GET', '/api/v1/check'),
      tasks: await call('GET', '/api/v1/tasks'),
      runs: await call('GET', `/api/v1/task/${taskId}/runs`),
      status: await call('GET', `/api/v1/task/${taskId}/run/status`),
      result: await call('GET', `/api/v1/task/${taskId}/run/result`),
      gif: await call('GET', `/api/v1/task/${taskId}/run/gif`),
      stopRun: await call('PUT', `/api/v1/task/${taskId}/run/stop`),
      stopTask: await call('PUT', `/api/v1/task/${taskId}/stop`),
    };
    for (const answer of Object.values(answers)) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.json?.success).toBe(true);
    }
    expect(answers.check.json).toEqual({ success: true, data: 'ok' });
    expect(answers.tasks.json).toEqual({
      success: true,
      data: [{ id: taskId, status: 'active', readable_name: 'Log in' }],
      total: 1,
      page: 1,
      limit: 30,
    });
    expect(Object.keys(answers.runs.json ?? {})).toEqual(['success', 'data', 'total', 'page', 'limit']);
    expect(Object.keys(answers.status.json?.data as object)).toEqual(['status', 'detailedStatus', 'toolCall', 'liveStatus']);
    expect(Object.keys(answers.result.json?.data as object)).toEqual(['status', 'error', 'output', 'dataTable']);
    expect(answers.gif.json).toEqual({ success: true, data: { status: 'pending', url: '' } });
    expect(answers.stopRun.json).toEqual({ success: true });
    expect(answers.stopTask.json).toEqual({ success: true });
  });

  it.each([
    ['no key', null, 'Missing x-api-key header'],
    ['a wrong key', 'sk_wrong', 'Invalid API key'],
  ])('answers 401 to %s, on known and unknown paths alike', async (_, key, message) => {
    for (const path of ['/api/v1/check', '/api/v1/tasks', '/api/v1/nothing-here']) {
      const answer = await call('GET', path, { key });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ success: false, error: message });
    }
  });

  it('answers 404 to unknown paths, tasks and runs', async () => {
    const taskId = await createTask();
    for (const path of ['/api/v2/tasks', '/api/v1/tasks/', '/api/v1/task', `/api/v1/task/${taskId}/run`, '/', '/api/v1//runs']) {
      expect((await call('GET', path)).status).toBe(404);
    }
    expect((await call('GET', '/api/v1/task/task_nope/run/status')).json).toEqual({ success: false, error: 'Task "task_nope" not found' });
    expect((await call('GET', `/api/v1/task/${taskId}/run/result?runId=run_nope`)).json).toEqual({
      success: false,
      error: 'Run "run_nope" not found for this task',
    });
  });

  it('answers 405 with Allow to a wrong method on a known path', async () => {
    const taskId = await createTask();
    const cases: Array<[string, string, string]> = [
      ['GET', '/api/v1/task/create', 'POST'],
      ['POST', '/api/v1/tasks', 'GET'],
      ['DELETE', `/api/v1/task/${taskId}/run/status`, 'GET'],
      ['GET', `/api/v1/task/${taskId}/run/tool-input`, 'POST'],
      ['POST', `/api/v1/task/${taskId}/run/stop`, 'PUT'],
      ['GET', `/api/v1/task/${taskId}/stop`, 'PUT'],
    ];
    for (const [method, path, allow] of cases) {
      const answer = await call(method, path);
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe(allow);
      expect(answer.json?.success).toBe(false);
    }
  });

  it.each([
    ['not JSON', 'task=Log in'],
    ['a JSON array', '[]'],
    ['no task', '{}'],
    ['an empty task', '{"task":"  "}'],
    ['a task that is not a string', '{"task":42}'],
    ['an agent that is not a string', '{"task":"Log in","agent":1}'],
    ['tools that are not an array', '{"task":"Log in","tools":{}}'],
    ['a tool of another type', '{"task":"Log in","tools":[{"type":"retrieval","function":{"name":"x"}}]}'],
    ['a tool without a name', '{"task":"Log in","tools":[{"type":"function","function":{}}]}'],
    ['tool parameters that are not an object', '{"task":"Log in","tools":[{"type":"function","function":{"name":"x","parameters":"{}"}}]}'],
  ])('answers 400 to a create body with %s', async (_, body) => {
    const answer = await call('POST', '/api/v1/task/create', { body });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ success: false, error: expect.any(String) as unknown });
    expect(service.listTasks()).toEqual([]);
  });

  it.each([
    ['not JSON', 'yes'],
    ['input that is not a string', '{"input":[{"label":"a","value":1}],"toolCallId":"call_1"}'],
    ['no toolCallId', '{"input":"[]"}'],
    ['an empty toolCallId', '{"input":"[]","toolCallId":""}'],
  ])('answers 400 to a tool-input body with %s', async (_, body) => {
    const taskId = await createTask();
    const answer = await call('POST', `/api/v1/task/${taskId}/run/tool-input`, { body });
    expect(answer.status).toBe(400);
    expect(answer.json?.success).toBe(false);
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const answer = await call('POST', '/api/v1/task/create', { body: JSON.stringify({ task: 'x'.repeat(1024 * 1024) }) });
    expect(answer.status).toBe(413);
  });

  it('stops reading an upload soon after 1 MiB instead of holding all of it', async () => {
    let sentChunks = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sentChunks += 1;
        controller.enqueue(new Uint8Array(256 * 1024).fill(0x61));
        if (sentChunks === 100) controller.close();
      },
    });
    const response = await service.fetch(`${SIMULATOR_ORIGIN}/api/v1/task/create`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sentChunks).toBeLessThan(10);
  });

  it.each(['page=0', 'page=-1', 'page=1.5', 'page=abc', 'page=', 'limit=0', 'limit=1e1', 'limit=ten'])(
    'answers 400 to %s',
    async (query) => {
      const answer = await call('GET', `/api/v1/tasks?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.json?.error).toMatch(/must be an integer of 1 or more/);
    },
  );

  it('answers a limit above 30 with 30 items and limit 30', async () => {
    for (let i = 0; i < 35; i++) await createTask({ task: `Log in ${i}` });
    const answer = await call('GET', '/api/v1/tasks?limit=500&page=1');
    expect(answer.json).toMatchObject({ total: 35, page: 1, limit: 30 });
    expect(answer.json?.data).toHaveLength(30);
  });

  it('keeps the key out of the request log, even when it is put in a query', async () => {
    await call('GET', `/api/v1/tasks?page=1&x-api-key=${KEY}`);
    await call('GET', '/api/v1/check', { key: 'sk_wrong' });
    await call('GET', '/api/v1/check', { key: null });
    expect(service.requests.map((entry) => entry.key)).toEqual(['valid', 'invalid', 'missing']);
    expect(service.requests[0]?.query).toEqual({ page: '1', 'x-api-key': '[redacted]' });
    expect(JSON.stringify(service.requests)).not.toContain(KEY);
  });

  it('records method, path, query, status and times of every request', async () => {
    await call('GET', '/api/v1/tasks?page=2');
    expect(service.requests).toEqual([
      {
        method: 'GET',
        path: '/api/v1/tasks',
        query: { page: '2' },
        key: 'valid',
        status: 200,
        fault: null,
        startedAt: expect.any(Number) as unknown,
        endedAt: expect.any(Number) as unknown,
      },
    ]);
  });

  it('keeps only the newest requestLogLimit entries', async () => {
    service = createSimulatedService({ apiKey: KEY, requestLogLimit: 2 });
    await call('GET', '/api/v1/tasks?page=1');
    await call('GET', '/api/v1/tasks?page=2');
    await call('GET', '/api/v1/tasks?page=3');
    expect(service.requests.map((entry) => entry.query.page)).toEqual(['2', '3']);
  });
});

/**
 * Client behaviour the simulated service cannot provoke (a body that breaks off mid-way, a
 * gateway's HTML error page, envelopes with missing fields, a page-relative baseUrl), with a
 * mocked `fetch`. Everything else is covered against the simulator in task-client.test.ts.
 */
import { createTaskClient, isTaskApiError, TaskApiError } from '../../../src/client';
import { toError } from '../../../src/utils';

const BASE = 'https://tasks.example.com';
const KEY = 'sk_unit_3c8d1e';

const envelope = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A fetch that answers from `respond` and remembers the requests. */
function mockFetch(respond: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request);
    return respond(request);
  });
  return { fetch, requests };
}

/** A fetch that never answers, but rejects like the real one when its request is aborted. */
function hangingFetch() {
  return mockFetch(
    (request) =>
      new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(toError(request.signal.reason)), { once: true });
      }),
  );
}

/** A 200 whose body sends a first chunk, then either breaks or never ends. */
function brokenBodyResponse(mode: 'error' | 'stall'): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"success":true,"data":['));
      if (mode === 'error') controller.error(new Error('socket hang up'));
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
}

async function rejection(promise: Promise<unknown>): Promise<TaskApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof TaskApiError)) throw new Error(`expected a TaskApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createTaskClient: request shape', () => {
  it('joins baseUrl and path, drops a trailing slash, and sends JSON only with a body', async () => {
    const { fetch, requests } = mockFetch(() => envelope({ success: true, data: { taskId: 'task_1' } }));
    const client = createTaskClient({ baseUrl: `${BASE}/service/`, apiKey: KEY, fetch, headers: { 'x-session': 'abc' } });
    await client.createTask({ task: 'Log in' });
    fetch.mockImplementation((request) => {
      requests.push(request);
      return Promise.resolve(envelope({ success: true }));
    });
    await client.stopTask('task_1');

    const [create, stop] = requests;
    expect(create?.url).toBe(`${BASE}/service/api/v1/task/create`);
    expect(create?.method).toBe('POST');
    expect(create?.headers.get('content-type')).toBe('application/json');
    expect(await create?.json()).toEqual({ task: 'Log in' });
    expect(stop?.url).toBe(`${BASE}/service/api/v1/task/task_1/stop`);
    expect(stop?.method).toBe('PUT');
    expect(stop?.headers.get('content-type')).toBeNull();
    for (const request of requests) {
      expect(request.headers.get('x-api-key')).toBe(KEY);
      expect(request.headers.get('x-session')).toBe('abc');
      expect(request.headers.get('accept')).toBe('application/json');
    }
  });

  it('sends no x-api-key when none is given (the browser-behind-a-proxy case)', async () => {
    const { fetch, requests } = mockFetch(() => envelope({ success: true, data: 'ok' }));
    await createTaskClient({ baseUrl: BASE, fetch }).checkApiKey();
    expect(requests[0]?.headers.has('x-api-key')).toBe(false);
  });

  it('resolves a path-only baseUrl against the page address, as a browser app behind a proxy uses it', async () => {
    vi.stubGlobal('location', { href: 'https://app.example.com/orders/42' });
    const { fetch, requests } = mockFetch(() => envelope({ success: true, data: 'ok' }));
    await createTaskClient({ baseUrl: '/api/hitl', fetch }).checkApiKey();
    expect(requests[0]?.url).toBe('https://app.example.com/api/hitl/api/v1/check');
  });

  it('rejects with a TypeError naming the baseUrl when it cannot be resolved', async () => {
    const { fetch } = mockFetch(() => envelope({ success: true, data: 'ok' }));
    await expect(createTaskClient({ baseUrl: '/api/hitl', fetch }).checkApiKey()).rejects.toThrow(/baseUrl "\/api\/hitl"/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('looks up globalThis.fetch at call time', async () => {
    const client = createTaskClient({ baseUrl: BASE, apiKey: KEY });
    const { fetch } = mockFetch(() => envelope({ success: true, data: 'ok' }));
    vi.stubGlobal('fetch', fetch);
    await expect(client.checkApiKey()).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('rejects a non-string tool input before sending', async () => {
    const { fetch } = mockFetch(() => envelope({ success: true }));
    const client = createTaskClient({ baseUrl: BASE, fetch });
    await expect(
      client.submitToolInput('task_1', { input: [{ label: 'a', value: 1 }] as unknown as string, toolCallId: 'c' }),
    ).rejects.toThrow(TypeError);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('createTaskClient: answers the simulator never gives', () => {
  it('keeps the HTTP status of a gateway error page and makes up a message', async () => {
    const { fetch } = mockFetch(
      () => new Response('<html><h1>502 Bad Gateway</h1></html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const error = await rejection(createTaskClient({ baseUrl: BASE, fetch }).listTasks());
    expect(error).toMatchObject({ kind: 'http', status: 502, message: 'GET /api/v1/tasks failed with HTTP 502' });
  });

  it('treats 403 as a refused key', async () => {
    const { fetch } = mockFetch(() => envelope({ success: false, error: 'Forbidden' }, 403));
    const client = createTaskClient({ baseUrl: BASE, fetch });
    expect((await rejection(client.listTasks())).isAuthError).toBe(true);
    await expect(client.checkApiKey()).resolves.toBe(false);
  });

  it('lets checkApiKey reject on a server error rather than call the key bad', async () => {
    const { fetch } = mockFetch(() => envelope({ success: false, error: 'down' }, 500));
    await expect(createTaskClient({ baseUrl: BASE, fetch }).checkApiKey()).rejects.toMatchObject({ kind: 'http', status: 500 });
  });

  it('reports a body that breaks off as a network error with the status', async () => {
    const { fetch } = mockFetch(() => brokenBodyResponse('error'));
    expect(await rejection(createTaskClient({ baseUrl: BASE, fetch }).listTasks())).toMatchObject({ kind: 'network', status: 200 });
  });

  it('times out while the body is still arriving', async () => {
    const { fetch } = mockFetch(() => brokenBodyResponse('stall'));
    expect(await rejection(createTaskClient({ baseUrl: BASE, fetch, timeoutMs: 20 }).listTasks())).toMatchObject({ kind: 'timeout' });
  });

  it('reports an abort while the body is still arriving as aborted', async () => {
    const { fetch } = mockFetch(() => brokenBodyResponse('stall'));
    const controller = new AbortController();
    const pending = rejection(createTaskClient({ baseUrl: BASE, fetch }).listTasks({ signal: controller.signal }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
  });

  it.each([
    ['a status without data', { success: true }],
    ['a status whose data is a string', { success: true, data: 'running' }],
  ])('rejects %s as parse', async (_, body) => {
    const { fetch } = mockFetch(() => envelope(body));
    expect(await rejection(createTaskClient({ baseUrl: BASE, fetch }).getRunStatus('task_1'))).toMatchObject({
      kind: 'parse',
      status: 200,
    });
  });

  it.each([
    ['no id', { tool: { name: 'form_input' } }],
    ['an empty id', { toolCallId: '', tool: { name: 'form_input' } }],
    ['a numeric id', { toolCallId: 7, tool: { name: 'form_input' } }],
    ['no tool name', { toolCallId: 'call_1', tool: {} }],
    ['a string for a call', 'call_1'],
  ])('reads a tool call with %s as no pending call: it could not be answered', async (_, toolCall) => {
    const { fetch } = mockFetch(() => envelope({ success: true, data: { status: 'running', detailedStatus: 'tool_call', toolCall } }));
    expect(await createTaskClient({ baseUrl: BASE, fetch }).getRunStatus('task_1')).toMatchObject({ status: 'running', toolCall: null });
  });

  it('rejects list items without an id as parse', async () => {
    const { fetch } = mockFetch(() =>
      envelope({ success: true, data: [{ id: 'task_1' }, { name: 'no id' }], total: 2, page: 1, limit: 30 }),
    );
    expect(await rejection(createTaskClient({ baseUrl: BASE, fetch }).listTasks())).toMatchObject({ kind: 'parse' });
  });

  it('fills in missing page fields from what was asked', async () => {
    const { fetch } = mockFetch(() => envelope({ success: true, data: [{ id: 'task_1', status: 'active', readable_name: 'x' }] }));
    expect(await createTaskClient({ baseUrl: BASE, fetch }).listTasks({ page: 3, limit: 5 })).toMatchObject({
      total: 1,
      page: 3,
      limit: 5,
    });
  });

  it('normalises a sparse run status and result', async () => {
    const { fetch } = mockFetch((request) =>
      request.url.endsWith('/run/status')
        ? envelope({
            success: true,
            data: { status: 'running', detailedStatus: 'processing_page', liveStatus: 'https://live.example.com/1' },
          })
        : envelope({ success: true, data: { status: 'completed', dataTable: [{ title: 'Total', value: 3 }, 'junk', null] } }),
    );
    const client = createTaskClient({ baseUrl: BASE, fetch });
    expect((await client.getRunStatus('task_1')).toolCall).toBeNull();
    expect(await client.getRunResult('task_1')).toEqual({
      status: 'completed',
      error: null,
      output: {},
      dataTable: [{ title: 'Total', value: 3 }],
    });
  });

  it('keeps fields the spec does not show', async () => {
    const { fetch } = mockFetch(() =>
      envelope({ success: true, data: { status: 'running', detailedStatus: 'processing_page', toolCall: null, liveStatus: '', step: 4 } }),
    );
    expect(await createTaskClient({ baseUrl: BASE, fetch }).getRunStatus('task_1')).toMatchObject({ step: 4 });
  });
});

describe('createTaskClient: time-outs with a fake clock', () => {
  it('gives up after the default 30 seconds', async () => {
    vi.useFakeTimers();
    const { fetch } = hangingFetch();
    const pending = rejection(createTaskClient({ baseUrl: BASE, fetch }).listTasks());
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetch.mock.calls[0]?.[0].signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'timeout', message: 'GET /api/v1/tasks timed out after 30000 ms' });
  });

  it('never gives up with timeoutMs 0', async () => {
    vi.useFakeTimers();
    const { fetch } = hangingFetch();
    const controller = new AbortController();
    const pending = rejection(createTaskClient({ baseUrl: BASE, fetch, timeoutMs: 0 }).listTasks({ signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(fetch.mock.calls[0]?.[0].signal.aborted).toBe(false);
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
  });
});

describe('isTaskApiError', () => {
  it('recognises errors from another copy of the package by name and kind', () => {
    const foreign = Object.assign(new Error('x'), { name: 'TaskApiError', kind: 'http' });
    expect(isTaskApiError(foreign)).toBe(true);
    expect(isTaskApiError(new Error('x'))).toBe(false);
    expect(isTaskApiError(new TaskApiError('x', { kind: 'network' }))).toBe(true);
  });
});

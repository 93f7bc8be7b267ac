/**
 * `simulatorHandlers` (`hitl-react/testing/msw`) under MSW's own Node interception: a real
 * `createTaskClient` over the global `fetch` runs the login scenario end to end against the handlers.
 */
import { getResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createTaskClient, isTaskApiError, type TaskClient } from '../../../src/client';
import { encodeFormAnswer, formInputTool } from '../../../src/schema';
import { createSimulatedService, DEFAULT_SIMULATOR_API_KEY } from '../../../src/testing';
import { DEFAULT_SIMULATOR_HANDLERS_BASE_URL, simulatorHandlers, type SimulatorHandlers } from '../../../src/testing/msw';

// Nothing reaches the network: a request no handler answers fails the test.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A clock the test moves: the simulator advances runs from it on each request, so no test sleeps. */
function testClock() {
  let at = 1_700_000_000_000;
  return {
    now: () => at,
    advance: (ms: number) => {
      at += ms;
    },
  };
}

/** Create a login task, wait for its form, answer it, read the result: what an app's page does. */
async function runLoginScenario(client: TaskClient, clock: ReturnType<typeof testClock>) {
  const { taskId } = await client.createTask({ task: 'Log in to Acme Shop', agent: 'BROWSER_AGENT', tools: [formInputTool()] });
  let status = await client.getRunStatus(taskId);
  for (let step = 0; status.toolCall === null && step < 20; step++) {
    clock.advance(1000);
    status = await client.getRunStatus(taskId);
  }
  expect(status.detailedStatus).toBe('tool_call');
  const call = status.toolCall;
  if (call === null) throw new Error('the login form never came');
  expect(call.tool.name).toBe('form_input');
  const input = encodeFormAnswer([
    { label: 'Username', value: 'ada.msw' },
    { label: 'Password', value: 'msw-password' },
  ]);
  await client.submitToolInput(taskId, { input, toolCallId: call.toolCallId });
  for (let step = 0; status.status === 'running' && step < 20; step++) {
    clock.advance(1000);
    status = await client.getRunStatus(taskId);
  }
  expect(status.status).toBe('completed');
  const result = await client.getRunResult(taskId);
  return { taskId, input, result };
}

const toolInputs = (handlers: SimulatorHandlers) =>
  handlers.service.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/run/tool-input'));

describe('simulatorHandlers', () => {
  it('defaults to the README proxy path', () => {
    expect(DEFAULT_SIMULATOR_HANDLERS_BASE_URL).toBe('/api/hitl');
  });

  it('serves a keyless client at a path on the page origin, adding the key as the proxy would', async () => {
    // A browser client resolves its path against the page; Node has no page, so give it one.
    vi.stubGlobal('location', new URL('http://localhost:3000/orders'));
    try {
      const clock = testClock();
      const handlers = simulatorHandlers({ now: clock.now, seed: 'msw-path' });
      server.use(...handlers);
      const client = createTaskClient({ baseUrl: '/api/hitl' });

      const { taskId, input, result } = await runLoginScenario(client, clock);

      expect(result.output.summary).toBe('Signed in as ada.msw.');
      expect(toolInputs(handlers)).toHaveLength(1);
      const run = handlers.service.getTask(taskId)?.runs[0];
      expect(run?.answers.map((answer) => answer.input)).toEqual([input]);
      // The service saw its own paths, each with the key the handlers added.
      expect(handlers.service.requests.every((request) => request.path.startsWith('/api/v1/') && request.key === 'valid')).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('serves an absolute baseUrl, with the key the client holds', async () => {
    const clock = testClock();
    const handlers = simulatorHandlers({ baseUrl: 'https://tasks.example/v2/', apiKey: 'sk_msw_custom', now: clock.now });
    server.use(...handlers);
    const client = createTaskClient({ baseUrl: 'https://tasks.example/v2', apiKey: 'sk_msw_custom' });

    const { taskId, result } = await runLoginScenario(client, clock);

    expect(result.output.summary).toBe('Signed in as ada.msw.');
    expect(toolInputs(handlers)).toHaveLength(1);
    expect(handlers.service.getTask(taskId)?.runs[0]?.status).toBe('completed');
    // A client's own key is kept, so a wrong one is refused as the service would refuse it.
    await expect(createTaskClient({ baseUrl: 'https://tasks.example/v2', apiKey: 'wrong' }).checkApiKey()).resolves.toBe(false);
    await expect(client.checkApiKey()).resolves.toBe(true);
  });

  it('matches only its own origin and path', async () => {
    const absolute = simulatorHandlers({ baseUrl: 'https://tasks.example/v2' });
    const check = (url: string) => new Request(url, { headers: { 'x-api-key': DEFAULT_SIMULATOR_API_KEY } });
    await expect(getResponse(absolute, check('https://tasks.example/v2/api/v1/check'))).resolves.toMatchObject({ status: 200 });
    await expect(getResponse(absolute, check('https://other.example/v2/api/v1/check'))).resolves.toBeUndefined();
    await expect(getResponse(absolute, check('https://tasks.example/v20/api/v1/check'))).resolves.toBeUndefined();

    const path = simulatorHandlers();
    await expect(getResponse(path, check('http://127.0.0.1:5173/api/hitl/api/v1/check'))).resolves.toMatchObject({ status: 200 });
    await expect(getResponse(path, check('https://app.example/api/hitl/api/v1/check'))).resolves.toMatchObject({ status: 200 });
    await expect(getResponse(path, check('https://app.example/api/other/api/v1/check'))).resolves.toBeUndefined();
    await expect(getResponse(path, check('https://app.example/nested/api/hitl/api/v1/check'))).resolves.toBeUndefined();
    // Under the mount but not an endpoint: the service's 404, as the proxy answers.
    await expect(getResponse(path, check('https://app.example/api/hitl/events'))).resolves.toMatchObject({ status: 404 });
  });

  it('answers keyless requests 401 with addApiKey: false', async () => {
    vi.stubGlobal('location', new URL('http://localhost:3000/'));
    try {
      server.use(...simulatorHandlers({ addApiKey: false }));
      const error: unknown = await createTaskClient({ baseUrl: '/api/hitl' })
        .getRunStatus('task_1')
        .catch((caught: unknown) => caught);
      expect(isTaskApiError(error) && error.status).toBe(401);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('serves the live view and the recording at the addresses the service hands out', async () => {
    const clock = testClock();
    const handlers = simulatorHandlers({ now: clock.now });
    server.use(...handlers);
    const client = createTaskClient({ baseUrl: 'http://localhost:3000/api/hitl' });
    const { taskId } = await runLoginScenario(client, clock);

    const status = await client.getRunStatus(taskId);
    const live = await fetch(String(status.liveStatus));
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toMatch(/^text\/html/);

    clock.advance(60_000);
    const gif = await client.getRunGif(taskId);
    expect(gif.status).toBe('completed');
    const image = await fetch(gif.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/gif');
  });

  it('uses a service of yours, faults included', async () => {
    const service = createSimulatedService({ apiKey: 'sk_shared', seed: 1 });
    const handlers = simulatorHandlers({ service, apiKey: 'sk_shared', baseUrl: 'http://localhost:3000/api/hitl' });
    expect(handlers.service).toBe(service);
    server.use(...handlers);
    const client = createTaskClient({ baseUrl: 'http://localhost:3000/api/hitl' });
    await expect(client.checkApiKey()).resolves.toBe(true);

    service.faults.inject({ type: 'network' });
    const error: unknown = await client.checkApiKey().catch((caught: unknown) => caught);
    expect(isTaskApiError(error) && error.kind).toBe('network');
    service.faults.inject({ type: 'http-503', retryAfter: 7 });
    const busy: unknown = await client.listTasks().catch((caught: unknown) => caught);
    expect(isTaskApiError(busy) && [busy.status, busy.retryAfterMs]).toEqual([503, 7000]);
  });

  it('refuses options that would be ignored, and addresses it cannot mount', () => {
    expect(() => simulatorHandlers({ service: createSimulatedService(), timeScale: 0.1 })).toThrow(TypeError);
    expect(() => simulatorHandlers({ baseUrl: 'api/hitl' })).toThrow(/neither an absolute http\(s\) URL nor a path/);
    expect(() => simulatorHandlers({ baseUrl: 'ftp://files.example' })).toThrow(/must be an http\(s\) URL/);
  });
});

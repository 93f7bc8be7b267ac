import { createTaskClient, TaskApiError, type TaskClient } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import { approvePurchaseTool, startSimulatorServer } from '../../../src/testing';
import { createTestClock, faces, type Face, type TestClock } from './simulator-faces';

const API_KEY = 'sk_client_suite_5b1f0c7e9a';
const LOGIN_REACHES_FORM_MS = 3500;
const LOGIN_FINISHES_AFTER_ANSWER_MS = 3000;
const RECORDING_DELAY_MS = 2000;

const loginAnswer = (username: string) =>
  JSON.stringify([
    { label: 'Username', value: username },
    { label: 'Password', value: 'correct horse battery staple' },
  ]);

async function rejection(promise: Promise<unknown>): Promise<TaskApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof TaskApiError)) throw new Error(`expected a TaskApiError, got ${String(error)}`);
  return error;
}

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

describe.each(faces)('TaskClient against the simulated service ($name)', (kind) => {
  let face: Face;
  let clock: TestClock;
  let client: TaskClient;
  let consoleSpies: Array<ReturnType<typeof vi.spyOn>>;

  beforeEach(async () => {
    clock = createTestClock();
    face = await kind.start({ apiKey: API_KEY, seed: 'client-suite', now: clock.now, recordingDelayMs: RECORDING_DELAY_MS });
    client = face.client;
    consoleSpies = CONSOLE_METHODS.map((method) => vi.spyOn(console, method));
  });

  afterEach(async () => {
    // Whatever a test did, nothing it made the client print may carry the key.
    for (const spy of consoleSpies)
      expect(
        JSON.stringify(spy.mock.calls, (_, value: unknown) => (value instanceof Error ? `${value.message} ${value.stack}` : value)),
      ).not.toContain(API_KEY);
    await face.close();
  });

  async function createLoginTask(text = 'Log in to Acme Shop and open my orders') {
    return (await client.createTask({ task: text, agent: 'BROWSER_AGENT', tools: [formInputTool()] })).taskId;
  }

  describe('endpoints', () => {
    it('checks the key: true for the right one, false for a wrong or missing one', async () => {
      await expect(client.checkApiKey()).resolves.toBe(true);
      await expect(face.makeClient({ apiKey: 'sk_wrong' }).checkApiKey()).resolves.toBe(false);
      await expect(face.makeClient({ apiKey: undefined }).checkApiKey()).resolves.toBe(false);
    });

    it('runs a task from creation through a tool call to a result that carries the answer', async () => {
      const taskId = await createLoginTask();
      expect(taskId).toMatch(/^task_[0-9a-z]+$/);

      const starting = await client.getRunStatus(taskId);
      expect(starting).toMatchObject({ status: 'running', detailedStatus: 'processing_page', toolCall: null });
      expect(starting.liveStatus).toMatch(/^https?:\/\/.+\/live\/run_[0-9a-z]+$/);

      clock.advance(LOGIN_REACHES_FORM_MS);
      const asking = await client.getRunStatus(taskId);
      expect(asking.detailedStatus).toBe('tool_call');
      expect(asking.toolCall?.toolCallId).toMatch(/^call_[0-9a-z]+$/);
      expect(asking.toolCall?.tool.name).toBe('form_input');
      const fields = (asking.toolCall?.tool.parameters as { fields: Array<{ label: string; type: string }> }).fields;
      expect(fields.map((field) => [field.label, field.type])).toEqual([
        ['Username', 'text'],
        ['Password', 'password'],
      ]);

      await client.submitToolInput(taskId, { input: loginAnswer('ada.lovelace'), toolCallId: asking.toolCall?.toolCallId ?? '' });
      expect(await client.getRunStatus(taskId)).toMatchObject({ status: 'running', detailedStatus: 'processing_page', toolCall: null });
      expect((await client.getRunResult(taskId)).status).toBe('running');

      clock.advance(LOGIN_FINISHES_AFTER_ANSWER_MS);
      expect(await client.getRunStatus(taskId)).toMatchObject({ status: 'completed', detailedStatus: 'completed', toolCall: null });
      const result = await client.getRunResult(taskId);
      expect(result).toMatchObject({ status: 'completed', error: null, output: { summary: 'Signed in as ada.lovelace.' } });
      expect(result.dataTable.length).toBeGreaterThan(0);
      for (const row of result.dataTable) {
        expect(typeof row.title).toBe('string');
        expect(typeof row.value).toBe('number');
      }

      expect(await client.getRunGif(taskId)).toEqual({ status: 'pending', url: '' });
      clock.advance(RECORDING_DELAY_MS);
      const gif = await client.getRunGif(taskId);
      expect(gif.status).toBe('completed');
      expect(gif.url).toMatch(/^https?:\/\/.+\/recordings\/run_[0-9a-z]+\.gif$/);
    });

    it('lists tasks newest first, with readable names and statuses', async () => {
      const first = await createLoginTask('Log in to the first shop');
      clock.advance(1000);
      const second = await createLoginTask('Log in to the second shop');
      await client.stopTask(first);

      const page = await client.listTasks();
      expect(page).toMatchObject({ total: 2, page: 1, limit: 30 });
      expect(page.data).toEqual([
        { id: second, status: 'active', readable_name: 'Log in to the second shop' },
        { id: first, status: 'stopped', readable_name: 'Log in to the first shop' },
      ]);
    });

    it('lists runs newest first with ISO timestamps, and addresses the most recent run unless runId is given', async () => {
      const taskId = await createLoginTask();
      clock.advance(60_000);
      const { runId: secondRun } = face.service.startRun(taskId);

      const runs = await client.listRuns(taskId);
      expect(runs.total).toBe(2);
      expect(runs.data.map((run) => run.created_at)).toEqual(['2026-03-01T09:01:00.000Z', '2026-03-01T09:00:00.000Z']);
      const [newest, oldest] = runs.data.map((run) => run.id);
      expect(newest).toBe(secondRun);

      // The first run has long reached its form; the second has only just started.
      expect((await client.getRunStatus(taskId)).detailedStatus).toBe('processing_page');
      expect((await client.getRunStatus(taskId, { runId: oldest })).detailedStatus).toBe('tool_call');

      await client.stopRun(taskId, { runId: oldest });
      expect((await client.getRunStatus(taskId, { runId: oldest })).status).toBe('stopped');
      expect((await client.getRunStatus(taskId, { runId: newest })).status).toBe('running');
      expect((await client.getRunResult(taskId, { runId: oldest })).status).toBe('stopped');
      expect((await client.getRunGif(taskId, { runId: newest })).status).toBe('pending');
    });

    it('answers a tool call of a specific run with the runId option', async () => {
      const taskId = await createLoginTask();
      const olderRun = (await client.listRuns(taskId)).data[0]?.id ?? '';
      clock.advance(LOGIN_REACHES_FORM_MS);
      const pending = await client.getRunStatus(taskId, { runId: olderRun });
      face.service.startRun(taskId);

      await client.submitToolInput(
        taskId,
        { input: loginAnswer('grace'), toolCallId: pending.toolCall?.toolCallId ?? '' },
        { runId: olderRun },
      );
      clock.advance(LOGIN_FINISHES_AFTER_ANSWER_MS);
      expect((await client.getRunResult(taskId, { runId: olderRun })).output.summary).toBe('Signed in as grace.');
    });

    it('stops a run waiting for input; stopping it again succeeds and changes nothing', async () => {
      const taskId = await createLoginTask();
      clock.advance(LOGIN_REACHES_FORM_MS);
      expect((await client.getRunStatus(taskId)).toolCall).not.toBeNull();

      await client.stopRun(taskId);
      const stopped = await client.getRunStatus(taskId);
      expect(stopped).toMatchObject({ status: 'stopped', detailedStatus: 'stopped', toolCall: null });

      await expect(client.stopRun(taskId)).resolves.toBeUndefined();
      clock.advance(60_000);
      expect(await client.getRunStatus(taskId)).toEqual(stopped);
    });

    it('stops a task and its running runs', async () => {
      const taskId = await createLoginTask();
      face.service.startRun(taskId);

      await client.stopTask(taskId);
      expect((await client.listTasks()).data[0]).toMatchObject({ id: taskId, status: 'stopped' });
      const runs = (await client.listRuns(taskId)).data;
      for (const run of runs) expect((await client.getRunStatus(taskId, { runId: run.id })).status).toBe('stopped');
    });

    it('reports a failed run with its error content', async () => {
      const { taskId } = await client.createTask({ task: 'Book the trip; this run will fail', tools: [formInputTool()] });
      clock.advance(60_000);
      expect((await client.getRunStatus(taskId)).status).toBe('failed');
      const result = await client.getRunResult(taskId);
      expect(result.status).toBe('failed');
      expect(result.error).toMatchObject({ code: 'PAGE_LOAD_FAILED', message: expect.stringContaining('payment page') });
    });

    it('passes a caller-defined tool call through with its parameters', async () => {
      const { taskId } = await client.createTask({ task: 'Buy the chair once I approve', tools: [approvePurchaseTool] });
      clock.advance(10_000);
      const status = await client.getRunStatus(taskId);
      expect(status.toolCall?.tool).toEqual({
        name: 'approve_purchase',
        parameters: expect.objectContaining({ item: 'Ergonomic office chair', amount: 349, currency: 'EUR' }),
      });
      await client.submitToolInput(taskId, { input: JSON.stringify({ approved: true }), toolCallId: status.toolCall?.toolCallId ?? '' });
      clock.advance(10_000);
      expect((await client.getRunResult(taskId)).output.summary).toMatch(/^Bought/);
    });

    it('refuses a toolCallId that is not the pending one with HTTP 409', async () => {
      const taskId = await createLoginTask();
      clock.advance(LOGIN_REACHES_FORM_MS);
      const toolCallId = (await client.getRunStatus(taskId)).toolCall?.toolCallId ?? '';

      const unknown = await rejection(client.submitToolInput(taskId, { input: '[]', toolCallId: 'call_made_up' }));
      expect(unknown).toMatchObject({ kind: 'http', status: 409 });

      await client.submitToolInput(taskId, { input: loginAnswer('ada'), toolCallId });
      const twice = await rejection(client.submitToolInput(taskId, { input: loginAnswer('eve'), toolCallId }));
      expect(twice).toMatchObject({ kind: 'http', status: 409, endpoint: 'POST /api/v1/task/{taskId}/run/tool-input' });
      expect(twice.message).toMatch(/already answered/);
      expect(twice.isTransient).toBe(false);
    });

    it('rejects an unknown task with HTTP 404 and the service message', async () => {
      const error = await rejection(client.getRunStatus('task_does_not_exist'));
      expect(error).toMatchObject({ kind: 'http', status: 404, endpoint: 'GET /api/v1/task/{taskId}/run/status' });
      expect(error.message).toContain('task_does_not_exist');
    });

    it('percent-encodes path parameters with slashes, spaces and non-ASCII text', async () => {
      const awkward = 'a/b c?d#é/../x';
      const error = await rejection(face.makeClient().listRuns(awkward));
      const sentPath = new URL(face.sent.at(-1)?.url ?? '').pathname;
      expect(sentPath).toBe(`/api/v1/task/${encodeURIComponent(awkward)}/runs`);
      expect(face.service.requests.at(-1)?.path).toBe(sentPath);
      // The service decoded it back to exactly the id the caller passed.
      expect(error).toMatchObject({ status: 404 });
      expect(error.message).toContain(`"${awkward}"`);
    });

    it('refuses task ids that URL parsing would turn into another path, before sending', async () => {
      const sending = face.makeClient();
      for (const taskId of ['', '.', '..']) {
        await expect(sending.getRunStatus(taskId)).rejects.toThrow(RangeError);
      }
      expect(face.sent).toHaveLength(0);
    });
  });

  describe('pagination', () => {
    async function createTasks(count: number): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push((await client.createTask({ task: `Log in, task ${i + 1}` })).taskId);
      return ids.reverse();
    }

    it('pages 31 tasks as 30 and 1, newest first', async () => {
      const newestFirst = await createTasks(31);
      const first = await client.listTasks();
      expect(first).toMatchObject({ total: 31, page: 1, limit: 30 });
      expect(first.data.map((task) => task.id)).toEqual(newestFirst.slice(0, 30));
      const second = await client.listTasks({ page: 2 });
      expect(second).toMatchObject({ total: 31, page: 2, limit: 30 });
      expect(second.data.map((task) => task.id)).toEqual(newestFirst.slice(30));
      expect((await client.listTasks({ page: 3 })).data).toEqual([]);
    });

    it('sends a limit above 30 as 30 and gets 30 items back', async () => {
      await createTasks(31);
      const wired = face.makeClient();
      const page = await wired.listTasks({ limit: 100 });
      expect(new URL(face.sent.at(-1)?.url ?? '').searchParams.get('limit')).toBe('30');
      expect(face.service.requests.at(-1)?.query).toEqual({ page: '1', limit: '30' });
      expect(page.limit).toBe(30);
      expect(page.data).toHaveLength(30);
    });

    it('walks pages of a smaller limit', async () => {
      const newestFirst = await createTasks(31);
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const result = await client.listTasks({ page, limit: 10 });
        expect(result).toMatchObject({ page, limit: 10, total: 31 });
        seen.push(...result.data.map((task) => task.id));
      }
      expect(seen).toEqual(newestFirst);
    });

    it('pages 31 runs of a task', async () => {
      const { taskId } = await client.createTask({ task: 'Log in' });
      for (let i = 0; i < 30; i++) face.service.startRun(taskId);
      expect(await client.listRuns(taskId)).toMatchObject({ total: 31, page: 1, limit: 30 });
      expect((await client.listRuns(taskId)).data).toHaveLength(30);
      expect((await client.listRuns(taskId, { page: 2 })).data).toHaveLength(1);
    });

    it.each([{ page: 0 }, { page: -1 }, { page: 1.5 }, { limit: 0 }, { limit: -5 }, { limit: 2.5 }])(
      'rejects %o before sending anything',
      async (options) => {
        const wired = face.makeClient();
        await expect(wired.listTasks(options)).rejects.toThrow(RangeError);
        await expect(wired.listRuns('task_x', options)).rejects.toThrow(RangeError);
        expect(face.sent).toHaveLength(0);
      },
    );
  });

  describe('errors', () => {
    it.each([
      ['http-500', 500, 'Internal server error'],
      ['http-502', 502, 'Bad gateway'],
      ['http-503', 503, 'Service unavailable'],
    ] as const)('%s rejects as a transient http error with the service message', async (type, status, message) => {
      face.service.faults.inject({ type });
      const error = await rejection(client.listTasks());
      expect(error).toMatchObject({ kind: 'http', status, message, endpoint: 'GET /api/v1/tasks' });
      expect(error.isTransient).toBe(true);
      await expect(client.listTasks()).resolves.toMatchObject({ total: 0 });
    });

    it('carries Retry-After in seconds', async () => {
      face.service.faults.inject({ type: 'http-429', retryAfter: 7 });
      const error = await rejection(client.checkApiKey());
      expect(error).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 7000 });
      expect(error.isTransient).toBe(true);
    });

    it('carries Retry-After as an HTTP date', async () => {
      face.service.faults.inject({ type: 'http-503', retryAfter: new Date(Date.now() + 120_000).toUTCString() });
      const error = await rejection(client.listTasks());
      expect(error.retryAfterMs).toBeGreaterThan(60_000);
      expect(error.retryAfterMs).toBeLessThanOrEqual(120_000);
    });

    it('treats a refused key as an auth error, and checkApiKey as false', async () => {
      const wrong = face.makeClient({ apiKey: 'sk_wrong' });
      const error = await rejection(wrong.listTasks());
      expect(error).toMatchObject({ kind: 'http', status: 401, message: 'Invalid API key' });
      expect(error.isAuthError).toBe(true);
      expect(error.isTransient).toBe(false);

      face.service.faults.inject({ type: 'unauthorized', match: { path: '/api/v1/check' } });
      await expect(client.checkApiKey()).resolves.toBe(false);
    });

    it('rejects success: false on HTTP 200 as kind api, and checkApiKey as false', async () => {
      face.service.faults.inject({ type: 'api-error', times: 2 });
      const error = await rejection(client.listTasks());
      expect(error).toMatchObject({ kind: 'api', status: 200, message: 'The service could not process the request' });
      await expect(client.checkApiKey()).resolves.toBe(false);
    });

    it.each(['malformed', 'empty', 'not-envelope'] as const)('rejects a %s answer as kind parse', async (type) => {
      face.service.faults.inject({ type, times: 2 });
      expect(await rejection(client.listTasks())).toMatchObject({ kind: 'parse', status: 200 });
      expect(await rejection(client.checkApiKey())).toMatchObject({ kind: 'parse' });
    });

    it('takes an empty 200 to tool input as success', async () => {
      const taskId = await createLoginTask();
      clock.advance(LOGIN_REACHES_FORM_MS);
      const toolCallId = (await client.getRunStatus(taskId)).toolCall?.toolCallId ?? '';
      face.service.faults.inject({ type: 'empty', afterHandling: true, match: { method: 'POST' } });
      await expect(client.submitToolInput(taskId, { input: loginAnswer('ada'), toolCallId })).resolves.toBeUndefined();
      expect((await client.getRunStatus(taskId)).toolCall).toBeNull();
    });

    it('rejects a dropped connection as a transient network error', async () => {
      face.service.faults.inject({ type: 'network' });
      const error = await rejection(client.listTasks());
      expect(error).toMatchObject({ kind: 'network', status: undefined });
      expect(error.isTransient).toBe(true);
      expect(error.cause).toBeInstanceOf(Error);
    });

    it('gives up on a hanging request after timeoutMs, and the service stops waiting too', async () => {
      face.service.faults.inject({ type: 'hang' });
      const error = await rejection(face.makeClient({ timeoutMs: 50 }).listTasks());
      expect(error).toMatchObject({ kind: 'timeout', endpoint: 'GET /api/v1/tasks' });
      expect(error.isTransient).toBe(true);
      await vi.waitFor(() =>
        expect(face.service.requests.at(-1)).toMatchObject({ fault: 'hang', status: null, endedAt: expect.any(Number) }),
      );
    });

    it('times out even when the caller passes its own signal', async () => {
      face.service.faults.inject({ type: 'hang' });
      const caller = new AbortController();
      const error = await rejection(face.makeClient({ timeoutMs: 50 }).getRunStatus('task_x', { signal: caller.signal }));
      expect(error.kind).toBe('timeout');
    });

    it('rejects as aborted when the caller aborts, with the caller’s reason', async () => {
      face.service.faults.inject({ type: 'hang' });
      const caller = new AbortController();
      const pending = rejection(client.listTasks({ signal: caller.signal }));
      await vi.waitFor(() => expect(face.service.requests.at(-1)?.fault).toBe('hang'));
      const reason = new Error('the person left the page');
      caller.abort(reason);
      const error = await pending;
      expect(error).toMatchObject({ kind: 'aborted', cause: reason });
      expect(error.isTransient).toBe(false);
      await vi.waitFor(() => expect(face.service.requests.at(-1)?.endedAt).not.toBeNull());
    });

    it('does not send anything with an already aborted signal', async () => {
      const wired = face.makeClient();
      const error = await rejection(wired.createTask({ task: 'Log in' }, { signal: AbortSignal.abort() }));
      expect(error.kind).toBe('aborted');
      expect(face.sent).toHaveLength(0);
      expect(face.service.requests).toHaveLength(0);
    });
  });

  describe('the key', () => {
    it('travels only in the x-api-key header, never in a URL', async () => {
      const wired = face.makeClient();
      const { taskId } = await wired.createTask({ task: 'Log in', tools: [formInputTool()] });
      clock.advance(LOGIN_REACHES_FORM_MS);
      const toolCallId = (await wired.getRunStatus(taskId)).toolCall?.toolCallId ?? '';
      await wired.submitToolInput(taskId, { input: loginAnswer('ada'), toolCallId });
      await wired.listTasks({ page: 1, limit: 5 });
      await wired.listRuns(taskId);
      await wired.getRunResult(taskId);
      await wired.getRunGif(taskId);
      await wired.stopRun(taskId);
      await wired.stopTask(taskId);
      await wired.checkApiKey();

      expect(face.sent).toHaveLength(10);
      for (const request of face.sent) {
        expect(request.headers.get('x-api-key')).toBe(API_KEY);
        expect(request.url).not.toContain(API_KEY);
        expect(decodeURIComponent(request.url)).not.toContain(API_KEY);
      }
      expect(face.service.requests.every((entry) => entry.key === 'valid')).toBe(true);
      expect(JSON.stringify(face.service.requests)).not.toContain(API_KEY);
    });

    it('appears in no error, whatever went wrong', async () => {
      const errors: TaskApiError[] = [];
      for (const type of ['http-500', 'unauthorized', 'api-error', 'malformed', 'not-envelope', 'network'] as const) {
        face.service.faults.inject({ type });
        errors.push(await rejection(client.listTasks()));
      }
      face.service.faults.inject({ type: 'hang' });
      errors.push(await rejection(face.makeClient({ timeoutMs: 20 }).listTasks()));
      errors.push(await rejection(client.getRunStatus('task_missing')));

      for (const error of errors) {
        const seen = [error.message, error.stack, JSON.stringify(error), String(error.cause), error.endpoint].join('\n');
        expect(seen).not.toContain(API_KEY);
      }
      expect(JSON.stringify(client)).not.toContain(API_KEY);
    });
  });
});

describe('TaskClient over HTTP when nothing listens', () => {
  it('rejects a refused connection as a network error', async () => {
    const server = await startSimulatorServer({ apiKey: API_KEY });
    const { url } = server;
    await server.close();
    const error = await rejection(createTaskClient({ baseUrl: url, apiKey: API_KEY }).checkApiKey());
    expect(error).toMatchObject({ kind: 'network', endpoint: 'GET /api/v1/check' });
    expect(error.isTransient).toBe(true);
    expect(error.message).not.toContain(API_KEY);
  });
});

/**
 * How the client fails against the simulated service, in process and over HTTP: every kind of
 * `TaskApiError`, time-outs and aborts, and a key that shows up nowhere but its header.
 */
import { createTaskClient, type TaskApiError, type TaskClient } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import { startSimulatorServer } from '../../../src/testing';
import {
  API_KEY,
  createLoginTask,
  endFaceSuite,
  LOGIN_REACHES_FORM_MS,
  loginAnswer,
  rejection,
  startFaceSuite,
  type FaceSuite,
} from './face-suite';
import { faces, type Face, type TestClock } from './simulator-faces';

describe.each(faces)('TaskClient failures against the simulated service ($name)', (kind) => {
  let suite: FaceSuite;
  let face: Face;
  let clock: TestClock;
  let client: TaskClient;

  beforeEach(async () => {
    suite = await startFaceSuite(kind);
    ({ face, clock, client } = suite);
  });

  afterEach(() => endFaceSuite(suite));

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
      const taskId = await createLoginTask(client);
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
      // The service sees the connection close a moment later; only a connection left open for good fails this.
      await vi.waitFor(
        () => expect(face.service.requests.at(-1)).toMatchObject({ fault: 'hang', status: null, endedAt: expect.any(Number) as unknown }),
        { timeout: 10_000 },
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
      await vi.waitFor(() => expect(face.service.requests.at(-1)?.fault).toBe('hang'), { timeout: 10_000 });
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

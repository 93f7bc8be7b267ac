/**
 * The client against the simulated service, in process and over HTTP: every endpoint, and
 * pagination. Failures are in task-client-errors.test.ts.
 */
import type { TaskClient } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import { approvePurchaseTool } from '../../../src/testing';
import {
  createLoginTask,
  endFaceSuite,
  LOGIN_FINISHES_AFTER_ANSWER_MS,
  LOGIN_REACHES_FORM_MS,
  loginAnswer,
  RECORDING_DELAY_MS,
  rejection,
  startFaceSuite,
  type FaceSuite,
} from './face-suite';
import { faces, type Face, type TestClock } from './simulator-faces';

describe.each(faces)('TaskClient against the simulated service ($name)', (kind) => {
  let suite: FaceSuite;
  let face: Face;
  let clock: TestClock;
  let client: TaskClient;

  beforeEach(async () => {
    suite = await startFaceSuite(kind);
    ({ face, clock, client } = suite);
  });

  afterEach(() => endFaceSuite(suite));

  describe('endpoints', () => {
    it('checks the key: true for the right one, false for a wrong or missing one', async () => {
      await expect(client.checkApiKey()).resolves.toBe(true);
      await expect(face.makeClient({ apiKey: 'sk_wrong' }).checkApiKey()).resolves.toBe(false);
      await expect(face.makeClient({ apiKey: undefined }).checkApiKey()).resolves.toBe(false);
    });

    it('runs a task from creation through a tool call to a result that carries the answer', async () => {
      const taskId = await createLoginTask(client);
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
      const first = await createLoginTask(client, 'Log in to the first shop');
      clock.advance(1000);
      const second = await createLoginTask(client, 'Log in to the second shop');
      await client.stopTask(first);

      const page = await client.listTasks();
      expect(page).toMatchObject({ total: 2, page: 1, limit: 30 });
      expect(page.data).toEqual([
        { id: second, status: 'active', readable_name: 'Log in to the second shop' },
        { id: first, status: 'stopped', readable_name: 'Log in to the first shop' },
      ]);
    });

    it('lists runs newest first with ISO timestamps, and addresses the most recent run unless runId is given', async () => {
      const taskId = await createLoginTask(client);
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
      const taskId = await createLoginTask(client);
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
      const taskId = await createLoginTask(client);
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
      const taskId = await createLoginTask(client);
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
      expect(result.error).toMatchObject({ code: 'PAGE_LOAD_FAILED', message: expect.stringContaining('payment page') as unknown });
    });

    it('passes a caller-defined tool call through with its parameters', async () => {
      const { taskId } = await client.createTask({ task: 'Buy the chair once I approve', tools: [approvePurchaseTool()] });
      clock.advance(10_000);
      const status = await client.getRunStatus(taskId);
      expect(status.toolCall?.tool).toEqual({
        name: 'approve_purchase',
        parameters: expect.objectContaining({ item: 'Ergonomic office chair', amount: 349, currency: 'EUR' }) as unknown,
      });
      await client.submitToolInput(taskId, { input: JSON.stringify({ approved: true }), toolCallId: status.toolCall?.toolCallId ?? '' });
      clock.advance(10_000);
      expect((await client.getRunResult(taskId)).output.summary).toMatch(/^Bought/);
    });

    it('refuses a toolCallId that is not the pending one with HTTP 409', async () => {
      const taskId = await createLoginTask(client);
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
});

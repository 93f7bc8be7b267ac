import { TaskApiError } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import { createSimulatedService, type SimulatedService } from '../../../src/testing';
import { createTestClock, plausibleInput, type TestClock } from './drive';

const tools = [formInputTool()];

function setup(options: Parameters<typeof createSimulatedService>[0] = {}): { service: SimulatedService; clock: TestClock } {
  const clock = createTestClock();
  return { service: createSimulatedService({ seed: 7, now: clock.now, ...options }), clock };
}

async function conflict(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof TaskApiError) || error.status !== 409) throw new Error(`expected HTTP 409, got ${String(error)}`);
  return error.message;
}

describe('simulated service: a run over time (login scenario)', () => {
  it('moves through its pages, waits at the form, and completes at the scripted times', async () => {
    const { service, clock } = setup();
    const { client } = service;
    const { taskId } = await client.createTask({ task: 'Log in to the shop', tools });
    const runId = service.getTask(taskId)?.runs[0]?.id ?? '';

    expect(service.getRun(runId)).toMatchObject({ status: 'running', detailedStatus: 'processing_page', page: { title: 'Acme Shop' } });
    clock.advance(1500);
    expect(service.getRun(runId)?.page?.title).toBe('Sign in · Acme Shop');
    clock.advance(1999);
    expect((await client.getRunStatus(taskId)).detailedStatus).toBe('processing_page');
    clock.advance(1);
    const asking = await client.getRunStatus(taskId);
    expect(asking.detailedStatus).toBe('tool_call');

    // A person may take as long as they like; the call and its id stay put.
    clock.advance(60 * 60 * 1000);
    expect(await client.getRunStatus(taskId)).toEqual(asking);

    await client.submitToolInput(taskId, {
      input: plausibleInput(asking.toolCall!, { Username: 'lin' }),
      toolCallId: asking.toolCall!.toolCallId,
    });
    expect(service.getRun(runId)).toMatchObject({ detailedStatus: 'processing_page', page: { title: 'Signing in… · Acme Shop' } });
    expect(service.getRun(runId)?.answers).toEqual([
      expect.objectContaining({ tool: 'form_input', toolCallId: asking.toolCall!.toolCallId }) as unknown,
    ]);
    const answeredAt = clock.now();

    clock.advance(2999);
    expect((await client.getRunStatus(taskId)).status).toBe('running');
    clock.advance(1);
    expect(await client.getRunStatus(taskId)).toMatchObject({ status: 'completed', detailedStatus: 'completed', toolCall: null });
    expect(service.getRun(runId)?.endedAt).toBe(answeredAt + 3000);
    expect((await client.getRunResult(taskId)).output.summary).toBe('Signed in as lin.');

    clock.advance(1999);
    expect(await client.getRunGif(taskId)).toEqual({ status: 'pending', url: '' });
    clock.advance(1);
    expect(await client.getRunGif(taskId)).toEqual({ status: 'completed', url: `http://simulator.invalid/recordings/${runId}.gif` });
  });

  it('keeps the same timeline however often it is polled', async () => {
    const often = setup();
    const rarely = setup();
    const a = (await often.service.client.createTask({ task: 'This will fail', tools })).taskId;
    const b = (await rarely.service.client.createTask({ task: 'This will fail', tools })).taskId;
    for (let i = 0; i < 100; i++) {
      often.clock.advance(100);
      await often.service.client.getRunStatus(a);
    }
    rarely.clock.advance(10_000);
    expect(await rarely.service.client.getRunStatus(b)).toEqual(await often.service.client.getRunStatus(a));
    expect(rarely.service.getTask(b)?.runs[0]?.endedAt).toBe(often.service.getTask(a)?.runs[0]?.endedAt);
  });

  it('scales every step with timeScale', async () => {
    const { service, clock } = setup({ timeScale: 0.01 });
    const { taskId } = await service.client.createTask({ task: 'Log in', tools });
    clock.advance(34);
    expect((await service.client.getRunStatus(taskId)).detailedStatus).toBe('processing_page');
    clock.advance(1);
    expect((await service.client.getRunStatus(taskId)).detailedStatus).toBe('tool_call');
  });

  it('follows fake timers through its default clock', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-05-01T12:00:00Z') });
    try {
      const service = createSimulatedService({ seed: 1 });
      const { taskId } = await service.client.createTask({ task: 'Log in', tools });
      expect((await service.client.listRuns(taskId)).data[0]?.created_at).toBe('2026-05-01T12:00:00.000Z');
      vi.advanceTimersByTime(3500);
      expect((await service.client.getRunStatus(taskId)).detailedStatus).toBe('tool_call');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('simulated service: stopping', () => {
  it('stops a run: no tool call, result and GIF follow, and a late answer is refused', async () => {
    const { service, clock } = setup();
    const { client } = service;
    const { taskId } = await client.createTask({ task: 'Log in', tools });
    clock.advance(3500);
    const toolCallId = (await client.getRunStatus(taskId)).toolCall!.toolCallId;

    await client.stopRun(taskId);
    expect(await client.getRunStatus(taskId)).toMatchObject({ status: 'stopped', detailedStatus: 'stopped', toolCall: null });
    expect(await client.getRunResult(taskId)).toEqual({
      status: 'stopped',
      error: null,
      output: { summary: 'The run was stopped before it finished.' },
      dataTable: [],
    });
    expect(await conflict(client.submitToolInput(taskId, { input: '[]', toolCallId }))).toMatch(/the run is stopped/);
    clock.advance(2000);
    expect((await client.getRunGif(taskId)).status).toBe('completed');
    // The task itself stays active: only the run stopped.
    expect(service.getTask(taskId)?.status).toBe('active');
  });

  it('leaves a finished run as it was', async () => {
    const { service, clock } = setup();
    const { taskId } = await service.client.createTask({ task: 'This will fail', tools });
    clock.advance(10_000);
    const before = service.getTask(taskId);
    await service.client.stopRun(taskId);
    await service.client.stopTask(taskId);
    expect(service.getTask(taskId)?.runs).toEqual(before?.runs);
  });

  it('stops a task with all its running runs; a new run makes it active again', async () => {
    const { service } = setup();
    const { taskId } = await service.client.createTask({ task: 'Log in', tools });
    service.startRun(taskId);
    await service.client.stopTask(taskId);
    expect(service.getTask(taskId)).toMatchObject({ status: 'stopped', runs: [{ status: 'stopped' }, { status: 'stopped' }] });

    const { runId } = service.startRun(taskId);
    expect(service.getTask(taskId)?.status).toBe('active');
    expect((await service.client.getRunStatus(taskId)).liveStatus).toBe(`http://simulator.invalid/live/${runId}`);
  });

  it('refuses to start a run of a task it does not have', () => {
    const { service } = setup();
    expect(() => service.startRun('task_nope')).toThrow(RangeError);
  });
});

describe('simulated service: tool input checks', () => {
  it('answers 409 for a call that is not pending, naming why', async () => {
    const { service, clock } = setup();
    const { client } = service;
    const { taskId } = await client.createTask({ task: 'Log in', tools });
    expect(await conflict(client.submitToolInput(taskId, { input: '[]', toolCallId: 'call_early' }))).toMatch(/not waiting for tool input/);

    clock.advance(3500);
    const call = (await client.getRunStatus(taskId)).toolCall!;
    expect(await conflict(client.submitToolInput(taskId, { input: '[]', toolCallId: 'call_other' }))).toMatch(
      /is not the pending tool call/,
    );
    await client.submitToolInput(taskId, { input: plausibleInput(call), toolCallId: call.toolCallId });
    expect(await conflict(client.submitToolInput(taskId, { input: '[]', toolCallId: call.toolCallId }))).toMatch(/already answered/);
  });

  it('does not let an answer meant for one run land on another', async () => {
    const { service, clock } = setup();
    const { client } = service;
    const { taskId } = await client.createTask({ task: 'Log in', tools });
    clock.advance(3500);
    const first = (await client.getRunStatus(taskId)).toolCall!;
    const { runId: second } = service.startRun(taskId);
    clock.advance(3500);

    expect(await conflict(client.submitToolInput(taskId, { input: '[]', toolCallId: first.toolCallId }))).toMatch(/not the pending/);
    expect(service.getRun(second)?.answers).toEqual([]);
  });
});

describe('simulated service: agent tools', () => {
  it('skips a scripted call of a tool the task was not given', async () => {
    const { service, clock } = setup();
    const { taskId } = await service.client.createTask({ task: 'Buy the chair after approval', tools });
    clock.advance(60_000);
    const run = service.getTask(taskId)?.runs[0];
    expect(run?.status).toBe('completed');
    expect(run?.answers).toEqual([]);
    expect(run?.result.output.summary).toMatch(/no approve_purchase tool/);
  });

  it('lets a scenario without a tools list run straight through', async () => {
    const { service, clock } = setup();
    const { taskId } = await service.client.createTask({ task: 'Log in' });
    clock.advance(60_000);
    expect(service.getTask(taskId)?.runs[0]?.result.output.summary).toMatch(/no login details were asked for/);
  });
});

describe('simulated service: determinism', () => {
  async function script(seed: number | string) {
    const { service, clock } = setup({ seed });
    const { client } = service;
    const seen: unknown[] = [];
    const { taskId } = await client.createTask({ task: 'Log in', tools });
    clock.advance(3500);
    const status = await client.getRunStatus(taskId);
    await client.submitToolInput(taskId, { input: plausibleInput(status.toolCall!), toolCallId: status.toolCall!.toolCallId });
    service.startRun(taskId);
    seen.push(taskId, status, await client.listRuns(taskId), await client.listTasks());
    return JSON.stringify(seen);
  }

  it('makes the same ids for the same seed and different ones for another seed', async () => {
    expect(await script('alpha')).toBe(await script('alpha'));
    expect(await script('alpha')).not.toBe(await script('beta'));
  });

  it('starts ids over after reset, and forgets tasks and requests', async () => {
    const { service } = setup();
    const first = (await service.client.createTask({ task: 'Log in' })).taskId;
    service.reset();
    expect(service.listTasks()).toEqual([]);
    expect(service.requests).toEqual([]);
    expect((await service.client.createTask({ task: 'Log in' })).taskId).toBe(first);
  });
});

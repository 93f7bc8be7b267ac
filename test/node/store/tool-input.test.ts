import { TaskApiError } from '../../../src/client';
import { resourceKeys, StaleToolCallError } from '../../../src/store';
import { FakeTaskClient, networkError, processing, waitingFor } from './fake-task-client';
import { useStoreFixture } from './store-fixture';

const makeStore = useStoreFixture();

const ref = { taskId: 'task-1', toolCallId: 'call-1' } as const;
const bodies = (client: FakeTaskClient) => client.callsTo('submitToolInput').map((call) => call.args[1]);
const conflict = () => new TaskApiError('This tool call was already answered', { kind: 'http', status: 409 });

describe('tool-input registry', () => {
  it('sends one POST for two submits in the same tick, and shares the promise', async () => {
    const client = new FakeTaskClient()
      .script('submitToolInput', { value: undefined, delayMs: 100 })
      .script('getRunStatus', { value: processing() });
    const s = makeStore(client);

    const first = s.submitToolInput(ref, [{ label: 'Code', value: '123456' }]);
    const second = s.submitToolInput(ref, [{ label: 'Code', value: '999999' }]);

    expect(second).toBe(first);
    expect(s.getToolInput('task-1', 'call-1').state).toBe('submitting');
    await vi.advanceTimersByTimeAsync(100);
    await first;
    expect(bodies(client)).toEqual([{ input: '[{"label":"Code","value":"123456"}]', toolCallId: 'call-1' }]);
    expect(s.getToolInput('task-1', 'call-1').state).toBe('submitted');
  });

  it('sends a string answer as is', async () => {
    const client = new FakeTaskClient().script('submitToolInput', { value: undefined });
    const s = makeStore(client);
    await s.submitToolInput(ref, '{"already":"encoded"}');
    expect(bodies(client)).toEqual([{ input: '{"already":"encoded"}', toolCallId: 'call-1' }]);
  });

  it('passes the run to the service when one is named', async () => {
    const client = new FakeTaskClient().script('submitToolInput', { value: undefined });
    const s = makeStore(client);
    await s.submitToolInput({ ...ref, runId: 'run-7' }, 'yes');
    expect(client.callsTo('submitToolInput')[0]?.args[2]).toMatchObject({ runId: 'run-7' });
  });

  it('refuses a second answer once one was accepted, even from another run address', async () => {
    const client = new FakeTaskClient().script('submitToolInput', { value: undefined });
    const s = makeStore(client);
    await s.submitToolInput(ref, 'first');
    await s.submitToolInput(ref, 'second');
    await s.submitToolInput({ ...ref, runId: 'run-1' }, 'third');
    expect(bodies(client)).toHaveLength(1);
  });

  it('never retries the POST by itself after a failure', async () => {
    const client = new FakeTaskClient().script('submitToolInput', { error: networkError() });
    const s = makeStore(client);
    await expect(s.submitToolInput(ref, 'hello')).rejects.toMatchObject({ kind: 'network' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(bodies(client)).toHaveLength(1);
    expect(s.getToolInput('task-1', 'call-1')).toMatchObject({ state: 'error', error: { kind: 'network' } });
  });

  it('sends the first body byte for byte when the person retries, whatever the new answer', async () => {
    const client = new FakeTaskClient().script('submitToolInput', { error: networkError() }, { value: undefined });
    const s = makeStore(client);
    await s.submitToolInput(ref, { otp: '123456', note: 'é' }).catch(() => {});

    await s.submitToolInput(ref, { otp: '000000' });

    const [first, second] = bodies(client);
    expect(second).toEqual(first);
    expect((first as { input: string }).input).toBe('{"otp":"123456","note":"é"}');
    expect(s.getToolInput('task-1', 'call-1').state).toBe('submitted');
  });

  it('sends a different answer after reset()', async () => {
    const client = new FakeTaskClient().script('submitToolInput', { error: networkError() }, { value: undefined });
    const s = makeStore(client);
    await s.submitToolInput(ref, 'first').catch(() => {});

    s.resetToolInput('task-1', 'call-1');
    expect(s.getToolInput('task-1', 'call-1').state).toBe('idle');
    await s.submitToolInput(ref, 'second');

    expect(bodies(client).map((body) => (body as { input: string }).input)).toEqual(['first', 'second']);
  });

  it('ignores reset() while an answer is out or once accepted', async () => {
    const client = new FakeTaskClient().script('submitToolInput', { value: undefined, delayMs: 50 });
    const s = makeStore(client);
    const sending = s.submitToolInput(ref, 'first');
    s.resetToolInput('task-1', 'call-1');
    await vi.advanceTimersByTimeAsync(50);
    await sending;
    s.resetToolInput('task-1', 'call-1');
    await s.submitToolInput(ref, 'second');
    expect(bodies(client)).toHaveLength(1);
  });

  it('refetches the run status at once after an accepted answer', async () => {
    const client = new FakeTaskClient()
      .script('submitToolInput', { value: undefined })
      .script('getRunStatus', { value: waitingFor('call-1') }, { value: processing() });
    const s = makeStore(client);
    s.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(0);
    const submittedAt = Date.now() + 500;
    await vi.advanceTimersByTimeAsync(500);

    await s.submitToolInput(ref, 'ok');

    const after = client.callsTo('getRunStatus').filter((call) => call.at >= submittedAt);
    expect(after.map((call) => call.at)).toEqual([submittedAt]);
  });

  it('marks the call stale after a 409 when the status no longer shows it', async () => {
    const client = new FakeTaskClient()
      .script('submitToolInput', { error: conflict() })
      .script('getRunStatus', { value: waitingFor('call-1') }, { value: processing() });
    const s = makeStore(client);
    s.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(0);

    await expect(s.submitToolInput(ref, 'late')).rejects.toBeInstanceOf(StaleToolCallError);

    expect(s.getToolInput('task-1', 'call-1').state).toBe('stale');
    await expect(s.submitToolInput(ref, 'again')).rejects.toBeInstanceOf(StaleToolCallError);
    expect(bodies(client)).toHaveLength(1);
  });

  it('keeps a 409 an error when the status still shows the call', async () => {
    const client = new FakeTaskClient()
      .script('submitToolInput', { error: conflict() })
      .script('getRunStatus', { value: waitingFor('call-1') });
    const s = makeStore(client);
    await expect(s.submitToolInput(ref, 'x')).rejects.toMatchObject({ status: 409 });
    expect(s.getToolInput('task-1', 'call-1').state).toBe('error');
  });

  it('marks a failed answer stale when a later status shows another call', async () => {
    const client = new FakeTaskClient().script('submitToolInput', { error: networkError() }).script(
      'getRunStatus',
      { value: waitingFor('call-1') },
      // The status read again at once after a failure that does not say whether the answer arrived.
      { value: waitingFor('call-1') },
      { value: waitingFor('call-1') },
      { value: waitingFor('call-2') },
    );
    const s = makeStore(client);
    s.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(0);
    await s.submitToolInput(ref, 'x').catch(() => {});

    await vi.advanceTimersByTimeAsync(2000);
    expect(s.getToolInput('task-1', 'call-1').state).toBe('error');
    await vi.advanceTimersByTimeAsync(2000);
    expect(s.getToolInput('task-1', 'call-1').state).toBe('stale');
    expect(s.getToolInputSubject('task-1')).toBe('call-2');
  });

  it('rejects an answer that cannot be encoded, without sending or recording anything', async () => {
    const client = new FakeTaskClient().script('submitToolInput', { value: undefined });
    const s = makeStore(client);
    await expect(s.submitToolInput(ref, undefined)).rejects.toBeInstanceOf(TypeError);
    expect(bodies(client)).toHaveLength(0);
    expect(s.getToolInput('task-1', 'call-1').state).toBe('idle');
  });

  it('sends user actions at once even when polls fill every slot of maxConcurrentRequests', async () => {
    const client = new FakeTaskClient()
      .script('getRunStatus', { hold: true })
      .script('submitToolInput', { value: undefined })
      .script('stopRun', { value: undefined })
      .script('createTask', { value: { taskId: 'task-new' } });
    const s = makeStore(client, { maxConcurrentRequests: 6 });
    for (let i = 0; i < 10; i += 1) s.watch(resourceKeys.status(`task-${i}`));
    await vi.advanceTimersByTimeAsync(0);
    expect(client.inFlight).toBe(6);

    await s.submitToolInput(ref, 'now');
    await s.stopRun('task-9');
    await s.createTask({ task: 'Buy milk' });

    expect(client.callsTo('submitToolInput')).toHaveLength(1);
    expect(client.callsTo('stopRun')).toHaveLength(1);
    expect(client.callsTo('createTask')).toHaveLength(1);
  });
});

/**
 * A run status the store does not know (`booting`) is not an end: the store polls on, more slowly
 * the longer the run says it, and at the normal pace again once the run is live, so a tool call
 * that comes after it reaches the person. A `success: false` answer is retried like a 5xx unless it
 * says the run is gone.
 */
import { TaskApiError } from '../../../src/client';
import { resourceKeys, runStatusObserver, StoreObserver, type RunStatusOptions } from '../../../src/store';
import { completed, FakeTaskClient, processing, runStatus, waitingFor } from './fake-task-client';
import { useStoreFixture } from './store-fixture';

const makeStore = useStoreFixture();

const booting = () => runStatus('booting', 'booting');

function statusTimes(client: FakeTaskClient, start: number): number[] {
  return client.callsTo('getRunStatus').map((call) => call.at - start);
}

const gaps = (times: number[]) => times.slice(1).map((time, index) => time - (times[index] ?? 0));

function refused(message: string): TaskApiError {
  return new TaskApiError(message, { kind: 'api', status: 200, endpoint: 'GET /api/v1/task/{taskId}/run/status' });
}

describe('a run status the store does not know', () => {
  it('polls on while a run says `booting`, more slowly, and hands over the tool call it then asks', async () => {
    const client = new FakeTaskClient().script('getRunStatus', ...Array.from({ length: 5 }, () => ({ value: booting() })), {
      value: waitingFor('call-1'),
    });
    const store = makeStore(client);
    const options: RunStatusOptions = { taskId: 'task-1' };
    const observer = new StoreObserver(runStatusObserver, store, options);
    const start = Date.now();
    const off = observer.subscribe(() => {});

    await vi.advanceTimersByTimeAsync(16_000);
    // Five polls said `booting`: not over, no call yet, and each wait twice the one before.
    expect(observer.result(store, options)).toMatchObject({ data: { status: 'booting' }, isTerminal: false, pendingToolCall: null });
    expect(statusTimes(client, start)).toEqual([0, 2000, 4000, 8000, 16_000]);

    await vi.advanceTimersByTimeAsync(16_000);
    expect(observer.result(store, options)).toMatchObject({ isTerminal: false, pendingToolCall: { toolCallId: 'call-1' } });

    // Live again: the normal interval at once.
    await vi.advanceTimersByTimeAsync(4000);
    expect(statusTimes(client, start)).toEqual([0, 2000, 4000, 8000, 16_000, 32_000, 34_000, 36_000]);
    off();
  });

  it('never waits more than 30 s between two polls of a status it does not know', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: booting() });
    const store = makeStore(client);
    const start = Date.now();
    store.watch(resourceKeys.status('task-1'));

    await vi.advanceTimersByTimeAsync(180_000);

    const times = statusTimes(client, start);
    expect(gaps(times)).toEqual([2000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000]);
    expect(store.isRunTerminal(booting())).toBe(false);
    expect(store.classifyRun(booting())).toBe('unknown');
  });

  it('starts the slow-down afresh when the status is unknown again after being live', async () => {
    const client = new FakeTaskClient().script(
      'getRunStatus',
      { value: booting() },
      { value: booting() },
      { value: booting() },
      { value: processing() },
      { value: runStatus('warming_up', '') },
      { value: runStatus('warming_up', '') },
      { value: runStatus('warming_up', '') },
    );
    const store = makeStore(client);
    const start = Date.now();
    store.watch(resourceKeys.status('task-1'));

    await vi.advanceTimersByTimeAsync(20_000);

    // booting at 0, 2, 4; running at 8; warming_up at 10, 12, 14, then 18.
    expect(statusTimes(client, start)).toEqual([0, 2000, 4000, 8000, 10_000, 12_000, 14_000, 18_000]);
  });

  it('follows its own lists: a status named non-terminal at the normal pace, one named terminal stops', async () => {
    const live = new FakeTaskClient().script('getRunStatus', { value: booting() });
    const liveStore = makeStore(live, { nonTerminalRunStatuses: ['running', 'booting'] });
    const start = Date.now();
    liveStore.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statusTimes(live, start)).toEqual([0, 2000, 4000, 6000, 8000, 10_000]);
    liveStore.destroy();

    const ended = new FakeTaskClient().script('getRunStatus', { value: processing() }, { value: runStatus('archived', '') });
    const endedStore = makeStore(ended, { terminalRunStatuses: ['completed', 'archived'] });
    endedStore.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ended.callsTo('getRunStatus')).toHaveLength(2);
    expect(endedStore.isRunTerminal(runStatus('archived', ''))).toBe(true);
  });

  it('still stops at a known terminal status after an unknown one', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: booting() }, { value: booting() }, { value: completed() });
    const store = makeStore(client);
    const start = Date.now();
    store.watch(resourceKeys.status('task-1'));

    await vi.advanceTimersByTimeAsync(120_000);

    expect(statusTimes(client, start)).toEqual([0, 2000, 4000]);
  });
});

describe('a `success: false` answer to a status poll', () => {
  it('is retried with backoff, and polling goes on once it passes', async () => {
    const client = new FakeTaskClient().script(
      'getRunStatus',
      { value: processing() },
      { error: refused('The service could not process the request') },
      { value: waitingFor('call-1') },
    );
    const store = makeStore(client, { random: () => 0.5 });
    const options: RunStatusOptions = { taskId: 'task-1' };
    const observer = new StoreObserver(runStatusObserver, store, options);
    const off = observer.subscribe(() => {});

    await vi.advanceTimersByTimeAsync(2000);
    expect(observer.result(store, options).error?.message).toBe('The service could not process the request');

    // Half of the 1 s first-retry window (random 0.5).
    await vi.advanceTimersByTimeAsync(500);
    expect(observer.result(store, options)).toMatchObject({ error: undefined, pendingToolCall: { toolCallId: 'call-1' } });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(client.callsTo('getRunStatus').length).toBeGreaterThanOrEqual(7);
    off();
  });

  it.each(['Run "run-1" not found', 'Task does not exist', 'No such run', 'unknown task task-1'])(
    'stops polling when it says the run is gone (%s), until someone asks again',
    async (message) => {
      const client = new FakeTaskClient().script(
        'getRunStatus',
        { value: processing() },
        { error: refused(message) },
        { value: processing() },
      );
      const store = makeStore(client, { random: () => 0.5 });
      store.watch(resourceKeys.status('task-1'));

      await vi.advanceTimersByTimeAsync(60_000);
      expect(client.callsTo('getRunStatus')).toHaveLength(2);
      expect(store.getSnapshot(resourceKeys.status('task-1')).error?.message).toBe(message);

      await store.refetch(resourceKeys.status('task-1'));
      expect(client.callsTo('getRunStatus')).toHaveLength(3);
    },
  );
});

describe('a `success: false` answer to a tool-call answer', () => {
  it('is not sent again by itself: only reads are retried', async () => {
    const client = new FakeTaskClient()
      .script('submitToolInput', { error: refused('The service could not process the request') })
      .script('getRunStatus', { value: waitingFor('call-1') });
    const store = makeStore(client, { random: () => 0.5 });
    store.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(0);

    await expect(store.submitToolInput({ taskId: 'task-1', toolCallId: 'call-1' }, 'hello')).rejects.toMatchObject({ kind: 'api' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);

    expect(client.callsTo('submitToolInput')).toHaveLength(1);
    expect(store.getToolInput('task-1', 'call-1')).toMatchObject({ state: 'error', error: { kind: 'api' } });
  });
});

/**
 * The observers behind the hooks, without React: what they fetch and watch, the results they build,
 * and when they tell a reader that something changed.
 */
import {
  MutationObserver,
  runResultObserver,
  runStatusObserver,
  StoreObserver,
  tasksObserver,
  toolInputObserver,
  type RunStatusOptions,
} from '../../../src/store';
import { completed, FakeTaskClient, processing, waitingFor } from './fake-task-client';
import { useStoreFixture } from './store-fixture';

const makeStore = useStoreFixture();

describe('StoreObserver with runStatusObserver', () => {
  it('watches the run only while it has a listener, and builds the result from the store', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() }, { value: completed() });
    const store = makeStore(client);
    const options: RunStatusOptions = { taskId: 'task-1' };
    const observer = new StoreObserver(runStatusObserver, store, options);

    expect(observer.result(store, options)).toMatchObject({ data: undefined, isLoading: true, isTerminal: false });
    await vi.advanceTimersByTimeAsync(5000);
    expect(client.calls).toHaveLength(0);

    const off = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.result(store, options)).toMatchObject({
      data: processing(),
      isLoading: false,
      isTerminal: false,
      pendingToolCall: null,
    });

    await vi.advanceTimersByTimeAsync(2000);
    expect(observer.result(store, options)).toMatchObject({ data: completed(), isTerminal: true });
    off();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(client.callsTo('getRunStatus')).toHaveLength(2);
  });

  it('keeps the data object while a poll brings equal data', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const store = makeStore(client);
    const options: RunStatusOptions = { taskId: 'task-1' };
    const observer = new StoreObserver(runStatusObserver, store, options);
    observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const first = observer.result(store, options);

    await vi.advanceTimersByTimeAsync(2000);
    await vi.advanceTimersByTimeAsync(0);
    expect(client.callsTo('getRunStatus')).toHaveLength(2);
    expect(observer.result(store, options).data).toBe(first.data);
    // Nothing changed since: the very same result.
    expect(observer.result(store, options)).toBe(observer.result(store, options));
  });

  it('notifies a reader of `data` only when the data changes, and a reader of `isFetching` on every poll', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing(), delayMs: 100 });
    const store = makeStore(client);
    const options: RunStatusOptions = { taskId: 'task-1' };
    const readsData = new StoreObserver(runStatusObserver, store, options);
    const readsFetching = new StoreObserver(runStatusObserver, store, options);
    let dataNotices = 0;
    let fetchingNotices = 0;
    readsData.subscribe(() => (dataNotices += 1));
    readsFetching.subscribe(() => (fetchingNotices += 1));
    void readsData.trackResult(readsData.result(store, options)).data;
    void readsFetching.trackResult(readsFetching.result(store, options)).isFetching;

    await vi.advanceTimersByTimeAsync(100);
    const afterLoad = dataNotices;
    expect(afterLoad).toBeGreaterThan(0);
    // Each poll takes 100 ms and the next is due 2000 ms after: polls at 2100, 4200 and 6300.
    await vi.advanceTimersByTimeAsync(6300);

    expect(client.callsTo('getRunStatus')).toHaveLength(4);
    expect(dataNotices).toBe(afterLoad);
    // Three polls, each on and off.
    expect(fetchingNotices).toBeGreaterThanOrEqual(6);
  });

  it('drops an answered call from pendingToolCall while the service still shows it', async () => {
    const client = new FakeTaskClient()
      .script('getRunStatus', { value: waitingFor('call-1') })
      .script('submitToolInput', { value: undefined });
    const store = makeStore(client);
    const options: RunStatusOptions = { taskId: 'task-1', pollIntervalMs: false };
    const status = new StoreObserver(runStatusObserver, store, options);
    const answers = new StoreObserver(toolInputObserver, store, { taskId: 'task-1' });
    status.subscribe(() => {});
    answers.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(status.result(store, options).pendingToolCall?.toolCallId).toBe('call-1');
    expect(answers.result(store, { taskId: 'task-1' })).toMatchObject({ toolCallId: 'call-1', state: 'idle' });

    await answers.result(store, { taskId: 'task-1' }).submit('call-1', 'yes');
    await vi.advanceTimersByTimeAsync(0);

    expect(answers.result(store, { taskId: 'task-1' }).state).toBe('submitted');
    expect(status.result(store, options).data?.toolCall?.toolCallId).toBe('call-1');
    expect(status.result(store, options).pendingToolCall).toBeNull();
  });
});

describe('runResultObserver', () => {
  it('fetches the result once the run it watches turns terminal, without a render in between', async () => {
    const client = new FakeTaskClient()
      .script('getRunStatus', { value: processing() }, { value: completed() })
      .script('getRunResult', { value: { status: 'completed', error: null, output: { summary: 'Done' }, dataTable: [] } });
    const store = makeStore(client);
    const options = { taskId: 'task-1' };
    const observer = new StoreObserver(runResultObserver, store, options);
    observer.subscribe(() => {});

    await vi.advanceTimersByTimeAsync(0);
    expect(client.callsTo('getRunResult')).toHaveLength(0);
    expect(observer.result(store, options)).toMatchObject({ isTerminal: false, isLoading: true });

    await vi.advanceTimersByTimeAsync(2000);
    expect(client.callsTo('getRunResult')).toHaveLength(1);
    expect(observer.result(store, options)).toMatchObject({ isTerminal: true, data: { output: { summary: 'Done' } } });
  });
});

describe('tasksObserver', () => {
  it('keeps the page shown last while the next one loads, as placeholder data', async () => {
    const page = (n: number) => ({
      value: { data: [{ id: `t${n}`, status: 'active', readable_name: `Task ${n}` }], total: 60, page: n, limit: 30 },
      delayMs: 50,
    });
    const client = new FakeTaskClient().script('listTasks', (call) => page((call.args[0] as { page: number }).page));
    const store = makeStore(client);
    const observer = new StoreObserver(tasksObserver, store, { page: 1 });
    observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(50);
    expect(observer.result(store, { page: 1 }).data?.page).toBe(1);

    observer.setOptions(store, { page: 2 });
    expect(observer.result(store, { page: 2 })).toMatchObject({ isPlaceholderData: true, isLoading: false, data: { page: 1 } });
    await vi.advanceTimersByTimeAsync(50);
    expect(observer.result(store, { page: 2 })).toMatchObject({ isPlaceholderData: false, data: { page: 2 } });
  });
});

describe('MutationObserver', () => {
  it('joins a call with the same variables while it is pending, and shows the latest outcome', async () => {
    let calls = 0;
    const observer = new MutationObserver(async (taskId: string) => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return `stopped ${taskId}`;
    });
    const first = observer.mutate('task-1');
    const second = observer.mutate('task-1');
    expect(second).toBe(first);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'pending', isPending: true, variables: 'task-1' });

    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(1);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'stopped task-1' });
    observer.reset();
    expect(observer.getCurrentResult()).toMatchObject({ status: 'idle', data: undefined });
  });
});

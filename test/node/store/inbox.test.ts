/** The inbox observer, without React: which runs it finds, the items it builds, and when they leave. */
import { InboxObserver, resourceKeys, toolCallTitle, type InboxItem, type InboxOptions, type InboxToolCallItem } from '../../../src/store';
import { FakeTaskClient, formCall, processing, runStatus, waitingFor, type RecordedCall } from './fake-task-client';
import { useStoreFixture } from './store-fixture';

const makeStore = useStoreFixture();

/** The items that are tool calls (a scripted client has no requests: all of them). */
const toolCalls = (items: readonly InboxItem[]) => items.filter((item): item is InboxToolCallItem => item.kind === 'tool_call');

const tasks = Array.from({ length: 35 }, (_, index) => ({
  id: `task-${index + 1}`,
  status: index === 34 ? 'archived' : 'active',
  readable_name: `Task ${index + 1}`,
}));

function listTasks(call: RecordedCall) {
  const { page = 1, limit = 30 } = (call.args[0] ?? {}) as { page?: number; limit?: number };
  return { value: { data: tasks.slice((page - 1) * limit, page * limit), total: tasks.length, page, limit } };
}

/** Tasks 3, 7 and 33 wait (task 33 first, then 3, then 7); the others are busy. */
function statuses(call: RecordedCall) {
  const taskId = call.args[0] as string;
  if (taskId === 'task-3') return { value: waitingFor('call-3') };
  if (taskId === 'task-7')
    return {
      value: runStatus('running', 'tool_call', {
        toolCallId: 'call-7',
        tool: { name: 'pick', parameters: { colour: 'red', size: 3, nested: { a: 1 } } },
      }),
    };
  if (taskId === 'task-33') return { value: waitingFor('call-33') };
  return { value: processing() };
}

describe('InboxObserver', () => {
  it('finds the active tasks on every page and lists their waiting calls with names and titles', async () => {
    const client = new FakeTaskClient().script('listTasks', listTasks).script('getRunStatus', statuses);
    const store = makeStore(client);
    const observer = new InboxObserver(store, {});
    expect(observer.getSnapshot()).toMatchObject({ items: [], count: 0, isLoading: true });
    const notified = vi.fn();
    observer.subscribe(notified);
    await vi.advanceTimersByTimeAsync(100);

    expect(client.callsTo('listTasks').map((call) => (call.args[0] as { page: number }).page)).toEqual([1, 2]);
    // 34 active tasks, the archived one is not watched.
    expect(new Set(client.callsTo('getRunStatus').map((call) => call.args[0])).size).toBe(34);
    const result = observer.getSnapshot();
    expect(result.isLoading).toBe(false);
    expect(result.count).toBe(3);
    expect(toolCalls(result.items).map((item) => [item.taskName, item.toolName, item.title])).toEqual([
      ['Task 3', 'form_input', 'Sign in'],
      ['Task 7', 'pick', 'colour: red, size: 3'],
      ['Task 33', 'form_input', 'Sign in'],
    ]);
    expect(notified).toHaveBeenCalled();
  });

  it('gives an item its run when the status names one, and undefined (the most recent run) when not', async () => {
    const client = new FakeTaskClient().script('getRunStatus', (call: RecordedCall) => {
      const taskId = call.args[0] as string;
      if (taskId === 'named') return { value: { ...waitingFor('call-a'), runId: 'run-7' } };
      if (taskId === 'snake') return { value: { ...waitingFor('call-b'), run_id: 'run-8' } };
      return { value: waitingFor('call-c') };
    });
    const store = makeStore(client);
    const observer = new InboxObserver(store, { taskIds: ['named', 'snake', 'unnamed'] });
    observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(100);
    expect(Object.fromEntries(toolCalls(observer.getSnapshot().items).map((item) => [item.taskId, item.runId]))).toEqual({
      named: 'run-7',
      snake: 'run-8',
      unnamed: undefined,
    });
  });

  it('orders items oldest first, by when each call was first seen', async () => {
    let late = false;
    const client = new FakeTaskClient().script('getRunStatus', (call) =>
      call.args[0] === 'b' || late ? { value: waitingFor(`call-${String(call.args[0])}`) } : { value: processing() },
    );
    const store = makeStore(client);
    const options: InboxOptions = { taskIds: ['a', 'b'] };
    const observer = new InboxObserver(store, options);
    observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(10);
    late = true;
    await vi.advanceTimersByTimeAsync(2000);
    const items = toolCalls(observer.getSnapshot().items);
    expect(items.map((item) => item.taskId)).toEqual(['b', 'a']);
    expect(items[0]?.taskName).toBeUndefined();
    expect((items[1]?.waitingSince ?? 0) - (items[0]?.waitingSince ?? 0)).toBeGreaterThanOrEqual(2000);
  });

  it('drops an item as soon as its answer is accepted, and stops watching when nobody listens', async () => {
    const client = new FakeTaskClient()
      .script('getRunStatus', { value: waitingFor('call-1') })
      .script('submitToolInput', { value: undefined });
    const store = makeStore(client);
    const observer = new InboxObserver(store, { taskIds: ['task-1'] });
    const off = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(10);
    expect(observer.getSnapshot().count).toBe(1);
    await store.submitToolInput({ taskId: 'task-1', toolCallId: 'call-1' }, []);
    expect(observer.getSnapshot().count).toBe(0);
    off();
    const before = client.callsTo('getRunStatus').length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(client.callsTo('getRunStatus').length).toBe(before);
  });

  it('makes no new snapshot, and tells nobody, when polls bring the same data', async () => {
    const client = new FakeTaskClient().script('listTasks', listTasks).script('getRunStatus', statuses);
    const store = makeStore(client);
    const observer = new InboxObserver(store, {});
    const notified = vi.fn();
    observer.subscribe(notified);
    await vi.advanceTimersByTimeAsync(100);
    const settled = observer.getSnapshot();
    expect(settled.count).toBe(3);
    notified.mockClear();
    const polls = client.callsTo('getRunStatus').length;
    // Three more rounds of 34 statuses, every answer the same as before: 102 answers, no change.
    await vi.advanceTimersByTimeAsync(6000);
    expect(client.callsTo('getRunStatus').length - polls).toBeGreaterThanOrEqual(3 * 34);
    expect(notified).not.toHaveBeenCalled();
    expect(observer.getSnapshot()).toBe(settled);
  });

  it('tells its listeners when it moves to another store, and shows the calls of that store', async () => {
    const first = makeStore(new FakeTaskClient().script('getRunStatus', { value: waitingFor('call-1') }));
    const second = makeStore(new FakeTaskClient().script('getRunStatus', { value: waitingFor('call-2') }));
    const options: InboxOptions = { taskIds: ['task-1'] };
    const observer = new InboxObserver(first, options);
    const notified = vi.fn();
    observer.subscribe(notified);
    await vi.advanceTimersByTimeAsync(10);
    expect(toolCalls(observer.getSnapshot().items).map((item) => item.toolCall.toolCallId)).toEqual(['call-1']);
    // The other store knows that run already: nothing more will come to announce it.
    await second.refetch(resourceKeys.status('task-1'));
    notified.mockClear();
    observer.setOptions(second, options);
    expect(notified).toHaveBeenCalled();
    expect(toolCalls(observer.getSnapshot().items).map((item) => item.toolCall.toolCallId)).toEqual(['call-2']);
  });

  it('reports the task list error', async () => {
    const client = new FakeTaskClient().script('listTasks', { error: new Error('nope') });
    const store = makeStore(client);
    const observer = new InboxObserver(store, {});
    observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(10);
    expect(observer.getSnapshot()).toMatchObject({ isLoading: false, count: 0, error: new Error('nope') });
  });
});

describe('toolCallTitle', () => {
  it('is one line of text, cut to 120 characters', () => {
    expect(toolCallTitle(formCall('x', 'Sign\n  in\tplease'))).toBe('Sign in please');
    const long = toolCallTitle({ toolCallId: 'x', tool: { name: 'note', parameters: { text: 'a'.repeat(500) } } });
    expect([...long]).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
    expect(toolCallTitle({ toolCallId: 'x', tool: { name: 'note', parameters: { html: '<b>hi</b>' } } })).toBe('html: <b>hi</b>');
  });
});

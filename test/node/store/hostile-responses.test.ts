/**
 * What the store does with responses it cannot use (issue 16): a body of the wrong shape from a
 * custom client or the event stream, a throw while a response is handled, data nested far deeper
 * than the stack. Each ends as the resource's error state, which Retry (`refetch`) clears, and
 * polling goes on; nothing throws out of the store or out of an observer's result.
 */
// The store loads the stream's code on demand; loaded here first, the fake clock needs no real time for it.
import '../../../src/store/open-update-sources';
import { createTaskClient, type EventStreamConnection, type TaskClient, type TaskEvent } from '../../../src/client';
import { resourceKeys, runStatusObserver, StoreObserver, type RunStore } from '../../../src/store';
import { FakeTaskClient, processing, runStatus, waitingFor } from './fake-task-client';
import { useStoreFixture } from './store-fixture';

const makeStore = useStoreFixture();
const key = resourceKeys.status('task-1');

/** What `useRunStatus({ taskId: 'task-1' })` would render now. */
function viewOf(store: RunStore) {
  return new StoreObserver(runStatusObserver, store, { taskId: 'task-1' }).result(store, { taskId: 'task-1' });
}

/** A status whose tool call carries parameters nested `depth` levels deep. */
function deepStatus(depth: number, leaf = 'x') {
  let parameters: Record<string, unknown> = { a: leaf };
  for (let level = 1; level < depth; level += 1) parameters = { a: parameters };
  return runStatus('running', 'tool_call', { toolCallId: 'call-deep', tool: { name: 'form_input', parameters } });
}

describe('a status body of the wrong shape', () => {
  it.each([
    ['null', null],
    ['a number', 42],
    ['a string', 'running'],
    ['an array', []],
    ['an object without status', { detailedStatus: 'processing_page', toolCall: null }],
    ['an object whose status is not a string', { status: 7 }],
  ])('%s becomes the error state, and polling goes on', async (_, body) => {
    const client = new FakeTaskClient().script('getRunStatus', { value: body }, { value: processing() });
    const store = makeStore(client, { random: () => 0.5 });
    store.watch(key);
    await vi.advanceTimersByTimeAsync(0);

    const snapshot = store.getSnapshot(key);
    expect(snapshot).toMatchObject({ data: undefined, isFetching: false, failureCount: 1 });
    expect(snapshot.error?.message).toMatch(/run status/);
    expect(() => viewOf(store)).not.toThrow();
    expect(viewOf(store)).toMatchObject({ isLoading: false, isTerminal: false, pendingToolCall: null });

    // Retried by itself, with backoff: the next answer is used.
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getSnapshot(key)).toMatchObject({ data: { status: 'running' }, error: undefined });
    await vi.advanceTimersByTimeAsync(4000);
    expect(client.callsTo('getRunStatus').length).toBeGreaterThanOrEqual(4);
  });

  it('keeps the last good status beside the error, and Retry clears it', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() }, { value: null }, { value: waitingFor('call-1') });
    const store = makeStore(client);
    store.watch(key, { pollIntervalMs: 60_000 });
    await vi.advanceTimersByTimeAsync(0);
    await store.refetch(key).catch(() => undefined);
    expect(store.getSnapshot(key)).toMatchObject({ data: { status: 'running' }, error: expect.any(Error) as unknown });

    await store.refetch(key);
    expect(store.getSnapshot(key)).toMatchObject({ data: { detailedStatus: 'tool_call' }, error: undefined, isFetching: false });
  });

  it.each([
    ['a result', resourceKeys.result('task-1'), 'getRunResult', { output: {} }],
    ['a GIF status', resourceKeys.gif('task-1'), 'getRunGif', null],
    ['a page of tasks', resourceKeys.tasksPage(1, 30), 'listTasks', { data: [null], total: 1, page: 1, limit: 30 }],
    ['a page of runs', resourceKeys.runsPage('task-1', 1, 30), 'listRuns', { data: 'runs' }],
    ['a key check', resourceKeys.check(), 'checkApiKey', 'ok'],
  ] as const)('%s of the wrong shape becomes the error state too', async (_, resourceKey, method, body) => {
    const client = new FakeTaskClient().script(method, { value: body });
    const store = makeStore(client);
    await expect(store.refetch(resourceKey)).rejects.toThrow();
    expect(store.getSnapshot(resourceKey)).toMatchObject({ data: undefined, isFetching: false, error: expect.any(Error) as unknown });
  });
});

describe('a throw while a response is handled', () => {
  it('becomes the error state instead of leaving the resource fetching for ever', async () => {
    let poisoned = true;
    const hostile = {
      get status(): string {
        throw new Error('a getter the store did not expect');
      },
    };
    const client = {
      getRunStatus: () => Promise.resolve(poisoned ? hostile : processing()),
    } as unknown as TaskClient;
    const store = makeStore(client as FakeTaskClient, { random: () => 0.5 });
    store.watch(key);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot(key)).toMatchObject({ isFetching: false, failureCount: 1, error: expect.any(Error) as unknown });

    poisoned = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getSnapshot(key)).toMatchObject({ data: { status: 'running' }, error: undefined });
  });
});

describe('data nested deeper than the stack', () => {
  // Structural sharing stops at a bounded depth and freezing uses a loop, so this holds already; kept
  // so that it stays so.
  it('takes 20,000 levels of parameters, twice over, without throwing or stalling', async () => {
    const bodies = [deepStatus(20_000, 'first'), deepStatus(20_000, 'second')];
    let next = 0;
    const client = { getRunStatus: () => Promise.resolve(bodies[Math.min(next++, 1)]) } as unknown as TaskClient;
    const store = makeStore(client as FakeTaskClient);
    store.watch(key);
    // CPU time: the fake clock stands still, and waiting for a core is not the data's doing.
    const started = process.cpuUsage();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(2000);
    const used = process.cpuUsage(started);
    const took = (used.user + used.system) / 1000;

    const snapshot = store.getSnapshot(key);
    expect(snapshot.error).toBeUndefined();
    expect(snapshot.isFetching).toBe(false);
    expect(snapshot.data?.toolCall?.toolCallId).toBe('call-deep');
    expect(Object.isFrozen(snapshot.data?.toolCall?.tool.parameters)).toBe(true);
    expect(viewOf(store).pendingToolCall?.toolCallId).toBe('call-deep');
    expect(took).toBeLessThan(1000);
  });
});

describe('the event stream', () => {
  /** A store whose client has a stream that sends `events` once it is ready. */
  function streamed(events: TaskEvent[]) {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const source = {
      connect(connection: EventStreamConnection) {
        connection.onReady();
        for (const event of events) connection.onEvent(event);
        return new Promise<void>((resolve) => connection.signal.addEventListener('abort', () => resolve()));
      },
    };
    return makeStore(Object.assign(client, { events: source }));
  }
  const event = (data: unknown): TaskEvent =>
    ({ id: '1', resource: 'status', topic: { taskId: 'task-1' }, final: false, data, error: undefined }) as TaskEvent;

  it.each([
    ['null', null],
    ['a number', 3],
    ['an object without status', { toolCall: null }],
  ])('turns a pushed status of %s into the error state', async (_, data) => {
    const store = streamed([event(data)]);
    store.watch(key);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getTransport()).toBe('stream');
    expect(store.getSnapshot(key)).toMatchObject({ data: undefined, isFetching: false, error: expect.any(Error) as unknown });
    expect(() => viewOf(store)).not.toThrow();
  });

  it('applies a good change after a bad one', async () => {
    const store = streamed([event(null), event(processing())]);
    store.watch(key);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot(key)).toMatchObject({ data: { status: 'running' }, error: undefined });
  });
});

describe('a tool call without a usable id', () => {
  it.each([
    ['an empty id', ''],
    ['a number', 42],
    ['null', null],
  ])('with %s is no pending call, and nothing can be sent for it', async (_, toolCallId) => {
    const call = { toolCallId, tool: { name: 'form_input', parameters: { fields: [{ type: 'text', label: 'Code' }] } } };
    const client = new FakeTaskClient()
      .script('getRunStatus', { value: { ...runStatus('running', 'tool_call'), toolCall: call } })
      .script('submitToolInput', { value: undefined });
    const store = makeStore(client);
    store.watch(key);
    await vi.advanceTimersByTimeAsync(0);

    expect(store.getSnapshot(key)).toMatchObject({ data: { status: 'running', toolCall: null }, error: undefined });
    expect(viewOf(store)).toMatchObject({ pendingToolCall: null });
    expect(store.getToolInputSubject('task-1')).toBeUndefined();
    await expect(store.submitToolInput({ taskId: 'task-1', toolCallId: '' }, '[]')).rejects.toBeInstanceOf(TypeError);
    expect(client.callsTo('submitToolInput')).toHaveLength(0);
    expect(store.getToolInput('task-1', '').state).toBe('idle');
  });
});

describe('what createTaskClient read', () => {
  /** A client of `createTaskClient` whose service answers every status GET with `status`. */
  function clientAnswering(status: unknown) {
    const body = JSON.stringify({ success: true, data: status });
    return createTaskClient({ baseUrl: 'http://service.test', fetch: () => Promise.resolve(new Response(body)) });
  }

  it('is checked once, by the client: the store keeps the very status the client returned', async () => {
    const client = clientAnswering(waitingFor('call-1'));
    const read = vi.spyOn(client, 'getRunStatus');
    const store = makeStore(client as FakeTaskClient);
    store.watch(key);
    await vi.advanceTimersByTimeAsync(0);

    const returned: unknown = await read.mock.results[0]?.value;
    expect(returned).toMatchObject({ toolCall: { toolCallId: 'call-1' } });
    expect(store.getSnapshot(key).data).toBe(returned);
  });

  it('still has what another event source pushes checked by the store', async () => {
    const client = Object.assign(clientAnswering(processing()), {
      events: {
        connect(connection: EventStreamConnection) {
          connection.onReady();
          connection.onEvent({
            id: '1',
            resource: 'status',
            topic: { taskId: 'task-1' },
            final: false,
            data: null,
          } as unknown as TaskEvent);
          return new Promise<void>((resolve) => connection.signal.addEventListener('abort', () => resolve()));
        },
      },
    });
    const store = makeStore(client as unknown as FakeTaskClient);
    store.watch(key);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getTransport()).toBe('stream');
    expect(store.getSnapshot(key)).toMatchObject({ data: undefined, error: expect.any(Error) as unknown });
  });
});

import { resourceKeys } from '../../../src/store';
import { completed, FakeEnvironment, FakeTaskClient, processing, runStatus, waitingFor } from './fake-task-client';
import { useStoreFixture } from './store-fixture';

const makeStore = useStoreFixture();

/** Times of the status requests, relative to the start of the test. */
function statusTimes(client: FakeTaskClient, start: number): number[] {
  return client.callsTo('getRunStatus').map((call) => call.at - start);
}

describe('one timer per resource', () => {
  it('sends one request per interval however many watch the same run', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const s = makeStore(client);
    const start = Date.now();
    const watchers = Array.from({ length: 25 }, () => s.watch(resourceKeys.status('task-1')));

    await vi.advanceTimersByTimeAsync(8000);

    expect(statusTimes(client, start)).toEqual([0, 2000, 4000, 6000, 8000]);
    watchers.forEach((watcher) => watcher.unwatch());
  });

  it('uses the shortest interval of the watchers, and the next one when that watcher leaves', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const s = makeStore(client);
    const start = Date.now();
    const slow = s.watch(resourceKeys.status('task-1'), { pollIntervalMs: 5000 });
    const fast = s.watch(resourceKeys.status('task-1'), { pollIntervalMs: 1000 });

    await vi.advanceTimersByTimeAsync(3000);
    expect(statusTimes(client, start)).toEqual([0, 1000, 2000, 3000]);

    fast.unwatch();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statusTimes(client, start)).toEqual([0, 1000, 2000, 3000, 8000, 13_000]);
    slow.unwatch();
  });

  it("lets a passive watcher follow the others' interval, and the default when it is alone", async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const s = makeStore(client);
    const start = Date.now();
    // A result waiting for its run to end must not speed up a viewer that chose a slow interval.
    const passive = s.watch(resourceKeys.status('task-1'), { passive: true });
    const slow = s.watch(resourceKeys.status('task-1'), { pollIntervalMs: 10_000 });

    await vi.advanceTimersByTimeAsync(20_000);
    expect(statusTimes(client, start)).toEqual([0, 10_000, 20_000]);

    slow.unwatch();
    await vi.advanceTimersByTimeAsync(4000);
    expect(statusTimes(client, start)).toEqual([0, 10_000, 20_000, 22_000, 24_000]);
    passive.unwatch();
  });

  it('accepts an interval computed from the latest data, and `false` to stop', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() }, { value: waitingFor('call-1') });
    const s = makeStore(client);
    const start = Date.now();
    // Waiting for a person: no need to poll fast; while processing, poll every second.
    s.watch(resourceKeys.status('task-1'), { pollIntervalMs: (data) => (data?.detailedStatus === 'tool_call' ? false : 1000) });

    await vi.advanceTimersByTimeAsync(20_000);

    expect(statusTimes(client, start)).toEqual([0, 1000]);
  });

  it('keeps different runs of a task apart', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const s = makeStore(client);
    s.watch(resourceKeys.status('task-1', 'run-a'));
    s.watch(resourceKeys.status('task-1', 'run-b'));
    s.watch(resourceKeys.status('task-1'));

    await vi.advanceTimersByTimeAsync(0);

    const runIds = client.callsTo('getRunStatus').map((call) => (call.args[1] as { runId?: string }).runId);
    expect(runIds.sort()).toEqual(['run-a', 'run-b', undefined].sort());
    // "Most recent run" is asked for without a runId, not with an empty one.
    expect(
      client
        .callsTo('getRunStatus')
        .some((call) => 'runId' in (call.args[1] as object) && (call.args[1] as { runId?: string }).runId === undefined),
    ).toBe(false);
  });

  it('asks a hand-made key with an empty runId for the most recent run, as the built key does', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const s = makeStore(client);
    s.watch({ resource: 'status', taskId: 'task-1', runId: '' });
    s.watch(resourceKeys.status('task-1'));

    await vi.advanceTimersByTimeAsync(0);

    const calls = client.callsTo('getRunStatus');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[1]).not.toHaveProperty('runId');
  });

  it('shares one request between a hand-made page key and the equal built one (default page, a limit above 30)', async () => {
    const client = new FakeTaskClient().script('listTasks', { value: { data: [], total: 0, page: 1, limit: 30 } });
    const s = makeStore(client);
    s.watch({ resource: 'tasks-page', limit: 50 } as unknown as ReturnType<typeof resourceKeys.tasksPage>);
    s.watch(resourceKeys.tasksPage(1, 30));

    await vi.advanceTimersByTimeAsync(0);

    expect(client.callsTo('listTasks')).toHaveLength(1);
    expect(s.getSnapshot({ resource: 'tasks-page', page: 1, limit: 99 }).data).toEqual({ data: [], total: 0, page: 1, limit: 30 });
  });
});

describe('terminal runs', () => {
  it.each(['completed', 'failed', 'stopped', 'cancelled', 'timed_out', 'Succeeded'])(
    'stops polling once the status is %s',
    async (last) => {
      const client = new FakeTaskClient().script(
        'getRunStatus',
        { value: processing() },
        { value: processing() },
        { value: runStatus(last, last) },
      );
      const s = makeStore(client);
      s.watch(resourceKeys.status('task-1'));

      await vi.advanceTimersByTimeAsync(60_000);

      expect(client.callsTo('getRunStatus')).toHaveLength(3);
      expect(s.getSnapshot(resourceKeys.status('task-1')).data?.status).toBe(last);
    },
  );

  it.each(['running', 'queued', 'pending', 'starting', 'paused', 'In Progress'])('keeps polling while the status is %s', async (value) => {
    const client = new FakeTaskClient().script('getRunStatus', { value: runStatus(value) });
    const s = makeStore(client);
    s.watch(resourceKeys.status('task-1'));

    await vi.advanceTimersByTimeAsync(10_000);

    expect(client.callsTo('getRunStatus')).toHaveLength(6);
  });

  it('keeps polling a run that waits for a tool answer, whatever its status says', async () => {
    const client = new FakeTaskClient().script('getRunStatus', {
      value: runStatus('awaiting_human', 'tool_call', waitingFor('call-1').toolCall),
    });
    const s = makeStore(client);
    s.watch(resourceKeys.status('task-1'));

    await vi.advanceTimersByTimeAsync(4000);

    expect(client.callsTo('getRunStatus')).toHaveLength(3);
  });

  it('lets the caller name its own non-terminal statuses', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: runStatus('warming_up') });
    const s = makeStore(client, { nonTerminalRunStatuses: ['running', 'warming_up'] });
    s.watch(resourceKeys.status('task-1'));

    await vi.advanceTimersByTimeAsync(4000);

    expect(client.callsTo('getRunStatus')).toHaveLength(3);
    // Outside the list is not an end: only a known terminal value is.
    expect(s.isRunTerminal(runStatus('queued'))).toBe(false);
    expect(s.isRunTerminal(runStatus('completed'))).toBe(true);
  });

  it('does not ask again for a terminal run when a new watcher arrives', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: completed() });
    const s = makeStore(client);
    s.watch(resourceKeys.status('task-1')).unwatch();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(10_000);

    s.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(10_000);

    expect(client.callsTo('getRunStatus')).toHaveLength(1);
  });
});

describe('watchers leaving', () => {
  it('aborts the open request and stops polling when the last watcher leaves', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { hold: true });
    const s = makeStore(client);
    const a = s.watch(resourceKeys.status('task-1'));
    const b = s.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(0);
    const [open] = client.callsTo('getRunStatus');

    a.unwatch();
    await vi.advanceTimersByTimeAsync(0);
    expect(open?.aborted).toBe(false);

    b.unwatch();
    await vi.advanceTimersByTimeAsync(0);
    expect(open?.aborted).toBe(true);
    expect(s.getSnapshot(resourceKeys.status('task-1')).isFetching).toBe(false);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.callsTo('getRunStatus')).toHaveLength(1);
  });

  it('survives unwatch-and-watch-again in one tick (React StrictMode) without a second timer or request', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing(), delayMs: 300 });
    const s = makeStore(client);
    const start = Date.now();
    const first = s.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(100);

    first.unwatch();
    const second = s.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(4500);

    const calls = client.callsTo('getRunStatus');
    // Answers take 300 ms; the next poll is due 2000 ms after the last one started.
    expect(calls.map((call) => call.at - start)).toEqual([0, 2000, 4000]);
    expect(calls.some((call) => call.aborted)).toBe(false);
    second.unwatch();
  });
});

describe('interval', () => {
  it('is timed from the start of each poll: slow answers do not stretch it, and never overlap', async () => {
    const client = new FakeTaskClient().script(
      'getRunStatus',
      { value: processing(), delayMs: 1500 },
      { value: processing(), delayMs: 2600 },
      { value: processing(), delayMs: 100 },
    );
    const s = makeStore(client);
    const start = Date.now();
    const watcher = s.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(7000);
    // 0 → answered at 1500, next at 2000; answered at 4600 (over the interval): the next goes at once.
    expect(client.callsTo('getRunStatus').map((call) => call.at - start)).toEqual([0, 2000, 4600, 6600]);
    watcher.unwatch();
  });
});

describe('hidden page and offline browser', () => {
  it('sends nothing while hidden, and refreshes once on return', async () => {
    const environment = new FakeEnvironment();
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const s = makeStore(client, { environment });
    const start = Date.now();
    s.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(statusTimes(client, start)).toEqual([0, 2000]);

    environment.set({ visible: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(statusTimes(client, start)).toEqual([0, 2000]);
    expect(s.getPauseReason()).toBe('hidden');

    environment.set({ visible: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(statusTimes(client, start)).toEqual([0, 2000, 62_000]);

    await vi.advanceTimersByTimeAsync(2000);
    expect(statusTimes(client, start)).toEqual([0, 2000, 62_000, 64_000]);
  });

  it('sends nothing while offline, and refreshes once when back online', async () => {
    const environment = new FakeEnvironment();
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const s = makeStore(client, { environment });
    s.watch(resourceKeys.status('task-1'));
    s.watch(resourceKeys.status('task-2'));
    await vi.advanceTimersByTimeAsync(0);
    expect(client.callsTo('getRunStatus')).toHaveLength(2);

    environment.set({ online: false });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(client.callsTo('getRunStatus')).toHaveLength(2);
    expect(s.getPauseReason()).toBe('offline');

    environment.set({ online: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(client.callsFor('getRunStatus', 'task-1')).toHaveLength(2);
    expect(client.callsFor('getRunStatus', 'task-2')).toHaveLength(2);
  });

  it('waits for the page to be visible before the first request', async () => {
    const environment = new FakeEnvironment();
    environment.visible = false;
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const s = makeStore(client, { environment });
    s.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(client.calls).toHaveLength(0);

    environment.set({ visible: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(client.calls).toHaveLength(1);
  });

  it('does not refresh a terminal run on return', async () => {
    const environment = new FakeEnvironment();
    const client = new FakeTaskClient().script('getRunStatus', { value: completed() });
    const s = makeStore(client, { environment });
    s.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(0);

    environment.set({ visible: false });
    environment.set({ visible: true });
    await vi.advanceTimersByTimeAsync(5000);

    expect(client.calls).toHaveLength(1);
  });
});

describe('snapshots', () => {
  it('keeps the same snapshot object when a poll brings identical data', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: waitingFor('call-1') });
    const s = makeStore(client);
    const key = resourceKeys.status('task-1');
    s.watch(key);
    await vi.advanceTimersByTimeAsync(0);
    const before = s.getSnapshot(key);

    await vi.advanceTimersByTimeAsync(2000);

    expect(client.callsTo('getRunStatus')).toHaveLength(2);
    expect(s.getSnapshot(key)).toBe(before);
  });

  it('keeps unchanged parts of changed data, and freezes what it hands out', async () => {
    const call = waitingFor('call-1');
    const client = new FakeTaskClient().script(
      'getRunStatus',
      { value: call },
      { value: { ...call, liveStatus: 'https://live.example.test/run-1?t=2' } },
    );
    const s = makeStore(client);
    const key = resourceKeys.status('task-1');
    s.watch(key);
    await vi.advanceTimersByTimeAsync(0);
    const before = s.getSnapshot(key).data;

    await vi.advanceTimersByTimeAsync(2000);
    const after = s.getSnapshot(key).data;

    expect(after).not.toBe(before);
    expect(after?.liveStatus).toBe('https://live.example.test/run-1?t=2');
    expect(after?.toolCall).toBe(before?.toolCall);
    expect(Object.isFrozen(after)).toBe(true);
    expect(Object.isFrozen(after?.toolCall?.tool.parameters)).toBe(true);
    expect(Object.isFrozen(s.getSnapshot(key))).toBe(true);
  });

  it('notifies listeners of a changed snapshot, and only then', async () => {
    const client = new FakeTaskClient().script(
      'getRunStatus',
      { value: processing() },
      { value: processing() },
      { value: waitingFor('call-1') },
    );
    const s = makeStore(client);
    const key = resourceKeys.status('task-1');
    const seen: unknown[] = [];
    s.subscribe(key, () => seen.push(s.getSnapshot(key)));
    s.watch(key);

    await vi.advanceTimersByTimeAsync(4000);

    const dataSeen = [...new Set(seen.map((snapshot) => (snapshot as { data: unknown }).data))];
    expect(dataSeen.map((data) => (data as { detailedStatus?: string } | undefined)?.detailedStatus)).toEqual([
      undefined,
      'processing_page',
      'tool_call',
    ]);
  });
});

describe('lists and results', () => {
  it('fetches a page once unless asked to poll', async () => {
    const page = { data: [{ id: 'task-1', status: 'active', readable_name: 'Order' }], total: 1, page: 1, limit: 30 };
    const client = new FakeTaskClient().script('listTasks', { value: page });
    const s = makeStore(client);
    const start = Date.now();
    const times = () => client.callsTo('listTasks').map((call) => call.at - start);
    s.watch(resourceKeys.tasksPage());
    await vi.advanceTimersByTimeAsync(30_000);
    expect(times()).toEqual([0]);
    expect(client.callsTo('listTasks')[0]?.args[0]).toMatchObject({ page: 1, limit: 30 });

    // The page is already older than the new watcher's interval: it is refreshed at once.
    s.watch(resourceKeys.tasksPage(), { pollIntervalMs: 10_000 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(times()).toEqual([0, 30_000, 40_000, 50_000, 60_000]);
  });

  it('treats a limit above 30 as 30, sharing the entry', () => {
    expect(resourceKeys.tasksPage(1, 50)).toEqual(resourceKeys.tasksPage(1, 30));
  });

  it('polls a GIF until it is completed', async () => {
    const client = new FakeTaskClient().script(
      'getRunGif',
      { value: { status: 'processing', url: '' } },
      { value: { status: 'processing', url: '' } },
      { value: { status: 'completed', url: 'https://cdn.example.test/run.gif' } },
    );
    const s = makeStore(client);
    s.watch(resourceKeys.gif('task-1'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.callsTo('getRunGif')).toHaveLength(3);
  });
});

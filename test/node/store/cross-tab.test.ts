/**
 * One poller per browser: stores of several "tabs" (fake channels, locks and storage) elect a
 * leader that polls for all, hand over when it goes, and never send one call's answer twice.
 */
import { createRunStore, runStatusObserver, StoreObserver, type RunStore, type RunStoreOptions } from '../../../src/store';
import { rememberToolCallSeenAt, TaskApiError } from '../../../src/client';
import { FakeEnvironment, FakeTaskClient, processing, waitingFor, type RecordedCall } from './fake-task-client';
import { FakeOrigin } from './fake-tabs';

const stores: RunStore[] = [];

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
});
afterEach(() => {
  for (const store of stores.splice(0)) store.destroy();
  vi.useRealTimers();
});

/** A tab's store, once its cross-tab code (loaded on demand) is there. */
async function openTab(client: FakeTaskClient, origin: FakeOrigin, options: RunStoreOptions = {}) {
  const tab = origin.tab();
  const store = createRunStore(client, {
    environment: new FakeEnvironment(),
    firstPollJitterMs: 0,
    crossTab: { environment: tab, name: 'test' },
    ...options,
  });
  stores.push(store);
  await vi.dynamicImportSettled();
  return { store, tab };
}

function watchRuns(store: RunStore, taskIds: string[]) {
  const observers = taskIds.map((taskId) => new StoreObserver(runStatusObserver, store, { taskId }));
  const offs = observers.map((observer) => observer.subscribe(() => {}));
  return {
    results: () => observers.map((observer, index) => observer.result(store, { taskId: taskIds[index] ?? '' })),
    off: () => offs.forEach((off) => off()),
  };
}

const statusCallsBetween = (client: FakeTaskClient, from: number, to: number) =>
  client.callsTo('getRunStatus').filter((call: RecordedCall) => call.at >= from && call.at < to).length;

describe('cross-tab polling', () => {
  it.each([true, false])('polls each run once per interval however many tabs watch it (Web Locks: %s)', async (locks) => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const origin = new FakeOrigin({ locks });
    const tabs = [await openTab(client, origin), await openTab(client, origin), await openTab(client, origin)];
    const views = tabs.map(({ store }) => watchRuns(store, ['task-1', 'task-2', 'task-3']));
    // Elections settle (without locks, after one leader timeout), then ten intervals are counted.
    await vi.advanceTimersByTimeAsync(6000);
    const from = Date.now();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(statusCallsBetween(client, from, Date.now())).toBeGreaterThanOrEqual(27);
    expect(statusCallsBetween(client, from, Date.now())).toBeLessThanOrEqual(33);
    expect(tabs.filter(({ store }) => store.tabs.role() === 'leader')).toHaveLength(1);
    for (const view of views) for (const result of view.results()) expect(result.data).toEqual(processing());
  });

  it('another tab takes over within one interval when the leader closes', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const origin = new FakeOrigin();
    const tabs = [await openTab(client, origin), await openTab(client, origin), await openTab(client, origin)];
    for (const { store } of tabs) watchRuns(store, ['task-1']);
    await vi.advanceTimersByTimeAsync(5000);
    const leader = tabs.find(({ store }) => store.tabs.role() === 'leader');
    expect(leader).toBeDefined();
    leader?.tab.close();
    leader?.store.destroy();
    const closedAt = Date.now();
    await vi.advanceTimersByTimeAsync(2100);
    expect(statusCallsBetween(client, closedAt, Date.now())).toBeGreaterThanOrEqual(1);
    expect(tabs.filter(({ store }) => store !== leader?.store && store.tabs.role() === 'leader')).toHaveLength(1);
    const from = Date.now();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statusCallsBetween(client, from, Date.now())).toBe(5);
  });

  it('without a channel, each tab polls alone', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const origin = new FakeOrigin();
    const alone = { ...origin.tab(), channel: () => undefined };
    const a = createRunStore(client, {
      environment: new FakeEnvironment(),
      firstPollJitterMs: 0,
      crossTab: { environment: alone, name: 'x' },
    });
    const b = createRunStore(client, { environment: new FakeEnvironment(), firstPollJitterMs: 0, crossTab: false });
    stores.push(a, b);
    await vi.dynamicImportSettled();
    watchRuns(a, ['task-1']);
    watchRuns(b, ['task-1']);
    await vi.advanceTimersByTimeAsync(4100);
    expect(client.callsTo('getRunStatus')).toHaveLength(6);
    expect(a.tabs.role()).toBe('alone');
  });

  it('polls while any tab is visible, though the leader is hidden', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const origin = new FakeOrigin();
    const leaderEnv = new FakeEnvironment();
    const leader = await openTab(client, origin, { environment: leaderEnv });
    await vi.advanceTimersByTimeAsync(0);
    const follower = await openTab(client, origin);
    watchRuns(leader.store, ['task-1']);
    watchRuns(follower.store, ['task-1']);
    await vi.advanceTimersByTimeAsync(3000);
    expect(leader.store.tabs.role()).toBe('leader');
    leaderEnv.set({ visible: false });
    const from = Date.now();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statusCallsBetween(client, from, Date.now())).toBe(5);
  });
});

describe('cross-tab answers', () => {
  it('two tabs submitting the same call at once send it once, 20 times over', async () => {
    for (let round = 0; round < 20; round += 1) {
      const client = new FakeTaskClient()
        .script('getRunStatus', { value: waitingFor(`call-${round}`) })
        .script('submitToolInput', { value: undefined, delayMs: 30 });
      const origin = new FakeOrigin();
      const a = await openTab(client, origin);
      const b = await openTab(client, origin);
      watchRuns(a.store, ['task-1']);
      watchRuns(b.store, ['task-1']);
      await vi.advanceTimersByTimeAsync(1000);
      const ref = { taskId: 'task-1', toolCallId: `call-${round}` };
      const first = a.store.submitToolInput(ref, [{ label: 'Code', value: 'a' }]);
      await vi.advanceTimersByTimeAsync(round % 50);
      const second = b.store.submitToolInput(ref, [{ label: 'Code', value: 'b' }]);
      await vi.advanceTimersByTimeAsync(200);
      await Promise.all([first, second]);
      expect(client.callsTo('submitToolInput')).toHaveLength(1);
      expect(b.store.getToolInput('task-1', `call-${round}`).state).toBe('submitted');
      for (const store of stores.splice(0)) store.destroy();
    }
  });

  it('an answer accepted in one tab takes the call away in the others within 200 ms', async () => {
    const client = new FakeTaskClient()
      .script('getRunStatus', { value: waitingFor('call-1') })
      .script('submitToolInput', { value: undefined });
    const origin = new FakeOrigin();
    const a = await openTab(client, origin);
    const b = await openTab(client, origin);
    watchRuns(a.store, ['task-1']);
    const viewB = watchRuns(b.store, ['task-1']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(viewB.results()[0]?.pendingToolCall?.toolCallId).toBe('call-1');
    await a.store.submitToolInput({ taskId: 'task-1', toolCallId: 'call-1' }, []);
    await vi.advanceTimersByTimeAsync(200);
    expect(viewB.results()[0]?.pendingToolCall).toBeNull();
    // Nor can that tab send it afterwards.
    await b.store.submitToolInput({ taskId: 'task-1', toolCallId: 'call-1' }, []);
    expect(client.callsTo('submitToolInput')).toHaveLength(1);
  });

  it('a failed answer in one tab leaves the other free to send', async () => {
    const client = new FakeTaskClient()
      .script('getRunStatus', { value: waitingFor('call-1') })
      .script('submitToolInput', { error: new Error('offline') }, { value: undefined });
    const origin = new FakeOrigin();
    const a = await openTab(client, origin);
    const b = await openTab(client, origin);
    await expect(a.store.submitToolInput({ taskId: 'task-1', toolCallId: 'call-1' }, [])).rejects.toThrow('offline');
    await b.store.submitToolInput({ taskId: 'task-1', toolCallId: 'call-1' }, []);
    expect(client.callsTo('submitToolInput')).toHaveLength(2);
  });

  it('an answer in doubt keeps its key through the lock; another tab’s answer has its own, and neither can be reset', async () => {
    const inDoubt = (status: number) =>
      new TaskApiError('The answer may have been applied.', {
        kind: 'answer_in_doubt',
        status,
        endpoint: 'POST /api/v1/task/{taskId}/run/tool-input',
      });
    const client = new FakeTaskClient()
      .script('getRunStatus', { value: waitingFor('call-1') })
      .script('submitToolInput', { error: inDoubt(504) }, { error: inDoubt(503) }, { value: undefined });
    const origin = new FakeOrigin();
    const a = await openTab(client, origin);
    const b = await openTab(client, origin);
    const ref = { taskId: 'task-1', toolCallId: 'call-1' };

    await expect(a.store.submitToolInput(ref, 'from a')).rejects.toMatchObject({ kind: 'answer_in_doubt' });
    await expect(b.store.submitToolInput(ref, 'from b')).rejects.toMatchObject({ kind: 'answer_in_doubt' });
    a.store.resetToolInput('task-1', 'call-1');
    b.store.resetToolInput('task-1', 'call-1');
    expect(b.store.getToolInput('task-1', 'call-1')).toMatchObject({ state: 'error', inDoubt: true });
    await a.store.retryToolInput(ref);
    await vi.advanceTimersByTimeAsync(200);

    const sent = client.callsTo('submitToolInput').map((call) => ({
      input: (call.args[1] as { input: string }).input,
      key: (call.args[2] as { idempotencyKey?: string } | undefined)?.idempotencyKey,
    }));
    expect(sent.map((attempt) => attempt.input)).toEqual(['from a', 'from b', 'from a']);
    expect(sent[2]?.key).toBe(sent[0]?.key);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
    expect(typeof sent[1]?.key).toBe('string');
    // The answer taken in one tab is the call's answer in the other.
    expect(b.store.getToolInput('task-1', 'call-1').state).toBe('submitted');
  });

  it('runs an action once per name across tabs', async () => {
    const origin = new FakeOrigin();
    const client = new FakeTaskClient();
    const tabs = [await openTab(client, origin), await openTab(client, origin), await openTab(client, origin)];
    let count = 0;
    const ran = await Promise.all(tabs.map(({ store }) => store.tabs.once('notify:call-1', () => void (count += 1))));
    expect(count).toBe(1);
    expect(ran.filter(Boolean)).toHaveLength(1);
  });
});

describe('waitingSince', () => {
  it('is when the store first saw the call, and followers adopt the earliest sighting', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: waitingFor('call-1') });
    const origin = new FakeOrigin();
    const a = await openTab(client, origin);
    const viewA = watchRuns(a.store, ['task-1']);
    await vi.advanceTimersByTimeAsync(50);
    const seen = Date.now();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(viewA.results()[0]?.waitingSince).toBeLessThanOrEqual(seen);
    const b = await openTab(client, origin);
    const viewB = watchRuns(b.store, ['task-1']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(viewB.results()[0]?.waitingSince).toBe(viewA.results()[0]?.waitingSince);
  });

  it("is the proxy's time, once it says one, in the leader and every follower, over their own earlier sighting", async () => {
    const proxy: { seenAt?: number } = {};
    const client = new FakeTaskClient().script('getRunStatus', { value: waitingFor('call-1') });
    // What the client does with a proxy's `x-hitl-tool-call-seen-at`.
    const read = client.getRunStatus.bind(client);
    client.getRunStatus = async (taskId, options) => {
      const status = await read(taskId, options);
      rememberToolCallSeenAt(status, proxy.seenAt === undefined ? undefined : new Date(proxy.seenAt).toISOString());
      return status;
    };
    const origin = new FakeOrigin();
    const views = [await openTab(client, origin), await openTab(client, origin)].map(({ store }) => watchRuns(store, ['task-1']));
    await vi.advanceTimersByTimeAsync(5000);
    const own = views[0]?.results()[0]?.waitingSince;
    expect(views[1]?.results()[0]?.waitingSince).toBe(own);
    // The proxy's time (the same in every browser) is later than this browser's own first sighting.
    proxy.seenAt = Date.now() - 1000;
    await vi.advanceTimersByTimeAsync(2100);
    expect(views.map((view) => view.results()[0]?.waitingSince)).toEqual([proxy.seenAt, proxy.seenAt]);
    expect(proxy.seenAt).toBeGreaterThan(own ?? Infinity);
  });
});

import { resourceKeys, RUN_STORE_DEFAULTS } from '../../../src/store';
import { FakeTaskClient, processing, seededRandom } from './fake-task-client';
import { useStoreFixture } from './store-fixture';

const makeStore = useStoreFixture();

/** The fetch priority a recorded client call was given. */
const priorityOf = (call: { args: readonly unknown[] }) => (call.args.at(-1) as { priority?: string } | undefined)?.priority;

describe('concurrency', () => {
  it('sends the polls of 300 watched runs at low priority without a cap of its own, and a refresh at the default', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing(), delayMs: 40 });
    const s = makeStore(client, { random: seededRandom(7), firstPollJitterMs: RUN_STORE_DEFAULTS.firstPollJitterMs });
    const keys = Array.from({ length: 300 }, (_, i) => resourceKeys.status(`task-${i}`));
    keys.forEach((key) => s.watch(key));

    await vi.advanceTimersByTimeAsync(RUN_STORE_DEFAULTS.firstPollJitterMs);

    // The browser spreads low-priority requests over its connections itself, behind an answer.
    expect(client.maxInFlight).toBeGreaterThan(6);
    expect(new Set(client.callsTo('getRunStatus').map(priorityOf))).toEqual(new Set(['low']));

    await vi.advanceTimersByTimeAsync(100);
    const before = client.callsTo('getRunStatus').length;
    const refreshed = s.refetch(keys[0] as (typeof keys)[number]);
    await vi.advanceTimersByTimeAsync(100);
    await refreshed;
    const refresh = client.callsTo('getRunStatus').slice(before);
    expect(refresh.map(priorityOf)).toEqual([undefined]);
  });

  it('never has more than maxConcurrentRequests open with 300 watched runs, and serves every one of them', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing(), delayMs: 40 });
    const s = makeStore(client, {
      random: seededRandom(7),
      firstPollJitterMs: RUN_STORE_DEFAULTS.firstPollJitterMs,
      maxConcurrentRequests: 6,
    });
    const keys = Array.from({ length: 300 }, (_, i) => resourceKeys.status(`task-${i}`));
    keys.forEach((key) => s.watch(key));

    await vi.advanceTimersByTimeAsync(10_000);

    expect(client.maxInFlight).toBe(6);
    expect(keys.filter((key) => s.getSnapshot(key).data === undefined)).toEqual([]);
    // Every run keeps being served, none starved by the others.
    const perTask = keys.map((key) => client.callsFor('getRunStatus', key.taskId).length);
    expect(Math.min(...perTask)).toBeGreaterThanOrEqual(2);
  });

  it('spreads the first requests instead of sending them in one burst', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing() });
    const s = makeStore(client, { random: seededRandom(3), firstPollJitterMs: 100 });
    for (let i = 0; i < 50; i += 1) s.watch(resourceKeys.status(`task-${i}`));

    await vi.advanceTimersByTimeAsync(100);

    const distinctTimes = new Set(client.callsTo('getRunStatus').map((call) => call.at));
    expect(client.callsTo('getRunStatus')).toHaveLength(50);
    expect(distinctTimes.size).toBeGreaterThan(20);
  });

  it('serves queued polls first in, first out', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: processing(), delayMs: 100 });
    const s = makeStore(client, { maxConcurrentRequests: 1 });
    ['a', 'b', 'c', 'd'].forEach((id) => s.watch(resourceKeys.status(id)));

    await vi.advanceTimersByTimeAsync(400);

    expect(client.callsTo('getRunStatus').map((call) => call.args[0])).toEqual(['a', 'b', 'c', 'd']);
  });
});

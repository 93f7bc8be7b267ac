import fc from 'fast-check';
import { parseRetryAfter, TaskApiError } from '../../../src/client';
import { resourceKeys } from '../../../src/store';
import { fullJitterBackoff } from '../../../src/utils';
import { FakeTaskClient, httpError, networkError, processing, seededRandom, type Reply } from './fake-task-client';
import { useStoreFixture } from './store-fixture';

const makeStore = useStoreFixture();

/** Gaps between consecutive requests of one method. */
function gaps(client: FakeTaskClient, method: 'getRunStatus' = 'getRunStatus'): number[] {
  const times = client.callsTo(method).map((call) => call.at);
  return times.slice(1).map((time, index) => time - (times[index] ?? 0));
}

describe('full-jitter backoff', () => {
  it('draws every delay from [0, min(cap, base · 2^attempt))', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, r) => {
        const delay = fullJitterBackoff(attempt, { baseMs: 1000, capMs: 30_000, random: () => r });
        return delay >= 0 && delay <= Math.min(30_000, 1000 * 2 ** attempt);
      }),
    );
  });

  it('retries a failing poll within the growing bounds, with seeded randomness', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { error: httpError(503) });
    makeStore(client, { random: seededRandom(42) }).watch(resourceKeys.status('task-1'));

    await vi.advanceTimersByTimeAsync(10 * 60_000);

    const observed = gaps(client);
    expect(observed.length).toBeGreaterThan(10);
    observed.forEach((gap, attempt) => {
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThanOrEqual(Math.min(30_000, 1000 * 2 ** attempt));
    });
  });

  it('grows the delay with each failure up to the cap', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { error: networkError() });
    makeStore(client, { random: () => 0.999_999 }).watch(resourceKeys.status('task-1'));

    await vi.advanceTimersByTimeAsync(5 * 60_000);

    const observed = gaps(client).slice(0, 8);
    expect(observed).toEqual([999, 1999, 3999, 7999, 15_999, 29_999, 29_999, 29_999]);
  });

  it('goes back to the normal interval after a success, and shows the error meanwhile', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { error: httpError(502) }, { value: processing() });
    const s = makeStore(client, { random: () => 0.5 });
    const key = resourceKeys.status('task-1');
    s.watch(key);

    await vi.advanceTimersByTimeAsync(0);
    expect(s.getSnapshot(key).error).toMatchObject({ status: 502 });
    expect(s.getSnapshot(key).failureCount).toBe(1);

    await vi.advanceTimersByTimeAsync(500 + 4000);
    expect(gaps(client)).toEqual([500, 2000, 2000]);
    expect(s.getSnapshot(key).error).toBeUndefined();
    expect(s.getSnapshot(key).data?.detailedStatus).toBe('processing_page');
  });

  it('does not retry what retrying cannot fix (404), until asked', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { error: httpError(404) }, { value: processing() });
    const s = makeStore(client);
    const key = resourceKeys.status('task-1');
    s.watch(key);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.callsTo('getRunStatus')).toHaveLength(1);
    expect(s.getSnapshot(key).error).toMatchObject({ status: 404 });

    await s.refetch(key);
    await vi.advanceTimersByTimeAsync(2000);
    expect(client.callsTo('getRunStatus')).toHaveLength(3);
  });
});

describe('Retry-After', () => {
  it('never retries sooner than a Retry-After given in seconds', async () => {
    const busy = httpError(503, parseRetryAfter('7'));
    const client = new FakeTaskClient().script('getRunStatus', { error: busy }, { value: processing() });
    makeStore(client, { random: () => 0 }).watch(resourceKeys.status('task-1'));

    await vi.advanceTimersByTimeAsync(6999);
    expect(client.callsTo('getRunStatus')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.callsTo('getRunStatus')).toHaveLength(2);
  });

  it('never retries sooner than a Retry-After given as an HTTP date', async () => {
    const when = new Date(Date.now() + 12_000).toUTCString();
    const busy = httpError(503, parseRetryAfter(when));
    const client = new FakeTaskClient().script('getRunStatus', { error: busy }, { value: processing() });
    makeStore(client, { random: () => 0 }).watch(resourceKeys.status('task-1'));

    await vi.advanceTimersByTimeAsync(11_999);
    expect(client.callsTo('getRunStatus')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.callsTo('getRunStatus')).toHaveLength(2);
  });

  it('uses the backoff when it is longer than Retry-After', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { error: httpError(503, 100) }, { value: processing() });
    makeStore(client, { random: () => 0.5 }).watch(resourceKeys.status('task-1'));

    await vi.advanceTimersByTimeAsync(5000);
    expect(gaps(client)[0]).toBe(500);
  });

  it('holds every poll of the store after a 429 with Retry-After', async () => {
    const client: FakeTaskClient = new FakeTaskClient().script('getRunStatus', (call): Reply =>
      call.args[0] === 'task-1' && client.callsFor('getRunStatus', 'task-1').length === 2
        ? { error: httpError(429, 10_000) }
        : { value: processing() },
    );
    const s = makeStore(client, { random: () => 0 });
    const start = Date.now();
    s.watch(resourceKeys.status('task-1'));
    s.watch(resourceKeys.status('task-2'), { pollIntervalMs: 1500 });

    await vi.advanceTimersByTimeAsync(12_000);

    const task2 = client.callsFor('getRunStatus', 'task-2').map((call) => call.at - start);
    // task-1 got the 429 at 2000; task-2 was due again at 3000 but waits with everyone until 12000.
    expect(task2).toEqual([0, 1500, 12_000]);
  });
});

describe('refused key (401/403)', () => {
  it.each([401, 403])('stops polling every resource of the client after %i, and resumes on refetch', async (status) => {
    const client: FakeTaskClient = new FakeTaskClient()
      .script('getRunStatus', (call): Reply =>
        call.args[0] === 'task-1' && client.callsFor('getRunStatus', 'task-1').length === 2
          ? { error: httpError(status) }
          : { value: processing() },
      )
      .script('getRunGif', { value: { status: 'processing', url: '' } });
    const s = makeStore(client);
    const task1 = resourceKeys.status('task-1');
    const task2 = resourceKeys.status('task-2');
    s.watch(task1);
    s.watch(task2);
    s.watch(resourceKeys.gif('task-3'));
    await vi.advanceTimersByTimeAsync(2000);
    const before = client.calls.length;

    await vi.advanceTimersByTimeAsync(5 * 60_000);

    expect(client.calls.length).toBe(before);
    expect(s.getPauseReason()).toBe('auth');
    expect(s.getSnapshot(task1).error).toMatchObject({ status });
    expect(s.getSnapshot(task2).error).toMatchObject({ status });
    // The data seen before stays on screen next to the error.
    expect(s.getSnapshot(task2).data?.detailedStatus).toBe('processing_page');

    const task2Before = client.callsFor('getRunStatus', 'task-2').length;
    const gifBefore = client.callsTo('getRunGif').length;
    await s.refetch(task1);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.getPauseReason()).toBeUndefined();
    expect(client.callsFor('getRunStatus', 'task-2')).toHaveLength(task2Before + 1);
    expect(client.callsTo('getRunGif')).toHaveLength(gifBefore + 1);
    expect(s.getSnapshot(task1).error).toBeUndefined();
    expect(s.getSnapshot(task2).error).toBeUndefined();

    await vi.advanceTimersByTimeAsync(2000);
    expect(client.callsFor('getRunStatus', 'task-1').length).toBeGreaterThan(3);
  });

  it('also pauses when an action is refused, and resume() restarts polling', async () => {
    const client = new FakeTaskClient()
      .script('getRunStatus', { value: processing() })
      .script('stopRun', { error: new TaskApiError('refused', { kind: 'http', status: 401 }) });
    const s = makeStore(client);
    s.watch(resourceKeys.status('task-1'));
    await vi.advanceTimersByTimeAsync(0);

    await expect(s.stopRun('task-1')).rejects.toMatchObject({ status: 401 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(client.callsTo('getRunStatus')).toHaveLength(1);

    s.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.callsTo('getRunStatus')).toHaveLength(2);
  });
});

describe('a resource that failed for good', () => {
  it('is fetched again when a new watcher arrives', async () => {
    const client = new FakeTaskClient().script(
      'getRunResult',
      { error: httpError(404) },
      { value: { status: 'completed', error: null, output: {}, dataTable: [] } },
    );
    const s = makeStore(client);
    const key = resourceKeys.result('task-1');
    const first = s.watch(key);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.getSnapshot(key).error).toMatchObject({ status: 404 });
    first.unwatch();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.callsTo('getRunResult')).toHaveLength(1);

    s.watch(key);
    await vi.advanceTimersByTimeAsync(0);
    expect(client.callsTo('getRunResult')).toHaveLength(2);
    expect(s.getSnapshot(key).data?.status).toBe('completed');
  });
});

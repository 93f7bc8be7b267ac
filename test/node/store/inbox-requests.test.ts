/**
 * The proxy's requests in the store and the inbox observer, over the requests protocol
 * (`GET /requests`, `POST /requests/{id}/answer`, answered by the requests double): polled once
 * per interval for every reader, read again right after an answer, nothing (and no error) from a
 * proxy without them, and what a 409 or 410 says shown at once.
 */
// The store loads the requests' code with the first inbox that reads them; loaded here first, the fake clock needs no real time for it.
import '../../../src/store/requests-resource';
import { createTaskClient } from '../../../src/client';
import type { HumanRequest } from '../../../src/request';
import {
  createRunStore,
  InboxObserver,
  resourceKeys,
  type InboxRequestItem,
  type RunStore,
  type RunStoreOptions,
} from '../../../src/store';
import { createRequestsDouble, type RequestsDouble } from '../../../scripts/lib/requests-double';
import { FakeEnvironment } from './fake-task-client';
import { FakeOrigin } from './fake-tabs';

const stores: RunStore[] = [];
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
});
afterEach(() => {
  for (const store of stores.splice(0)) store.destroy();
  vi.useRealTimers();
});

const approval: HumanRequest = {
  kind: 'approval',
  id: 'interrupt-1',
  source: 'langgraph',
  title: 'Refund order 42',
  actions: [{ name: 'refund', args: { order: 42, amount: 120 } }],
};
const link: HumanRequest = { kind: 'link', id: 'elicit-2', source: 'mcp', title: 'Pay for the order', url: 'https://pay.example/42' };

/** A store whose client reaches the double (and a 404 for anything else: no service behind it). */
function storeOf(double: RequestsDouble, options: RunStoreOptions = {}): RunStore {
  const fetch = double.fetch(() => Promise.resolve(new Response('{"success":false}', { status: 404 })));
  const store = createRunStore(createTaskClient({ baseUrl: 'http://proxy.test', fetch }), {
    environment: new FakeEnvironment(),
    firstPollJitterMs: 0,
    crossTab: false,
    ...options,
  });
  stores.push(store);
  return store;
}

/** An inbox of requests only (no tasks to watch), subscribed. */
function inbox(store: RunStore) {
  const observer = new InboxObserver(store, { taskIds: [] });
  const off = observer.subscribe(() => {});
  return { observer, off, items: () => observer.getSnapshot().items as readonly InboxRequestItem[] };
}

describe('the proxy’s requests in the inbox', () => {
  it('are listed oldest first, and polled once a second however many inboxes read them', async () => {
    const double = createRequestsDouble();
    double.open(link, { openedAt: Date.now() - 1000, expiresAt: Date.now() + 60_000 });
    double.open(approval, { openedAt: Date.now() - 5000 });
    const store = storeOf(double);
    const [a, b] = [inbox(store), inbox(store)];
    await vi.advanceTimersByTimeAsync(0);
    expect(double.calls.list).toBe(1);
    expect(a.items().map((item) => [item.kind, item.source, item.title, item.state])).toEqual([
      ['request', 'langgraph', 'Refund order 42', 'open'],
      ['request', 'mcp', 'Pay for the order', 'open'],
    ]);
    // The proxy's deadline is the prompt's.
    expect(a.items()[1]?.request.deadline).toBe(Date.now() + 60_000);
    expect(b.observer.getSnapshot().items).toEqual(a.observer.getSnapshot().items);
    expect(a.observer.getSnapshot()).toMatchObject({ count: 2, isLoading: false, error: undefined });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(double.calls.list).toBe(11);
    a.off();
    b.off();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(double.calls.list).toBe(11);
  });

  it('are polled by one tab for every tab of the origin', async () => {
    const double = createRequestsDouble();
    double.open(approval);
    const origin = new FakeOrigin();
    const tabs = [0, 1, 2].map(() => storeOf(double, { crossTab: { environment: origin.tab(), name: 'requests' } }));
    await vi.dynamicImportSettled();
    const views = tabs.map((store) => inbox(store));
    await vi.advanceTimersByTimeAsync(5000);
    const from = double.calls.list;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(double.calls.list - from).toBeGreaterThanOrEqual(9);
    expect(double.calls.list - from).toBeLessThanOrEqual(11);
    for (const view of views) expect(view.items().map((item) => item.request.id)).toEqual(['interrupt-1']);
  });

  it('leave at once once answered here, and are read again right away', async () => {
    const double = createRequestsDouble();
    double.open(approval);
    double.open(link);
    const store = storeOf(double, { pollIntervalMs: { requests: 10_000 } });
    const { observer, items } = inbox(store);
    await vi.advanceTimersByTimeAsync(0);
    expect(double.calls.list).toBe(1);

    const answered = observer.getSnapshot().answerRequest('interrupt-1', {
      requestId: 'interrupt-1',
      action: 'accept',
      decisions: [{ type: 'approve' }],
    });
    // A second answer while the first is out is the same answer, sent once.
    const again = observer
      .getSnapshot()
      .answerRequest('interrupt-1', { requestId: 'interrupt-1', action: 'accept', decisions: [{ type: 'reject' }] });
    await expect(answered).resolves.toEqual({ delivered: true });
    await expect(again).resolves.toEqual({ delivered: true });
    expect(double.answers).toEqual([
      { id: 'interrupt-1', answer: { requestId: 'interrupt-1', action: 'accept', decisions: [{ type: 'approve' }] } },
    ]);
    expect(items().map((item) => item.request.id)).toEqual(['elicit-2']);
    await vi.advanceTimersByTimeAsync(0);
    // Read again at once, not 10 s later; the proxy lists it answered for a minute, still not here.
    expect(double.calls.list).toBe(2);
    expect(items().map((item) => item.request.id)).toEqual(['elicit-2']);
    expect(observer.getSnapshot().count).toBe(1);
  });

  it('say who answered first (409) or how they ended (410) as soon as an answer learns it', async () => {
    const double = createRequestsDouble();
    double.open(approval, { openedAt: Date.now() - 1000 });
    double.open(link);
    const store = storeOf(double, { pollIntervalMs: { requests: 60_000 } });
    const { observer, items } = inbox(store);
    await vi.advanceTimersByTimeAsync(0);
    double.answerElsewhere('interrupt-1', 'bob@example.com', Date.now() - 500);
    double.cancel('elicit-2');
    // The proxy's list says nothing new meanwhile: what the items show comes from the answers.
    double.failLists(503, 2);
    // What the inbox shows at each change, and how often the proxy had been asked for its list then.
    const changes: string[] = [];
    observer.subscribe(() =>
      changes.push(
        `${items()
          .map((item) => `${item.request.id} ${item.state}`)
          .join(', ')} (list ${double.calls.list})`,
      ),
    );
    const { answerRequest } = observer.getSnapshot();
    await expect(
      answerRequest('interrupt-1', { requestId: 'interrupt-1', action: 'accept', decisions: [{ type: 'approve' }] }),
    ).rejects.toMatchObject({
      status: 409,
    });
    await expect(answerRequest('elicit-2', { requestId: 'elicit-2', action: 'accept' })).rejects.toMatchObject({ status: 410 });
    expect(items().map((item) => [item.request.id, item.state, item.answeredBy, item.endedAt])).toEqual([
      ['interrupt-1', 'answered', 'bob@example.com', Date.now() - 500],
      ['elicit-2', 'cancelled', undefined, undefined],
    ]);
    expect(changes).toContain('interrupt-1 answered, elicit-2 open (list 1)');
    expect(changes).toContain('interrupt-1 answered, elicit-2 cancelled (list 2)');
    // The proxy's list, once it answers again, agrees (and says when it ended).
    await vi.advanceTimersByTimeAsync(60_000);
    expect(items().map((item) => [item.request.id, item.state, item.endedAt])).toEqual([
      ['interrupt-1', 'answered', Date.now() - 60_500],
      ['elicit-2', 'cancelled', Date.now() - 60_000],
    ]);
    // Ended items are listed, not counted.
    expect(observer.getSnapshot().count).toBe(0);
    expect(double.answers).toEqual([]);
  });

  it('are not answered at their deadline: the prompt’s “expired” is not sent, and the item says it expired at once', async () => {
    const double = createRequestsDouble();
    double.open(link, { expiresAt: Date.now() + 1000 });
    const store = storeOf(double, { pollIntervalMs: { requests: 60_000 } });
    const { observer, items } = inbox(store);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(
      observer.getSnapshot().answerRequest('elicit-2', { requestId: 'elicit-2', action: 'cancel', expired: true }),
    ).resolves.toEqual({
      delivered: false,
    });
    expect(items().map((item) => [item.request.id, item.state, item.endedAt])).toEqual([['elicit-2', 'expired', Date.now()]]);
    expect(observer.getSnapshot().count).toBe(0);
    expect(double.calls.answer).toBe(0);
  });

  it('are none, and no error, from a proxy without them (its 404), asked again at the list interval only', async () => {
    const double = createRequestsDouble();
    double.served = false;
    const store = storeOf(double);
    const { observer } = inbox(store);
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getSnapshot()).toMatchObject({ items: [], count: 0, isLoading: false, error: undefined, isStale: false });
    expect(store.getSnapshot(resourceKeys.requests())).toMatchObject({ error: undefined, failureCount: 0 });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(double.calls.list).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(double.calls.list).toBe(2);

    // A proxy that gains requests (a new version deployed) is polled every second again.
    double.served = true;
    double.open(approval);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(observer.getSnapshot().count).toBe(1);
    const from = double.calls.list;
    await vi.advanceTimersByTimeAsync(5000);
    expect(double.calls.list - from).toBe(5);
  });

  it('are not read for a client that cannot, nor with requests: false', async () => {
    const double = createRequestsDouble();
    double.open(approval);
    const store = storeOf(double);
    const observer = new InboxObserver(store, { taskIds: [], requests: false });
    observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(5000);
    expect(double.calls.list).toBe(0);
    expect(observer.getSnapshot()).toMatchObject({ count: 0, isLoading: false });
  });
});

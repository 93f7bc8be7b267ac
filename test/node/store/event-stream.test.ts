/**
 * The store over the proxy's event stream: which transport it uses, how it falls back to polling
 * and comes back, and what it asks of the proxy. In process (simulator ← proxy ← client), fake timers.
 */
// The store and the client load the stream's code on demand; loaded here first, the fake clock
// needs no real time for it.
import '../../../src/client/read-event-stream';
import '../../../src/store/open-update-sources';
import { createTaskClient, TaskApiError, type TaskClient } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import { createRunStore, resourceKeys, StaleToolCallError, type RunStore, type RunStoreOptions } from '../../../src/store';
import { PROXY, startHub, type Hub } from '../proxy/hub-fixture';
import { FakeEnvironment } from './fake-task-client';

let hub: Hub;
const stores: RunStore[] = [];
/** What the browser side sent to the proxy, in order: `GET /events`, `GET …/run/status`, … */
let sent: Array<{ path: string; lastEventId: string | null }>;
/** Answers the browser's requests instead of the proxy when set (a proxy without a stream, a middlebox). */
let intercept: ((request: Request) => Promise<Response> | undefined) | undefined;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
  hub = startHub();
  sent = [];
  intercept = undefined;
});
afterEach(async () => {
  for (const store of stores.splice(0)) store.destroy();
  await hub.close();
  vi.useRealTimers();
});

const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);

function tab(options: RunStoreOptions = {}, headers: Record<string, string> = {}): { store: RunStore; client: TaskClient } {
  const client = createTaskClient({
    baseUrl: PROXY,
    events: true,
    headers,
    fetch: (request) => {
      const url = new URL(request.url);
      sent.push({
        path: url.pathname.replace('/api/hitl', '').replace(/task_\w+/, '{taskId}'),
        lastEventId: request.headers.get('last-event-id'),
      });
      return intercept?.(request) ?? hub.proxy(request);
    },
  });
  const store = createRunStore(client, { environment: new FakeEnvironment(), firstPollJitterMs: 0, random: () => 0.5, ...options });
  stores.push(store);
  return { store, client };
}

async function task(): Promise<string> {
  return (await hub.service.client.createTask({ task: 'watch it', tools: [formInputTool()] })).taskId;
}

const statusOf = (store: RunStore, taskId: string) => store.getSnapshot(resourceKeys.status(taskId)).data?.status;
const browserPolls = () => sent.filter((request) => request.path.endsWith('/run/status')).length;
const streamsOpened = () => sent.filter((request) => request.path === '/events').length;

describe('a store whose client has events: true', () => {
  it('follows every watched run through one stream per tab and polls none of them', async () => {
    const [a, b] = [await task(), await task()];
    const tabs = [tab(), tab(), tab()];
    for (const { store } of tabs) for (const taskId of [a, b]) store.watch(resourceKeys.status(taskId));
    await tick(0);
    for (const { store } of tabs)
      expect([store.getTransport(), statusOf(store, a), statusOf(store, b)]).toEqual(['stream', 'running', 'running']);

    await tick(20_000);
    expect(streamsOpened()).toBe(3);
    expect(browserPolls()).toBe(0);
    // The proxy's polls: one per run per interval, whatever the tabs (0, 2000, …, 20000 ms).
    expect(hub.statusRequests(a)).toBe(11);
    expect(hub.statusRequests(b)).toBe(11);
  });

  it('falls back to polling at once when the proxy has no stream (404), and tries the stream again later', async () => {
    const taskId = await task();
    let streamless = true;
    intercept = (request) =>
      streamless && new URL(request.url).pathname.endsWith('/events')
        ? Promise.resolve(new Response('{"success":false,"error":"Not found"}', { status: 404 }))
        : undefined;
    const { store } = tab();
    store.watch(resourceKeys.status(taskId));
    await tick(0);
    expect(store.getTransport()).toBe('polling');
    expect(statusOf(store, taskId)).toBe('running');
    await tick(10_000);
    expect(browserPolls()).toBe(6);

    // The proxy gets its stream; the store finds out at its next try (60 s after falling back) and stops polling.
    streamless = false;
    await tick(50_000);
    expect(store.getTransport()).toBe('stream');
    const polled = browserPolls();
    await tick(30_000);
    expect(browserPolls()).toBe(polled);
    expect(streamsOpened()).toBe(2);
  });

  it('falls back to polling when nothing comes through the stream in time (a middlebox that buffers it)', async () => {
    const taskId = await task();
    intercept = (request) =>
      new URL(request.url).pathname.endsWith('/events')
        ? Promise.resolve(new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } }))
        : undefined;
    const { store } = tab();
    store.watch(resourceKeys.status(taskId));
    await tick(4999);
    expect([store.getTransport(), statusOf(store, taskId)]).toEqual(['stream', undefined]);
    await tick(1);
    expect([store.getTransport(), statusOf(store, taskId)]).toEqual(['polling', 'running']);
  });

  it('falls back to polling after three failed attempts in a row, and reconnects with Last-Event-ID after a break', async () => {
    const taskId = await task();
    let failing = 3;
    intercept = (request) =>
      new URL(request.url).pathname.endsWith('/events') && failing-- > 0
        ? Promise.resolve(new Response('{"success":false,"error":"Busy"}', { status: 503 }))
        : undefined;
    const { store } = tab();
    store.watch(resourceKeys.status(taskId));
    await tick(10_000);
    expect(streamsOpened()).toBe(3);
    expect(store.getTransport()).toBe('polling');

    await tick(60_000);
    expect(store.getTransport()).toBe('stream');
    const opened = sent.filter((request) => request.path === '/events');
    expect(opened.at(-1)?.lastEventId).toBeNull();

    // The proxy instance goes away (a deploy): the store reconnects on its own, resuming where it was.
    await hub.proxy.close();
    await tick(2000);
    expect(sent.filter((request) => request.path === '/events').at(-1)?.lastEventId).toMatch(/^\w+-\d+$/);
  });

  it('closes the stream while the page is hidden and resumes it on return', async () => {
    const taskId = await task();
    const environment = new FakeEnvironment();
    const { store } = tab({ environment });
    store.watch(resourceKeys.status(taskId));
    await tick(0);
    expect(hub.proxy.stats().streams).toBe(1);

    environment.set({ visible: false });
    await tick(0);
    expect(hub.proxy.stats().streams).toBe(0);
    await tick(60_000);
    expect(streamsOpened()).toBe(1);
    expect(browserPolls()).toBe(0);

    environment.set({ visible: true });
    await tick(0);
    expect(hub.proxy.stats().streams).toBe(1);
    expect(sent.filter((request) => request.path === '/events').at(-1)?.lastEventId).toMatch(/^\w+-\d+$/);
  });

  it('reads a status watched with pollIntervalMs: false once, over HTTP, and follows nothing', async () => {
    const taskId = await task();
    const { store } = tab();
    store.watch(resourceKeys.status(taskId), { pollIntervalMs: false });
    await tick(30_000);
    expect(statusOf(store, taskId)).toBe('running');
    expect([browserPolls(), streamsOpened()]).toEqual([1, 0]);
  });

  it('polls the runs one stream cannot take', async () => {
    const ids = [await task(), await task(), await task()];
    const { store } = tab({ stream: { maxTopics: 2 } });
    for (const taskId of ids) store.watch(resourceKeys.status(taskId));
    await tick(10_000);
    expect(ids.map((taskId) => statusOf(store, taskId))).toEqual(['running', 'running', 'running']);
    // One run over HTTP at 0, 2000, …, 10000 ms; the other two through the stream.
    expect(browserPolls()).toBe(6);
    expect(sent.filter((request) => request.path.endsWith('/run/status')).every((request) => request.path.includes('{taskId}'))).toBe(true);
  });

  it("stays on the stream when a run it follows is another team's: that run alone is not found, and not polled", async () => {
    await hub.close();
    hub = startHub({
      identify: (request) => {
        const team = request.headers.get('x-team');
        return team === null ? null : { user: `someone@${team}`, team };
      },
    });
    const [mine, theirs] = [await task(), await task()];
    await hub.proxy.assignTask(mine, 'A');
    await hub.proxy.assignTask(theirs, 'B');
    const { store } = tab({}, { 'x-team': 'A' });
    for (const taskId of [mine, theirs]) store.watch(resourceKeys.status(taskId));
    await tick(0);
    expect([store.getTransport(), statusOf(store, mine)]).toEqual(['stream', 'running']);
    // What a poll of it would have said, and nothing else.
    const notFound = store.getSnapshot(resourceKeys.status(theirs));
    expect([notFound.data, notFound.error]).toEqual([
      undefined,
      expect.objectContaining({ kind: 'http', status: 404, message: 'Task not found' }),
    ]);

    await tick(30_000);
    expect([store.getTransport(), streamsOpened(), browserPolls()]).toEqual(['stream', 1, 0]);
    expect(hub.statusRequests(theirs)).toBe(0);
  });

  it('marks a call stale when the proxy says another answer went first', async () => {
    const taskId = await task();
    const runId = hub.service.getTask(taskId)?.runs[0]?.id;
    intercept = (request) =>
      request.method === 'POST'
        ? Promise.resolve(
            new Response(JSON.stringify({ success: false, error: 'Answered elsewhere.', code: 'already_answered' }), { status: 409 }),
          )
        : undefined;
    const { store } = tab();
    const submitted = store.submitToolInput({ taskId, runId, toolCallId: 'call-1' }, 'x');
    await expect(submitted).rejects.toBeInstanceOf(StaleToolCallError);
    const snapshot = store.getToolInput(taskId, 'call-1');
    expect(snapshot.state).toBe('stale');
    expect(snapshot.error?.cause).toBeInstanceOf(TaskApiError);
    expect(snapshot.error?.cause).toMatchObject({ kind: 'already_answered', status: 409 });
  });
});

/**
 * How long a call has waited, through a `createTaskProxy`: the proxy says when it first saw each
 * pending call (beside the status, on the stream and on a status GET), so browsers opened at
 * different times show the same "waiting since" and the same "oldest first". In process
 * (simulator ← proxy ← stores), fake timers.
 */
// The store and the client load the stream's code on demand; loaded here first, the fake clock
// needs no real time for it.
import '../../../src/client/read-event-stream';
import '../../../src/store/open-update-sources';
import { createTaskClient, TOOL_CALL_SEEN_AT_HEADER } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import { createRunStore, InboxObserver, resourceKeys, runStatusObserver, StoreObserver, type RunStore } from '../../../src/store';
import { ASKING_SCENARIO, PROXY, startHub, type Hub } from '../proxy/hub-fixture';
import { FakeEnvironment } from './fake-task-client';

let hub: Hub;
const stores: RunStore[] = [];
/** Changes the proxy's answers on their way to the browser when set. */
let rewrite: ((response: Response) => Response) | undefined;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
  hub = startHub({}, [ASKING_SCENARIO]);
  rewrite = undefined;
});
afterEach(async () => {
  for (const store of stores.splice(0)) store.destroy();
  await hub.close();
  vi.useRealTimers();
});

const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const start = new Date('2030-01-01T00:00:00Z').getTime();

/** A browser's store: following runs through the proxy's stream, or polling the proxy. */
function browser(transport: 'stream' | 'polling'): RunStore {
  const client = createTaskClient({
    baseUrl: PROXY,
    events: transport === 'stream',
    fetch: async (request) => {
      const response = await hub.proxy(request);
      return rewrite?.(response) ?? response;
    },
  });
  const store = createRunStore(client, { environment: new FakeEnvironment(), firstPollJitterMs: 0, random: () => 0.5 });
  stores.push(store);
  return store;
}

/** A task whose run asks for a code 3 s after it is created. */
async function askingTask(): Promise<string> {
  return (await hub.service.client.createTask({ task: 'ask me', tools: [formInputTool()] })).taskId;
}

function waitingSince(store: RunStore, taskId: string): number | undefined {
  const observer = new StoreObserver(runStatusObserver, store, { taskId });
  observer.subscribe(() => {});
  return observer.result(store, { taskId }).waitingSince;
}

function inbox(store: RunStore, taskIds: string[]): InboxObserver {
  const observer = new InboxObserver(store, { taskIds });
  observer.subscribe(() => {});
  return observer;
}

describe.each(['stream', 'polling'] as const)('waitingSince through the proxy, a late browser on the %s', (late) => {
  it('is the same in a browser opened 80 s later as in the first, and so is the order of the inbox', async () => {
    const older = await askingTask();
    const first = browser('stream');
    const firstInbox = inbox(first, [older]);
    await tick(20_000);
    const newer = await askingTask();
    firstInbox.setOptions(first, { taskIds: [older, newer] });
    await tick(60_000);

    const fresh = browser(late);
    // The fresh browser sees both calls at once: only the proxy can tell which came first.
    const freshInbox = inbox(fresh, [newer, older]);
    await tick(100);
    const seen = (store: RunStore) => [waitingSince(store, older), waitingSince(store, newer)];
    expect(seen(fresh)).toEqual(seen(first));
    // Seen by the proxy within an interval of when each run asked (3 s after its creation).
    const [olderSince = 0, newerSince = 0] = seen(first);
    expect(olderSince - start).toBeGreaterThanOrEqual(3000);
    expect(olderSince - start).toBeLessThanOrEqual(5000);
    expect(newerSince - olderSince).toBeGreaterThanOrEqual(18_000);
    const order = (observer: InboxObserver) =>
      observer.getSnapshot().items.map((item) => [item.kind === 'tool_call' ? item.taskId : item.id, item.waitingSince]);
    expect(order(freshInbox)).toEqual(order(firstInbox));
    expect(order(freshInbox).map(([taskId]) => taskId)).toEqual([older, newer]);
  });
});

describe('waitingSince from a proxy whose clock runs ahead of the browser', () => {
  it('is never later than when the browser saw the call (no call waits less than nothing)', async () => {
    const taskId = await askingTask();
    await tick(5000);
    // The proxy's clock says the call was first seen a minute from now.
    rewrite = (response) => {
      if (!response.headers.has(TOOL_CALL_SEEN_AT_HEADER)) return response;
      const headers = new Headers(response.headers);
      headers.set(TOOL_CALL_SEEN_AT_HEADER, new Date(Date.now() + 60_000).toISOString());
      return new Response(response.body, { status: response.status, headers });
    };
    const store = browser('polling');
    store.watch(resourceKeys.status(taskId));
    await tick(0);
    const readAt = Date.now();
    expect(store.getSnapshot(resourceKeys.status(taskId)).data?.toolCall).not.toBeNull();
    expect(waitingSince(store, taskId)).toBe(readAt);
    await tick(10_000);
    expect(waitingSince(store, taskId)).toBe(readAt);
  });
});

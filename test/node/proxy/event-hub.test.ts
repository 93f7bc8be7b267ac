/** The proxy's event stream and its one poller per run, driven by fake timers against the in-process simulator. */
import { formInputTool } from '../../../src/schema';
import type { Scenario } from '../../../src/testing';
import { ASKING_SCENARIO, readStream, startHub, WATCH_SCENARIO, type Hub } from './hub-fixture';

let hub: Hub | undefined;
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
});
afterEach(async () => {
  await hub?.close();
  hub = undefined;
  vi.useRealTimers();
});

const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);

async function task(text = 'watch it'): Promise<string> {
  const { taskId } = await (hub as Hub).service.client.createTask({ task: text, tools: [formInputTool()] });
  return taskId;
}

describe('the event stream', () => {
  it('polls a run once per interval for every stream that names it, and pushes each change to all of them', async () => {
    hub = startHub({}, [ASKING_SCENARIO]);
    const taskId = await task('ask me');
    const streams = await Promise.all([1, 2, 3].map(() => hub!.open(`taskId=${taskId}`)));
    expect(streams.map((response) => [response.status, response.headers.get('content-type')])).toEqual(
      Array(3).fill([200, 'text/event-stream; charset=utf-8']),
    );
    const readers = streams.map(readStream);
    await tick(0);
    for (const reader of readers) {
      expect(reader.events.map((event) => event.event)).toContain('ready');
      expect(reader.changes().map((change) => (change.payload.data as { detailedStatus: string }).detailedStatus)).toEqual([
        'processing_page',
      ]);
    }

    await tick(10_000);
    // At 0, 2000, …, 10000 ms: one request per interval, not one per stream.
    expect(hub.statusRequests(taskId)).toBe(6);
    for (const reader of readers) {
      const changes = reader.changes();
      expect(changes.map((change) => (change.payload.data as { detailedStatus: string }).detailedStatus)).toEqual([
        'processing_page',
        'tool_call',
      ]);
      // Every change has an id, and later ones larger ones.
      expect(changes.map((change) => change.id)).toEqual([expect.stringMatching(/^\w+-\d+$/), expect.stringMatching(/^\w+-\d+$/)]);
      expect(changes[0]?.id).not.toBe(changes[1]?.id);
    }
  });

  it('sends a heartbeat every 15 s', async () => {
    hub = startHub();
    const reader = readStream(await hub.open(`taskId=${await task()}`));
    await tick(14_999);
    expect(reader.comments).toEqual([]);
    await tick(1);
    expect(reader.comments).toEqual(['heartbeat']);
    await tick(15_000);
    expect(reader.comments).toEqual(['heartbeat', 'heartbeat']);
  });

  it('resumes after Last-Event-ID with only what changed since, and sends the whole state for an id it never wrote', async () => {
    hub = startHub({}, [ASKING_SCENARIO]);
    const taskId = await task('ask me');
    const first = readStream(await hub.open(`taskId=${taskId}`));
    await tick(0);
    const seen = first.changes()[0]?.id as string;
    await tick(4000);
    expect(first.changes()).toHaveLength(2);

    const resumed = readStream(await hub.open(`taskId=${taskId}`, { 'last-event-id': seen }));
    await tick(0);
    expect(resumed.changes().map((change) => (change.payload.data as { detailedStatus: string }).detailedStatus)).toEqual(['tool_call']);

    for (const malformed of ['garbage', `${seen}x`, '-1', 'a'.repeat(200)]) {
      const full = readStream(await hub.open(`taskId=${taskId}`, { 'last-event-id': malformed }));
      await tick(0);
      expect(full.changes()).toHaveLength(1);
      expect(full.events.at(-1)?.event).toBe('ready');
    }
  });

  it('follows one run by its id beside the latest run of another task', async () => {
    hub = startHub();
    const [a, b] = [await task(), await task()];
    const runId = hub.service.getTask(a)?.runs[0]?.id as string;
    const reader = readStream(await hub.open(`run=${encodeURIComponent(`${a}/${runId}`)}&taskId=${b}`));
    await tick(0);
    expect(reader.changes().map((change) => [change.payload.taskId, change.payload.runId])).toEqual([
      [a, runId],
      [b, undefined],
    ]);
    expect(hub.service.requests.filter((request) => request.path.endsWith('/run/status')).map((request) => request.query)).toEqual([
      { runId },
      {},
    ]);
  });
});

describe('bad input to the event stream', () => {
  it.each([
    ['no task at all', ''],
    ['an empty task id', 'taskId='],
    ['a run without its task', 'run=abc'],
    ['a task id that would change the path', 'taskId=a%2F..'],
    ['a task id with a control character', 'taskId=a%0Ab'],
  ])('answers 400 to %s and asks the service nothing', async (_, query) => {
    hub = startHub();
    const response = await hub.open(query);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toContain('taskId=');
    expect(hub.service.requests).toHaveLength(0);
  });

  it('answers 400 to a stream of more tasks than allowed (500 by default)', async () => {
    hub = startHub();
    const query = (count: number) => Array.from({ length: count }, (_, i) => `taskId=t${i}`).join('&');
    const refused = await hub.open(query(501));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ success: false, error: 'A stream may follow at most 500 runs' });
    expect((await hub.open(query(500))).status).toBe(200);
  });

  it('gives an unknown task its error once, final, and asks the service about it no more', async () => {
    hub = startHub();
    const known = await task();
    const reader = readStream(await hub.open(`taskId=nope&taskId=${known}`));
    await tick(0);
    expect(reader.changes().find((change) => change.payload.taskId === 'nope')?.payload).toEqual({
      taskId: 'nope',
      final: true,
      error: { kind: 'http', status: 404, message: 'Task "nope" not found' },
    });
    await tick(20_000);
    expect(hub.statusRequests('nope')).toBe(1);
    expect(hub.statusRequests(known)).toBe(11);
  });

  it('applies authorize to the stream, and answers 404 with events: false', async () => {
    hub = startHub({ authorize: () => false });
    expect((await hub.open(`taskId=${await task()}`)).status).toBe(403);
    await hub.close();
    hub = startHub({ events: false });
    expect((await hub.open(`taskId=${await task()}`)).status).toBe(404);
    expect(hub.service.requests.filter((request) => request.path.endsWith('/run/status'))).toHaveLength(0);
  });

  it('drops a stream whose client never reads, and keeps no more than its limit for it', async () => {
    hub = startHub({ events: { maxBufferedBytes: 4096, heartbeatMs: 1000 } }, [ASKING_SCENARIO]);
    const taskId = await task('ask me');
    const unread = await hub.open(`taskId=${taskId}`);
    const reading = readStream(await hub.open(`taskId=${taskId}`));
    await tick(0);
    expect(hub.proxy.stats()).toMatchObject({ streams: 2, dropped: 0 });

    // Heartbeats pile up in the stream nobody reads (15 bytes each) until it is over 4 KiB.
    await tick(300_000);
    expect(hub.proxy.stats()).toMatchObject({ streams: 1, dropped: 1 });
    await expect(unread.body?.getReader().read()).rejects.toThrow('does not read');
    // The other stream is untouched and the run still polled for it.
    expect(reading.ended).toBe(false);
    expect(reading.comments.length).toBeGreaterThan(250);
  });
});

describe('the poller', () => {
  it('stops polling a run 30 s after the last stream that named it went away', async () => {
    hub = startHub();
    const taskId = await task();
    const reader = readStream(await hub.open(`taskId=${taskId}`));
    await tick(4000);
    await reader.cancel();
    await tick(0);
    const atClose = hub.statusRequests(taskId);
    await tick(29_000);
    expect(hub.statusRequests(taskId)).toBe(atClose + 14);
    await tick(60_000);
    expect(hub.statusRequests(taskId)).toBeLessThanOrEqual(atClose + 16);
    expect(hub.proxy.stats()).toMatchObject({ streams: 0, topics: 0 });
  });

  it('at the end of a run stops the status, reads the result once and the GIF until it is final', async () => {
    const short: Scenario = {
      ...WATCH_SCENARIO,
      steps: [{ type: 'page', title: 'Short', url: 'https://shop.example.com/', durationMs: 3000 }],
    };
    hub = startHub({}, [short]);
    const { taskId } = await hub.service.client.createTask({ task: 'short' });
    const reader = readStream(await hub.open(`taskId=${taskId}`));
    await tick(60_000);
    const paths = hub.service.requests.filter((request) => request.method === 'GET').map((request) => request.path.split('/').at(-1));
    // Statuses at 0 and 2000 ms (running), 4000 (completed); the result; GIFs at 4000 (pending: the
    // recording is ready 2 s after the end, at 5000) and 7000 (completed); then only the status of
    // the task's latest run, every idle check (10 s), in case the task starts a new run.
    expect(paths.slice(0, 6)).toEqual(['status', 'status', 'status', 'result', 'gif', 'gif']);
    expect(paths.slice(6)).toEqual(Array(5).fill('status'));
    expect(reader.changes().map((change) => [change.event, change.payload.final])).toEqual([
      ['status', false],
      ['status', true],
      ['result', true],
      ['gif', false],
      ['gif', true],
    ]);
  });

  it('retries a failing service with full-jitter backoff, not sooner than Retry-After', async () => {
    hub = startHub();
    const taskId = await task();
    hub.service.faults.inject({ type: 'http-503', times: 3, match: { path: '/api/v1/task/{taskId}/run/status' } });
    const reader = readStream(await hub.open(`taskId=${taskId}`));
    await tick(0);
    // The failure is on the stream, as a poll's would be, and not final: the hub keeps trying.
    expect(reader.changes()[0]?.payload).toMatchObject({ final: false, error: { kind: 'http', status: 503 } });
    // random() is 0.5: retries after 500, then 1000, then 2000 ms.
    await tick(499);
    expect(hub.statusRequests(taskId)).toBe(1);
    await tick(1);
    expect(hub.statusRequests(taskId)).toBe(2);
    await tick(1000);
    expect(hub.statusRequests(taskId)).toBe(3);
    await tick(2000);
    expect(hub.statusRequests(taskId)).toBe(4);
    expect(reader.changes().at(-1)?.payload).toMatchObject({ final: false, data: { status: 'running' } });

    hub.service.faults.inject({ type: 'http-429', retryAfter: 10, match: { path: '/api/v1/task/{taskId}/run/status' } });
    await tick(2000);
    expect(hub.statusRequests(taskId)).toBe(5);
    await tick(9999);
    expect(hub.statusRequests(taskId)).toBe(5);
    await tick(1);
    expect(hub.statusRequests(taskId)).toBe(6);
  });

  it('holds the polls of every run after a 429 with Retry-After on one of them', async () => {
    hub = startHub();
    const [a, b] = [await task(), await task()];
    readStream(await hub.open(`taskId=${a}&taskId=${b}`));
    await tick(0);
    hub.service.faults.inject({ type: 'http-429', retryAfter: 10, match: { path: new RegExp(`/task/${a}/run/status$`) } });
    // a is refused at 2000; b, due then too and every 2 s after, waits with a until the service's 10 s are over.
    await tick(2000);
    expect([hub.statusRequests(a), hub.statusRequests(b)]).toEqual([2, 1]);
    await tick(9999);
    expect([hub.statusRequests(a), hub.statusRequests(b)]).toEqual([2, 1]);
    await tick(1);
    expect([hub.statusRequests(a), hub.statusRequests(b)]).toEqual([3, 2]);
  });

  it('keeps at most maxConcurrentPolls requests open at the service, and serves every run in turn', async () => {
    const counts = { open: 0, most: 0 };
    const upstream: { service?: Hub['service'] } = {};
    hub = startHub({
      events: { maxConcurrentPolls: 2 },
      fetch: async (request) => {
        counts.open += 1;
        counts.most = Math.max(counts.most, counts.open);
        await new Promise((resolve) => setTimeout(resolve, 300));
        counts.open -= 1;
        return (upstream.service as Hub['service']).fetch(request);
      },
    });
    upstream.service = hub.service;
    const tasks = [await task(), await task(), await task(), await task(), await task()];
    readStream(await hub.open(tasks.map((id) => `taskId=${id}`).join('&')));
    // Two at a time, 300 ms each: the fifth run's turn comes at 600 ms.
    await tick(600);
    expect(counts.most).toBe(2);
    expect(tasks.map((id) => hub!.statusRequests(id))).toEqual([1, 1, 1, 1, 0]);
    await tick(300);
    expect(tasks.map((id) => hub!.statusRequests(id))).toEqual([1, 1, 1, 1, 1]);
  });

  it('polls on at its interval when the wall clock is set back during a request', async () => {
    const upstream: { service?: Hub['service'] } = {};
    let setBack = false;
    hub = startHub({
      fetch: async (request) => {
        const response = await (upstream.service as Hub['service']).fetch(request);
        if (!setBack) vi.setSystemTime(Date.now() - 365 * 24 * 3_600_000);
        setBack = true;
        return response;
      },
    });
    upstream.service = hub.service;
    const taskId = await task();
    readStream(await hub.open(`taskId=${taskId}`));
    await tick(0);
    expect(hub.statusRequests(taskId)).toBe(1);
    await tick(10_000);
    expect(hub.statusRequests(taskId)).toBe(6);
  });

  it('stops at a refused key and says so on the stream', async () => {
    hub = startHub();
    const taskId = await task();
    hub.service.faults.inject({ type: 'unauthorized', match: { path: '/api/v1/task/{taskId}/run/status' } });
    const reader = readStream(await hub.open(`taskId=${taskId}`));
    await tick(60_000);
    expect(hub.statusRequests(taskId)).toBe(1);
    expect(reader.changes().map((change) => change.payload)).toMatchObject([{ final: true, error: { kind: 'http', status: 401 } }]);
  });

  it('never sends the API key on a stream, even when the service echoes it', async () => {
    const key = 'sim_test_key_d3m0';
    const echoing: Scenario = {
      ...ASKING_SCENARIO,
      steps: [
        { type: 'tool_call', tool: 'form_input', parameters: { heading: `Your key is ${key}`, fields: [{ type: 'text', label: key }] } },
      ],
    };
    hub = startHub({}, [echoing]);
    const response = await hub.open(`taskId=${await task('ask')}`);
    const reader = readStream(response);
    await tick(0);
    const text = reader.events.map((event) => event.data).join('\n');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(key);
  });
});

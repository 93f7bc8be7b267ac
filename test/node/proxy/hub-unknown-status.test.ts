/**
 * The hub's poller and a run status nobody knows (`booting`): it is not an end, so the stream still
 * brings the tool call that follows it; the poller slows down while it lasts and speeds up once the
 * run is live. A `success: false` answer is retried like a 5xx unless it says the run is gone.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formInputTool } from '../../../src/schema';
import { createTaskProxy, toNodeListener, type TaskProxy, type TaskProxyEventOptions } from '../../../src/server';
import { DEFAULT_TERMINAL_RUN_STATUSES } from '../../../src/client';
import { ASKING_SCENARIO, readStream, startHub, type Hub } from './hub-fixture';

type Change = {
  payload: { final?: boolean; data?: { status?: string; detailedStatus?: string }; error?: { kind?: string; message?: string } };
};
const statuses = (changes: Change[]) =>
  changes.map((change) => change.payload.data?.detailedStatus ?? `error: ${change.payload.error?.message}`);

describe('the hub, with fake timers against the in-process simulator', () => {
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

  /**
   * A hub whose upstream answers every status poll with `rewrite(body)` while it returns one, else
   * as the simulator does; the start times of the status polls, from the test's start.
   */
  function hubWith(
    rewrite: (data: Record<string, unknown>) => { success: boolean; data?: unknown; error?: string } | undefined,
    events: TaskProxyEventOptions = {},
  ) {
    const start = Date.now();
    const times: number[] = [];
    const upstream: { service?: Hub['service'] } = {};
    const started = startHub(
      {
        events,
        fetch: async (request) => {
          const response = await (upstream.service as Hub['service']).fetch(request);
          if (!new URL(request.url).pathname.endsWith('/run/status')) return response;
          times.push(Date.now() - start);
          const body = (await response.json()) as { data: Record<string, unknown> };
          const replaced = rewrite(body.data) ?? body;
          return new Response(JSON.stringify(replaced), { status: 200, headers: { 'content-type': 'application/json' } });
        },
      },
      [ASKING_SCENARIO],
    );
    upstream.service = started.service;
    return { hub: started, times };
  }

  async function task(text = 'ask me'): Promise<string> {
    const { taskId } = await (hub as Hub).service.client.createTask({ task: text, tools: [formInputTool()] });
    return taskId;
  }

  it('brings the tool call of a run that says `booting` for 8 s, polling slower meanwhile and at the normal pace after', async () => {
    const bootUntil = Date.now() + 8000;
    const made = hubWith((data) =>
      Date.now() < bootUntil
        ? { success: true, data: { ...data, status: 'booting', detailedStatus: 'booting', toolCall: null } }
        : undefined,
    );
    hub = made.hub;
    const reader = readStream(await hub.open(`taskId=${await task()}`));
    await tick(0);
    expect(statuses(reader.changes())).toEqual(['booting']);

    await tick(16_000);
    // Booting at 0, 2 and 4 s (each wait as long as the status had lasted); asking from 8 s on, every 2 s.
    expect(made.times).toEqual([0, 2000, 4000, 8000, 10_000, 12_000, 14_000, 16_000]);
    expect(statuses(reader.changes())).toEqual(['booting', 'tool_call']);
    expect(reader.changes().every((change) => change.payload.final !== true)).toBe(true);
  });

  it('retries one `success: false` answer and goes on polling', async () => {
    let refuse = 1;
    const made = hubWith(() => (refuse-- === 1 ? { success: false, error: 'The service could not process the request' } : undefined));
    hub = made.hub;
    const reader = readStream(await hub.open(`taskId=${await task()}`));
    await tick(0);
    const first = reader.changes()[0]?.payload;
    expect(first).toMatchObject({ final: false, error: { kind: 'api', message: 'The service could not process the request' } });

    await tick(10_000);
    // The retry after half the first backoff window (random 0.5), then one poll per interval.
    expect(made.times).toEqual([0, 500, 2500, 4500, 6500, 8500]);
    expect(statuses(reader.changes())).toEqual(['error: The service could not process the request', 'processing_page', 'tool_call']);
  });

  it('stops polling a run once a `success: false` says it is gone', async () => {
    const made = hubWith(() => ({ success: false, error: 'Run not found for this task' }));
    hub = made.hub;
    const reader = readStream(await hub.open(`taskId=${await task()}`));
    await tick(60_000);

    expect(made.times).toEqual([0]);
    expect(reader.changes().map((change) => change.payload)).toMatchObject([{ final: true, error: { kind: 'api' } }]);
  });

  it('still stops polling the status at a known terminal one after an unknown one', async () => {
    let polls = 0;
    const made = hubWith((data) => {
      polls += 1;
      return { success: true, data: { ...data, status: polls < 3 ? 'booting' : 'timed_out', detailedStatus: '', toolCall: null } };
    });
    hub = made.hub;
    const reader = readStream(await hub.open(`taskId=${await task()}`));
    await tick(60_000);

    expect(made.times).toEqual([0, 2000, 4000]);
    const changes = reader.changes() as Change[];
    expect(changes.find((change) => change.payload.data?.status === 'timed_out')?.payload.final).toBe(true);
  });

  it('follows its terminalRunStatuses: a status named there ends the status polls, and the result is read', async () => {
    const made = hubWith((data) => ({ success: true, data: { ...data, status: 'archived', detailedStatus: '', toolCall: null } }), {
      terminalRunStatuses: [...DEFAULT_TERMINAL_RUN_STATUSES, 'archived'],
    });
    hub = made.hub;
    const reader = readStream(await hub.open(`taskId=${await task()}`));
    await tick(60_000);

    expect(made.times).toEqual([0]);
    const changes = reader.changes();
    expect(changes[0]?.payload).toMatchObject({ final: true, data: { status: 'archived' } });
    expect(changes.map((change) => change.event)).toContain('result');
  });
});

/**
 * Over real sockets: an upstream service on 127.0.0.1 that says `booting` to its first status polls
 * and then asks for input, the proxy in front of it, and a stream read over HTTP. Real timers with a
 * short interval; the test waits for the stream's events, bounded only against a freeze.
 */
describe('the hub over HTTP', () => {
  let upstream: Server | undefined;
  let proxy: TaskProxy | undefined;
  let proxyServer: Server | undefined;
  afterEach(async () => {
    await proxy?.close();
    for (const server of [proxyServer, upstream]) {
      if (server === undefined) continue;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    upstream = proxy = proxyServer = undefined;
  });

  async function listen(server: Server): Promise<string> {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('brings a stream the tool call a run asks for after saying `booting`', async () => {
    let polls = 0;
    const toolCall = { toolCallId: 'call-1', tool: { name: 'form_input', parameters: { fields: [{ type: 'text', label: 'Code' }] } } };
    upstream = createServer((request: IncomingMessage, response: ServerResponse) => {
      const send = (body: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (!(request.url ?? '').includes('/run/status')) return send({ success: false, error: 'Not scripted' });
      polls += 1;
      send({
        success: true,
        data:
          polls <= 4
            ? { status: 'booting', detailedStatus: 'booting', toolCall: null, liveStatus: '' }
            : { status: 'running', detailedStatus: 'tool_call', toolCall, liveStatus: '' },
      });
    });
    const upstreamUrl = await listen(upstream);
    proxy = createTaskProxy({
      upstream: upstreamUrl,
      apiKey: 'sk_test_hub_unknown_status',
      basePath: '/api/hitl',
      events: { pollIntervalMs: { status: 50 }, firstPollJitterMs: 0 },
    });
    proxyServer = createServer(toNodeListener(proxy));
    const proxyUrl = await listen(proxyServer);
    const controller = new AbortController();
    const response = await fetch(`${proxyUrl}/api/hitl/events?taskId=task-booting`, { signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = readStream(response);

    await vi.waitFor(() => expect(statuses(reader.changes())).toEqual(['booting', 'tool_call']), { timeout: 20_000, interval: 20 });
    expect(polls).toBeGreaterThanOrEqual(5);
    expect(reader.changes().at(-1)?.payload).toMatchObject({ final: false, data: { toolCall: { toolCallId: 'call-1' } } });
    controller.abort();
  });
});

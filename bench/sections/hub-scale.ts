/**
 * The hub at scale: 1,000 streams of 50 runs each, once on one proxy with the memory store and once
 * on two proxy instances sharing a real redis-server (the streams split between them), against the
 * simulator over HTTP. Each proxy in a process of its own; the streams are raw SSE readers in this
 * process (a store per stream would measure the load generator).
 *
 * - **Polls per run per interval**: status requests at the service over `WINDOW_INTERVALS`
 *   intervals, as in the hub section, ÷ runs (goal 1.0 ±5 %: one poller per run across instances).
 * - **Time to `ready`**: from a stream's request to its `ready` event, all 1,000 opened at once.
 * - **Change latency**: every run stopped at the service at a random moment over `STOP_SPREAD_MS`;
 *   for each stream and run, the time to the stream's `stopped` status.
 * - **Store errors**: `proxy.stats().storeErrors` summed over the instances (goal 0), and whether
 *   one ended degraded. **Memory**: each instance's heap after full collections, and its RSS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { ServerSentEventParser } from '../../src/client';
import { startSimulatorServer } from '../../src/testing';
import { quantile, round } from '../lib/stats';
import {
  API_KEY,
  HUB_INTERVAL_MS,
  requestsPerInterval,
  sleep,
  startProxyProcess,
  STOP_SPREAD_MS,
  until,
  WATCH,
  WINDOW_INTERVALS,
  type ProxyProcess,
} from './hub';

export const SCALE_STREAMS = 1000;
export const SCALE_RUNS_PER_STREAM = 50;
/** Distinct runs: the streams name 5 groups of 50 runs, 200 streams per group. */
export const SCALE_RUNS = 250;

export interface HubScaleResult {
  store: 'memory' | 'redis';
  instances: number;
  streams: number;
  runsPerStream: number;
  runs: number;
  pollsPerRunPerInterval: number;
  readyMs: { p50: number; p99: number; max: number };
  changeMs: { p50: number; p99: number; max: number; samples: number };
  storeErrors: number;
  /** Of those, calls that timed out while the store answered others (not an outage). */
  storeTimeouts: number;
  degraded: boolean;
  heapMiB: number[];
  rssMiB: number[];
}

async function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const child: ChildProcess = spawn(
    process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${String(code)}:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface StreamProbe {
  readyAt: number | undefined;
  /** Per task, when the stream first saw it stopped. */
  stoppedAt: Map<string, number>;
}

function openStream(url: string, taskIds: readonly string[], signal: AbortSignal): { probe: StreamProbe; openedAt: number } {
  const probe: StreamProbe = { readyAt: undefined, stoppedAt: new Map() };
  const openedAt = Date.now();
  const parser = new ServerSentEventParser({
    onEvent({ event, data }) {
      if (event === 'ready') probe.readyAt ??= Date.now();
      if (event !== 'status') return;
      const payload = JSON.parse(data) as { taskId: string; data?: { status?: string } };
      if (payload.data?.status === 'stopped' && !probe.stoppedAt.has(payload.taskId)) probe.stoppedAt.set(payload.taskId, Date.now());
    },
  });
  void (async () => {
    try {
      const response = await fetch(`${url}/events?${taskIds.map((taskId) => `taskId=${encodeURIComponent(taskId)}`).join('&')}`, {
        signal,
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(value);
      }
    } catch {
      // Aborted at the end.
    }
  })();
  return { probe, openedAt };
}

export async function runHubScale(store: 'memory' | 'redis', log: (line: string) => void): Promise<HubScaleResult> {
  const instances = store === 'redis' ? 2 : 1;
  const simulator = await startSimulatorServer({
    apiKey: API_KEY,
    seed: `bench-hub-scale-${store}`,
    scenarios: [WATCH],
    requestLogLimit: 2_000_000,
  });
  const redis = store === 'redis' ? await startRedis() : undefined;
  const proxies: ProxyProcess[] = [];
  const streams = new AbortController();
  try {
    for (let i = 0; i < instances; i++)
      proxies.push(await startProxyProcess(simulator.url, redis === undefined ? undefined : { url: redis.url, prefix: 'bench:' }));
    const taskIds: string[] = [];
    for (let i = 0; i < SCALE_RUNS; i++) taskIds.push((await simulator.service.client.createTask({ task: `scale ${i}` })).taskId);
    const groups = SCALE_RUNS / SCALE_RUNS_PER_STREAM;
    const named = (stream: number) =>
      taskIds.slice((stream % groups) * SCALE_RUNS_PER_STREAM, ((stream % groups) + 1) * SCALE_RUNS_PER_STREAM);

    log(
      `hub scale (${store}, ${instances} instance${instances > 1 ? 's' : ''}): ${SCALE_STREAMS} streams × ${SCALE_RUNS_PER_STREAM} runs…`,
    );
    const opened = Array.from({ length: SCALE_STREAMS }, (_, stream) =>
      openStream((proxies[stream % instances] as ProxyProcess).url, named(stream), streams.signal),
    );
    await until(() => opened.every(({ probe }) => probe.readyAt !== undefined), 'every stream to be ready', 180_000);
    const ready = opened.map(({ probe, openedAt }) => (probe.readyAt as number) - openedAt);

    await sleep(HUB_INTERVAL_MS);
    const since = Date.now();
    await sleep(WINDOW_INTERVALS * HUB_INTERVAL_MS);
    const polls = requestsPerInterval(simulator, since) / SCALE_RUNS;

    log(`hub scale (${store}): changes to streams…`);
    const stoppedAt = new Map<string, number>();
    await Promise.all(
      taskIds.map(async (taskId) => {
        await sleep(Math.random() * STOP_SPREAD_MS);
        stoppedAt.set(taskId, Date.now());
        await simulator.service.client.stopRun(taskId);
      }),
    );
    const expected = SCALE_STREAMS * SCALE_RUNS_PER_STREAM;
    const seen = () => opened.reduce((sum, { probe }) => sum + probe.stoppedAt.size, 0);
    await until(() => seen() === expected, 'every stream to see every run stop', 120_000);
    const delays = opened.flatMap(({ probe }) => [...probe.stoppedAt].map(([taskId, at]) => at - (stoppedAt.get(taskId) as number)));
    const heaps = await Promise.all(proxies.map((proxy) => proxy.heap()));

    return {
      store,
      instances,
      streams: SCALE_STREAMS,
      runsPerStream: SCALE_RUNS_PER_STREAM,
      runs: SCALE_RUNS,
      pollsPerRunPerInterval: round(polls, 3),
      readyMs: { p50: round(quantile(ready, 0.5), 0), p99: round(quantile(ready, 0.99), 0), max: Math.max(...ready) },
      changeMs: {
        p50: round(quantile(delays, 0.5), 0),
        p99: round(quantile(delays, 0.99), 0),
        max: Math.max(...delays),
        samples: delays.length,
      },
      storeErrors: heaps.reduce((sum, heap) => sum + heap.storeErrors, 0),
      storeTimeouts: heaps.reduce((sum, heap) => sum + heap.storeTimeouts, 0),
      degraded: heaps.some((heap) => heap.degraded),
      heapMiB: heaps.map((heap) => round(heap.heapUsed / 1024 / 1024, 1)),
      rssMiB: heaps.map((heap) => round(heap.rss / 1024 / 1024, 1)),
    };
  } finally {
    streams.abort();
    for (const proxy of proxies) await proxy.close();
    await redis?.stop();
    await simulator.close();
  }
}

/** The scale comparison as a table of bench/lib/report.ts. */
export function hubScaleTable(results: readonly HubScaleResult[]): { title: string; header: string[]; rows: string[][]; note: string } {
  const column = (result: HubScaleResult) => `${result.store}, ${result.instances} instance${result.instances > 1 ? 's' : ''}`;
  const row = (label: string, value: (result: HubScaleResult) => string) => [label, ...results.map(value)];
  return {
    title: `Hub at scale: ${SCALE_STREAMS} streams × ${SCALE_RUNS_PER_STREAM} runs (${SCALE_RUNS} distinct runs), Node`,
    header: ['Measure', ...results.map(column)],
    rows: [
      row('Status polls per run per interval (goal 1.0 ±5%)', (result) => result.pollsPerRunPerInterval.toFixed(3)),
      row('Change → stream, median / 99th percentile', (result) => `${result.changeMs.p50} / ${result.changeMs.p99} ms`),
      row('Request → ready, median / 99th percentile', (result) => `${result.readyMs.p50} / ${result.readyMs.p99} ms`),
      row(
        'Store errors (goal 0), of which time-outs',
        (result) => `${result.storeErrors} / ${result.storeTimeouts}${result.degraded ? ' (ended degraded)' : ''}`,
      ),
      row('Heap per instance after full collections', (result) => result.heapMiB.map((value) => `${value} MiB`).join(', ')),
      row('RSS per instance', (result) => result.rssMiB.map((value) => `${value} MiB`).join(', ')),
    ],
    note:
      `All ${SCALE_STREAMS} streams opened at once, raw SSE readers in the load generator (the streams split between the instances); each proxy in its own process; the simulator over HTTP; ` +
      `polls from the simulator's log over ${WINDOW_INTERVALS} intervals; every run stopped at a random moment over ${STOP_SPREAD_MS / 1000} s.`,
  };
}

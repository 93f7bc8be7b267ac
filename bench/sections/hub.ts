/**
 * The proxy as a hub (`createTaskProxy`'s event stream), under the load of many operators: 10
 * browsers × 3 tabs × 200 runs, simulated in Node (each tab a store of its own with a client made
 * with `events: true`, one stream of 200 runs), against the simulator over HTTP, the proxy in a
 * process of its own (bench/hub/proxy-process.ts) so its heap is measured alone.
 *
 * - **Upstream status requests per interval**: from the simulator's log over `WINDOW_INTERVALS`
 *   intervals once every tab shows every run; per run, (polls − 1) ÷ (last − first poll) × interval,
 *   summed over the runs. The goal is one per run: 200 (±5%), where 30 tabs polling on their own
 *   would send 6,000.
 * - **Heap per 1,000 subscriptions**: the proxy's heap after a full collection with the 30 streams
 *   open, minus before the first stream, ÷ 6 (6,000 stream × run subscriptions of 200 runs).
 *   **Per 1,000 runs**: the same with 5 streams of 200 different runs (1,000 runs, one stream each).
 * - **Change to stream**: every run is stopped at the service at a random moment over
 *   `STOP_SPREAD_MS` (through its own client, so the proxy learns it only by polling); for each
 *   tab and run, the time from the stop to the tab's store holding `stopped`. Bounded by one poll
 *   interval plus the way there.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTaskClient } from '../../src/client';
import { createRunStore, resourceKeys, type RunStore } from '../../src/store';
import { startSimulatorServer, type Scenario, type SimulatorServer } from '../../src/testing';
import type { ProxyProcessMessage, ProxyProcessRequest } from '../hub/proxy-process';
import { quantile, round } from '../lib/stats';
import { hubScaleTable, runHubScale, type HubScaleResult } from './hub-scale';

export const HUB_BROWSERS = 10;
export const HUB_TABS_PER_BROWSER = 3;
export const HUB_RUNS = 200;
/** The proxy's (and the store's) default status interval. */
export const HUB_INTERVAL_MS = 2000;
export const WINDOW_INTERVALS = 5;
export const STOP_SPREAD_MS = 4000;
export const API_KEY = 'sk_bench_hub_2b7e';

export const WATCH: Scenario = {
  name: 'bench-hub',
  description: 'Stays on one page for an hour.',
  keywords: [],
  steps: [{ type: 'page', title: 'Waiting', url: 'https://shop.example.com/', durationMs: 3_600_000 }],
  result: { summary: 'Done.' },
};

export interface HubResult {
  browsers: number;
  tabsPerBrowser: number;
  runs: number;
  intervalMs: number;
  /** Status requests the service received per interval, all runs together (goal: `runs`). */
  upstreamRequestsPerInterval: number;
  /** What the tabs would send polling on their own: tabs × runs. */
  withoutHubPerInterval: number;
  /** Streams and runs the proxy followed during the measurement. */
  streams: number;
  /** Proxy heap growth per 1,000 stream × run subscriptions, KiB. */
  heapKbPer1000Subscriptions: number;
  /** Proxy heap growth per 1,000 runs, each named by one stream, KiB. */
  heapKbPer1000Runs: number;
  /** From a change at the service to a tab's store holding it, ms. */
  changeToStreamMs: { p50: number; p99: number; max: number; samples: number };
  /** 1,000 streams × 50 runs: the memory store on one instance, then Redis on two (see hub-scale.ts). */
  scale?: HubScaleResult[];
}

export interface ProxyProcess {
  url: string;
  heap(): Promise<Extract<ProxyProcessMessage, { type: 'heap' }>>;
  close(): Promise<void>;
}

export async function startProxyProcess(upstream: string, redis?: { url: string; prefix: string }): Promise<ProxyProcess> {
  const child: ChildProcess = fork(fileURLToPath(new URL('../hub/proxy-process.ts', import.meta.url)), {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: {
      ...process.env,
      HUB_UPSTREAM: upstream,
      HUB_API_KEY: API_KEY,
      ...(redis === undefined ? {} : { HUB_REDIS_URL: redis.url, HUB_REDIS_PREFIX: redis.prefix }),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends ProxyProcessMessage['type']>(type: T) =>
    new Promise<Extract<ProxyProcessMessage, { type: T }>>((resolve, reject) => {
      const onMessage = (message: ProxyProcessMessage) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message as Extract<ProxyProcessMessage, { type: T }>);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`the proxy process exited with ${String(code)}`)));
    });
  const { port } = await next('ready');
  const ask = (request: ProxyProcessRequest) => child.send(request);
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/api/hitl`,
    heap() {
      const answer = next('heap');
      ask({ type: 'heap' });
      return answer;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        ask({ type: 'close' });
      });
      return closing;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tabs, each a store of its own over a client of the proxy with `events: true`, watching `taskIds`. */
function openTabs(url: string, count: number, taskIds: (tab: number) => readonly string[]): RunStore[] {
  return Array.from({ length: count }, (_, tab) => {
    const store = createRunStore(createTaskClient({ baseUrl: url, events: true }));
    for (const taskId of taskIds(tab)) store.watch(resourceKeys.status(taskId));
    return store;
  });
}

export async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`hub benchmark: timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Status requests per interval from `since` on: per run, polls − 1 over the time from first to last, summed. */
export function requestsPerInterval(simulator: SimulatorServer, since: number): number {
  const byRun = new Map<string, number[]>();
  for (const request of simulator.service.requests) {
    if (!request.path.endsWith('/run/status') || request.startedAt < since) continue;
    const times = byRun.get(request.path) ?? [];
    times.push(request.startedAt);
    byRun.set(request.path, times);
  }
  let total = 0;
  for (const times of byRun.values())
    if (times.length > 1) total += ((times.length - 1) / ((times.at(-1) as number) - (times[0] as number))) * HUB_INTERVAL_MS;
  return total;
}

export async function runHub(log: (line: string) => void): Promise<HubResult> {
  const simulator = await startSimulatorServer({ apiKey: API_KEY, seed: 'bench-hub', scenarios: [WATCH], requestLogLimit: 1_000_000 });
  const proxy = await startProxyProcess(simulator.url);
  const tabs: RunStore[] = [];
  try {
    const taskIds: string[] = [];
    for (let i = 0; i < HUB_RUNS * 6; i++) taskIds.push((await simulator.service.client.createTask({ task: `run ${i}` })).taskId);
    const watched = taskIds.slice(0, HUB_RUNS);
    const empty = await proxy.heap();

    const tabCount = HUB_BROWSERS * HUB_TABS_PER_BROWSER;
    log(`hub: ${tabCount} tabs × ${HUB_RUNS} runs…`);
    tabs.push(...openTabs(proxy.url, tabCount, () => watched));
    const shown = () => tabs.every((store) => watched.every((taskId) => store.getSnapshot(resourceKeys.status(taskId)).data !== undefined));
    await until(shown, 'every tab to show every run');
    await sleep(HUB_INTERVAL_MS);
    const since = Date.now();
    await sleep(WINDOW_INTERVALS * HUB_INTERVAL_MS);
    const upstream = requestsPerInterval(simulator, since);
    const loaded = await proxy.heap();
    if (tabs.some((store) => store.getTransport() !== 'stream')) throw new Error('hub benchmark: a tab fell back to polling');

    log('hub: changes to streams…');
    const stoppedAt = new Map<string, number>();
    const delays: number[] = [];
    for (const store of tabs)
      for (const taskId of watched) {
        const key = resourceKeys.status(taskId);
        const off = store.subscribe(key, () => {
          if (store.getSnapshot(key).data?.status !== 'stopped') return;
          off();
          delays.push(Date.now() - (stoppedAt.get(taskId) as number));
        });
      }
    await Promise.all(
      watched.map(async (taskId) => {
        await sleep(Math.random() * STOP_SPREAD_MS);
        stoppedAt.set(taskId, Date.now());
        await simulator.service.client.stopRun(taskId);
      }),
    );
    await until(() => delays.length === tabCount * HUB_RUNS, 'every tab to see every run stop');
    for (const store of tabs.splice(0)) store.destroy();

    log('hub: 1,000 runs, one stream each…');
    // The proxy forgets the first runs 30 s after their streams went away; measure after that.
    await sleep(32_000);
    const idle = await proxy.heap();
    const others = taskIds.slice(HUB_RUNS);
    tabs.push(...openTabs(proxy.url, 5, (tab) => others.slice(tab * HUB_RUNS, (tab + 1) * HUB_RUNS)));
    await until(
      () =>
        tabs.every((store, tab) =>
          others
            .slice(tab * HUB_RUNS, (tab + 1) * HUB_RUNS)
            .every((taskId) => store.getSnapshot(resourceKeys.status(taskId)).data !== undefined),
        ),
      'the 1,000 runs',
    );
    const thousand = await proxy.heap();
    for (const store of tabs.splice(0)) store.destroy();
    await proxy.close();
    const scale = [await runHubScale('memory', log), await runHubScale('redis', log)];

    return {
      browsers: HUB_BROWSERS,
      tabsPerBrowser: HUB_TABS_PER_BROWSER,
      runs: HUB_RUNS,
      intervalMs: HUB_INTERVAL_MS,
      upstreamRequestsPerInterval: round(upstream, 1),
      withoutHubPerInterval: tabCount * HUB_RUNS,
      streams: loaded.streams,
      heapKbPer1000Subscriptions: round((loaded.heapUsed - empty.heapUsed) / 1024 / ((tabCount * HUB_RUNS) / 1000), 1),
      heapKbPer1000Runs: round((thousand.heapUsed - idle.heapUsed) / 1024, 1),
      changeToStreamMs: {
        p50: round(quantile(delays, 0.5), 0),
        p99: round(quantile(delays, 0.99), 0),
        max: Math.max(...delays),
        samples: delays.length,
      },
      scale,
    };
  } finally {
    for (const store of tabs) store.destroy();
    await proxy.close();
    await simulator.close();
  }
}

/** The goal of the hub: one status request per run per interval for every browser, within 5%. */
export const HUB_REQUESTS_TOLERANCE = 0.05;

/** The hub's goal, as `npm run bench` lists its targets. */
export function hubTargets(
  hub: HubResult | undefined,
): Array<{ id: string; goal: string; measured: string; status: 'PASS' | 'MISS' | 'NOT MEASURED' }> {
  const goal = `Hub: ${HUB_BROWSERS} browsers × ${HUB_TABS_PER_BROWSER} tabs × ${HUB_RUNS} runs send the service ${HUB_RUNS} status requests per interval (±${HUB_REQUESTS_TOLERANCE * 100}%)`;
  if (hub === undefined) return [{ id: 'hubRequests', goal, measured: '–', status: 'NOT MEASURED' }];
  const within = Math.abs(hub.upstreamRequestsPerInterval - hub.runs) <= HUB_REQUESTS_TOLERANCE * hub.runs;
  return [
    {
      id: 'hubRequests',
      goal,
      measured: `${hub.upstreamRequestsPerInterval.toFixed(1)} per ${hub.intervalMs} ms (${hub.withoutHubPerInterval} without the hub)`,
      status: within ? 'PASS' : 'MISS',
    },
  ];
}

/** The hub's table, in the shape of bench/lib/report.ts's tables. */
export function hubTables(hub: HubResult | undefined): Array<{ title: string; header: string[]; rows: string[][]; note: string }> {
  if (hub === undefined) return [];
  const kib = (value: number) => `${(value / 1024).toFixed(2)} MiB`;
  return [
    {
      title: `Hub: ${hub.browsers} browsers × ${hub.tabsPerBrowser} tabs × ${hub.runs} runs through one proxy, Node`,
      header: ['Measure', 'value'],
      rows: [
        [`Upstream status requests per ${hub.intervalMs} ms interval (goal ${hub.runs})`, hub.upstreamRequestsPerInterval.toFixed(1)],
        ['The same, every tab polling on its own', String(hub.withoutHubPerInterval)],
        ['Proxy heap per 1,000 stream × run subscriptions', kib(hub.heapKbPer1000Subscriptions)],
        ['Proxy heap per 1,000 runs (one stream each)', kib(hub.heapKbPer1000Runs)],
        ['Change at the service → event in a tab, median', `${hub.changeToStreamMs.p50} ms`],
        ['Change at the service → event in a tab, 99th percentile', `${hub.changeToStreamMs.p99} ms`],
      ],
      note:
        `Each tab a store of its own over a client with events: true (one stream of ${hub.runs} runs), in a Node load generator; the proxy in its own process; the simulator over HTTP. ` +
        `Requests from the simulator's log over ${WINDOW_INTERVALS} intervals, per run (polls − 1) ÷ (last − first) × interval, summed. ` +
        'Heap: heapUsed after full collections, the least of three readings. ' +
        `Delay: every run stopped at the service at a random moment over ${STOP_SPREAD_MS / 1000} s; ${hub.changeToStreamMs.samples} samples (tabs × runs), bounded by one poll interval plus the way there.`,
    },
    ...(hub.scale === undefined ? [] : [hubScaleTable(hub.scale)]),
  ];
}

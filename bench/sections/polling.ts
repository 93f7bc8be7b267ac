/**
 * Polling in real Chromium against the simulator served over HTTP: our store and hooks beside
 * TanStack Query (`useQuery` + `refetchInterval`, one observer per viewer) and SWR
 * (`useSWR` + `refreshInterval`), every library with its defaults otherwise and the same
 * `TaskClient.getRunStatus` as fetcher, so only the caching and polling layer differs.
 *
 * A case: a fresh simulator (its own request log), tasks whose runs stay `running` for an hour,
 * a fresh page rendering the viewers; once every viewer shows a status and one more interval has
 * passed, the status requests the simulator logs over `WINDOW_INTERVALS` intervals are read (real
 * timers, real HTTP). Per run, requests less than a quarter interval apart form one poll; requests
 * per interval = (polls per interval, from the first to the last poll of the window) × (requests
 * per poll). A plain count over so few intervals would be off by up to one poll depending on
 * where the window falls. The viewer cases (1, 10, 100 viewers of one run, three libraries) run
 * side by side, each in its own browser context with its own simulator; the 200-run cases run one
 * at a time, in `rounds` interleaved rounds, since they also measure the page's main thread.
 */
import type { Browser, CDPSession } from 'playwright-core';
import { DEFAULT_SIMULATOR_API_KEY, startSimulatorServer, type Scenario, type SimulatorServer } from '../../src/testing';
import { ratio, round } from '../lib/stats';
import { servePages } from './pages';

export const POLLING_LIBRARIES = [
  { id: 'ours', label: 'useRunStatus (store)', entry: 'polling/ours.tsx' },
  { id: 'tanstackQuery', label: 'TanStack Query', entry: 'polling/tanstack-query.tsx' },
  { id: 'swr', label: 'SWR', entry: 'polling/swr.tsx' },
] as const;

export type PollingLibraryId = (typeof POLLING_LIBRARIES)[number]['id'];

/** The store's default status interval; every library is given it. */
export const INTERVAL_MS = 2000;
export const WINDOW_INTERVALS = 4;
export const VIEWER_COUNTS = [1, 10, 100] as const;
export const MANY_RUNS = 200;

/** A run that stays on one page for an hour: polled, never terminal, within any benchmark. */
export const WATCH_SCENARIO: Scenario = {
  name: 'bench-watch',
  description: 'Stays on one page for an hour.',
  keywords: [],
  steps: [{ type: 'page', title: 'Waiting', url: 'https://shop.example.com/', durationMs: 3_600_000 }],
  result: { summary: 'Done.' },
};

export interface PollingCase {
  tasks: number;
  viewersPerTask: number;
  /** Status requests the simulator saw during the window. */
  requests: number;
  /** Status requests per interval, all runs together (see the module comment). */
  requestsPerInterval: number;
  /** `requestsPerInterval / tasks`: 1 is one request per run per interval, whatever the viewers. */
  requestsPerRunPerInterval: number;
  /** Requests per poll, averaged over runs: above 1 when viewers of one run each send their own. */
  requestsPerPoll: number;
  visibility: string;
}

export interface MainThread {
  /** Main-thread task time per status request, ms: what one poll costs the page. */
  taskMsPerRequest: number;
  /** Main-thread CPU time in tasks (CDP `Performance.getMetrics` TaskDuration, thread ticks), per minute. */
  taskMsPerMinute: number;
  /** Of which JavaScript (ScriptDuration). */
  scriptMsPerMinute: number;
  /** Style and layout (RecalcStyleDuration + LayoutDuration). */
  styleLayoutMsPerMinute: number;
  /** Length of the measured window, s; figures are extrapolated from it to a minute. */
  windowSeconds: number;
}

export interface PollingResult {
  intervalMs: number;
  windowIntervals: number;
  viewers: Record<string, Record<PollingLibraryId, PollingCase>>;
  /** Median over the rounds (by main-thread task time). */
  manyRuns: Record<PollingLibraryId, PollingCase & { mainThread: MainThread; roundsTaskMsPerMinute: number[] }>;
  manyRunsRounds: number;
  /** Ours ÷ TanStack Query, main-thread task time per minute watching `MANY_RUNS` runs. */
  mainThreadRatioVsTanstack: number;
  mainThreadRatioVsSwr: number;
  /** Ours ÷ TanStack Query, main-thread task time per status request. */
  perRequestRatioVsTanstack: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createRuns(server: SimulatorServer, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    ids.push((await server.service.client.createTask({ task: `Watch ${index + 1}`, agent: 'BROWSER_AGENT' })).taskId);
  }
  return ids;
}

/** Rate of status requests in a window; see the module comment. */
export function statusRequestRate(
  requests: ReadonlyArray<{ path: string; startedAt: number }>,
  from: number,
  to: number,
  intervalMs: number,
): { requests: number; perInterval: number; perPoll: number; runs: number } {
  const byRun = new Map<string, number[]>();
  for (const request of requests) {
    if (!request.path.endsWith('/run/status') || request.startedAt < from || request.startedAt >= to) continue;
    const times = byRun.get(request.path) ?? [];
    times.push(request.startedAt);
    byRun.set(request.path, times);
  }
  let perInterval = 0;
  let perPollSum = 0;
  let counted = 0;
  for (const times of byRun.values()) {
    times.sort((a, b) => a - b);
    const polls: number[] = [];
    for (const time of times) if (polls.length === 0 || time - (polls.at(-1) as number) >= intervalMs / 4) polls.push(time);
    const perPoll = times.length / polls.length;
    const span = (polls.at(-1) as number) - (polls[0] as number);
    // One poll in the window: the rate cannot be measured from it, so count the window instead.
    const pollsPerInterval =
      polls.length >= 2 && span > 0 ? ((polls.length - 1) * intervalMs) / span : (polls.length * intervalMs) / (to - from);
    perInterval += pollsPerInterval * perPoll;
    perPollSum += perPoll;
    counted += 1;
  }
  const total = [...byRun.values()].reduce((sum, times) => sum + times.length, 0);
  return { requests: total, perInterval, perPoll: counted === 0 ? Number.NaN : perPollSum / counted, runs: byRun.size };
}

async function metrics(session: CDPSession | undefined): Promise<Map<string, number>> {
  if (!session) return new Map();
  const { metrics: list } = await session.send('Performance.getMetrics');
  return new Map(list.map((metric) => [metric.name, metric.value]));
}

async function runCase(
  browser: Browser,
  url: string,
  tasks: number,
  viewersPerTask: number,
  measureMainThread: boolean,
): Promise<PollingCase & { mainThread?: MainThread }> {
  const server = await startSimulatorServer({ scenario: WATCH_SCENARIO, seed: 'bench' });
  const context = await browser.newContext();
  try {
    const taskIds = await createRuns(server, tasks);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.pollingBench !== undefined);
    const session = measureMainThread ? await context.newCDPSession(page) : undefined;
    // Thread ticks: CPU time of the main thread, not wall time, so the simulator sharing the CPU does not count.
    if (session) await session.send('Performance.enable', { timeDomain: 'threadTicks' });
    await page.evaluate((options) => (window.pollingBench as NonNullable<Window['pollingBench']>).start(options), {
      baseUrl: server.url,
      apiKey: DEFAULT_SIMULATOR_API_KEY,
      taskIds,
      viewersPerTask,
      intervalMs: INTERVAL_MS,
    });
    await sleep(INTERVAL_MS);
    const before = await metrics(session);
    const from = Date.now();
    await sleep(WINDOW_INTERVALS * INTERVAL_MS);
    const to = Date.now();
    const after = await metrics(session);
    const visibility = await page.evaluate(() => document.visibilityState);
    // Every library stops polling a hidden page; a hidden page would measure nothing.
    if (visibility !== 'visible') throw new Error(`${url}: the page was ${visibility} during the window`);
    const rate = statusRequestRate(server.service.requests, from, to, INTERVAL_MS);
    if (rate.runs !== tasks) throw new Error(`${url}: ${rate.runs} of ${tasks} runs were polled during the window`);
    const result: PollingCase & { mainThread?: MainThread } = {
      tasks,
      viewersPerTask,
      requests: rate.requests,
      requestsPerInterval: round(rate.perInterval),
      requestsPerRunPerInterval: round(rate.perInterval / tasks),
      requestsPerPoll: round(rate.perPoll),
      visibility,
    };
    if (session) {
      const seconds = (to - from) / 1000;
      const perMinute = (name: string) => (((after.get(name) ?? 0) - (before.get(name) ?? 0)) * 1000 * 60) / seconds;
      const taskMs = ((after.get('TaskDuration') ?? 0) - (before.get('TaskDuration') ?? 0)) * 1000;
      result.mainThread = {
        taskMsPerRequest: round(taskMs / rate.requests),
        taskMsPerMinute: round(perMinute('TaskDuration'), 1),
        scriptMsPerMinute: round(perMinute('ScriptDuration'), 1),
        styleLayoutMsPerMinute: round(perMinute('RecalcStyleDuration') + perMinute('LayoutDuration'), 1),
        windowSeconds: round(seconds, 2),
      };
    }
    return result;
  } finally {
    await context.close();
    await server.close();
  }
}

export interface PollingOptions {
  /** Interleaved rounds of the 200-run cases. */
  rounds: number;
  /** The consumer app the pages are bundled from (scripts/lib/packed-package.ts). */
  app: string;
}

export async function runPolling(browser: Browser, options: PollingOptions, log: (line: string) => void): Promise<PollingResult> {
  const pages = await servePages(
    options.app,
    POLLING_LIBRARIES.map((library) => ({ name: `polling-${library.id}`, entry: library.entry })),
  );
  try {
    const viewers: PollingResult['viewers'] = {};
    // Every viewer case at once, each in its own context with its own simulator: they only count requests.
    const jobs = VIEWER_COUNTS.flatMap((count) => POLLING_LIBRARIES.map((library) => ({ count, library })));
    const results = await Promise.all(
      jobs.map(({ count, library }) => runCase(browser, pages.page(`polling-${library.id}`), 1, count, false)),
    );
    jobs.forEach(({ count, library }, index) => {
      const byLibrary = (viewers[String(count)] ??= {} as Record<PollingLibraryId, PollingCase>);
      byLibrary[library.id] = results[index] as PollingCase;
    });
    log(`  polling: ${VIEWER_COUNTS.join(', ')} viewers of one run`);
    const samples = new Map<PollingLibraryId, Array<PollingCase & { mainThread: MainThread }>>();
    for (let roundIndex = 0; roundIndex < options.rounds; roundIndex++) {
      for (const library of POLLING_LIBRARIES) {
        const result = await runCase(browser, pages.page(`polling-${library.id}`), MANY_RUNS, 1, true);
        if (!result.mainThread) throw new Error('main thread not measured');
        samples.set(library.id, [...(samples.get(library.id) ?? []), { ...result, mainThread: result.mainThread }]);
        log(`  polling: ${MANY_RUNS} runs, ${library.label}, round ${roundIndex + 1}/${options.rounds}`);
      }
    }
    const manyRuns = {} as PollingResult['manyRuns'];
    for (const library of POLLING_LIBRARIES) {
      const list = samples.get(library.id) ?? [];
      const sorted = [...list].sort((a, b) => a.mainThread.taskMsPerMinute - b.mainThread.taskMsPerMinute);
      // The middle round (the lower middle for an even count): a real round, not a blend of two.
      const middle = sorted[Math.floor((sorted.length - 1) / 2)];
      if (!middle) throw new Error('no rounds');
      manyRuns[library.id] = { ...middle, roundsTaskMsPerMinute: list.map((entry) => entry.mainThread.taskMsPerMinute) };
    }
    return {
      intervalMs: INTERVAL_MS,
      windowIntervals: WINDOW_INTERVALS,
      viewers,
      manyRuns,
      mainThreadRatioVsTanstack: round(ratio(manyRuns.ours.mainThread.taskMsPerMinute, manyRuns.tanstackQuery.mainThread.taskMsPerMinute)),
      mainThreadRatioVsSwr: round(ratio(manyRuns.ours.mainThread.taskMsPerMinute, manyRuns.swr.mainThread.taskMsPerMinute)),
      perRequestRatioVsTanstack: round(
        ratio(manyRuns.ours.mainThread.taskMsPerRequest, manyRuns.tanstackQuery.mainThread.taskMsPerRequest),
      ),
      manyRunsRounds: options.rounds,
    };
  } finally {
    await pages.close();
  }
}

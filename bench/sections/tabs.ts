/**
 * Tabs: one browser context with 1, 3 and 10 tabs of the same page, each watching the same 50
 * runs, against the simulator over HTTP. Our store elects one leader tab that polls for all (Web
 * Locks, BroadcastChannel); TanStack Query and SWR poll in every tab. The figure is the status
 * requests the simulator sees per interval (see `statusRequestRate`): 50 means one poll per run
 * per interval whatever the tabs; the goal is 50 ±5% at every tab count for ours.
 */
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_SIMULATOR_API_KEY, startSimulatorServer } from '../../src/testing';
import { round } from '../lib/stats';
import { servePages } from './pages';
import { INTERVAL_MS, POLLING_LIBRARIES, statusRequestRate, WATCH_SCENARIO, WINDOW_INTERVALS, type PollingLibraryId } from './polling';

export const TAB_COUNTS = [1, 3, 10] as const;
export const TAB_RUNS = 50;

export interface TabsResult {
  intervalMs: number;
  runs: number;
  /** Status requests per interval, by tab count, then library. */
  requestsPerInterval: Record<string, Record<PollingLibraryId, number>>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runCase(browser: Browser, url: string, tabs: number): Promise<number> {
  const server = await startSimulatorServer({ scenario: WATCH_SCENARIO, seed: 'bench-tabs' });
  const context = await browser.newContext();
  try {
    const taskIds: string[] = [];
    for (let index = 0; index < TAB_RUNS; index++)
      taskIds.push((await server.service.client.createTask({ task: `Watch ${index + 1}`, agent: 'BROWSER_AGENT' })).taskId);
    const pages: Page[] = [];
    for (let index = 0; index < tabs; index++) {
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForFunction(() => window.pollingBench !== undefined);
      await page.evaluate((options) => (window.pollingBench as NonNullable<Window['pollingBench']>).start(options), {
        baseUrl: server.url,
        apiKey: DEFAULT_SIMULATOR_API_KEY,
        taskIds,
        viewersPerTask: 1,
        intervalMs: INTERVAL_MS,
      });
      pages.push(page);
    }
    await sleep(2 * INTERVAL_MS);
    const from = Date.now();
    await sleep(WINDOW_INTERVALS * INTERVAL_MS);
    return round(statusRequestRate(server.service.requests, from, Date.now(), INTERVAL_MS).perInterval);
  } finally {
    await context.close();
    await server.close();
  }
}

export async function runTabs(browser: Browser, options: { app: string }, log: (line: string) => void): Promise<TabsResult> {
  const pages = await servePages(
    options.app,
    POLLING_LIBRARIES.map((library) => ({ name: `polling-${library.id}`, entry: library.entry })),
  );
  try {
    const requestsPerInterval: TabsResult['requestsPerInterval'] = {};
    for (const tabs of TAB_COUNTS) {
      const row = {} as Record<PollingLibraryId, number>;
      for (const library of POLLING_LIBRARIES) row[library.id] = await runCase(browser, pages.page(`polling-${library.id}`), tabs);
      requestsPerInterval[String(tabs)] = row;
      log(
        `  tabs: ${tabs} tab(s) x ${TAB_RUNS} runs, status requests per interval: ` +
          POLLING_LIBRARIES.map((library) => `${library.label} ${row[library.id]}`).join(', '),
      );
    }
    return { intervalMs: INTERVAL_MS, runs: TAB_RUNS, requestsPerInterval };
  } finally {
    await pages.close();
  }
}

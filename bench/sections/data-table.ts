/**
 * `<DataTable>` with 10,000 and 100,000 rows in real Chromium, bundled from the consumer app:
 * first render (`createRoot` + `flushSync(render)`, then style and layout forced), the longest
 * task of the mount, and scrolling (a step a frame from the top, then jumps over the table, then
 * the end): frame intervals and long tasks, and the main thread's CPU time (CDP thread ticks, which
 * time the page waits for a CPU shared with other work does not inflate). Beside it, in the same run, the same component
 * rendering every row (as it did before windowing) and a hand-written `<table>` of every row, at
 * 10,000 rows. Medians over `rounds` page loads, interleaved. And, for DataTable, in a load of its
 * own, what its render reads of the layout: a read inside `createRoot` + `flushSync(render)` lays
 * the page out there, which the first render then pays before the browser would have.
 */
import type { Browser } from 'playwright-core';
import { median, ratio, round } from '../lib/stats';
import type { TableMountResult, TableScrollResult } from '../pages/protocol';
import type { PageSpec, ServedPages } from './pages';

export const TABLE_PAGES: readonly PageSpec[] = [
  { name: 'table-ours', entry: 'data-table/ours.tsx', withOurStyles: true },
  { name: 'table-baseline', entry: 'data-table/baseline.tsx' },
];

interface TableCase {
  id: string;
  label: string;
  page: string;
  query: string;
  rows: number;
}

export const TABLE_CASES: readonly TableCase[] = [
  { id: 'ours10k', label: 'DataTable, 10,000 rows', page: 'table-ours', query: '', rows: 10_000 },
  { id: 'ours100k', label: 'DataTable, 100,000 rows', page: 'table-ours', query: '', rows: 100_000 },
  {
    id: 'oursEveryRow10k',
    label: 'DataTable rendering every row (before), 10,000 rows',
    page: 'table-ours',
    query: '?every-row',
    rows: 10_000,
  },
  { id: 'baseline10k', label: 'hand-written <table>, every row, 10,000 rows', page: 'table-baseline', query: '', rows: 10_000 },
];

export const SCROLL = { steps: 120, stepPx: 100, jumps: 20 } as const;

export interface TableTiming {
  label: string;
  rows: number;
  renderMs: number;
  firstRenderMs: number;
  firstRenderSamplesMs: number[];
  /** Longest task of the mount (0: none over 50 ms), the worst page load. */
  mountLongestTaskMs: number;
  longestFrameMs: number;
  p95FrameMs: number;
  /** Long tasks while scrolling, all page loads, and the longest (0: none). */
  scrollLongTasks: number;
  scrollLongestTaskMs: number;
  renderedRows: number;
  ariaRowCount: number | null;
  /** Main-thread CPU time (CDP `TaskDuration`, thread ticks) of the mount and its next two frames, ms. */
  mountCpuMs: number;
  /** Main-thread CPU time per frame while scrolling, ms: the work each frame costs, whatever else runs on the machine. */
  scrollCpuMsPerFrame: number;
  /** After the scroll: the last row's `aria-rowindex` and whether the header was in view, every load. */
  reachedEnd: boolean;
  headerKept: boolean;
  /**
   * The layout properties and methods the render read (`createRoot` + `flushSync(render)`, in a
   * load of its own, not timed): each lays the page out inside the render. DataTable cases only.
   */
  layoutReadsInRender?: string[];
}

export interface DataTableResult {
  rounds: number;
  cases: Record<string, TableTiming>;
  /** DataTable at 10,000 rows ÷ the hand-written table of every row, first render. */
  firstRenderVsBaseline10k: number;
}

interface Load {
  mount: TableMountResult;
  scroll: TableScrollResult;
  mountCpuMs: number;
  scrollCpuMs: number;
}

/** The layout the render of `rows` reads, in a load of its own (see `TableMountResult.layoutReads`). */
async function layoutReads(browser: Browser, url: string, rows: number): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.tableBench !== undefined);
    await page.evaluate((count) => (window.tableBench as NonNullable<Window['tableBench']>).prepare(count), rows);
    const mount = await page.evaluate(() => (window.tableBench as NonNullable<Window['tableBench']>).mount({ countLayoutReads: true }));
    return mount.layoutReads ?? [];
  } finally {
    await context.close();
  }
}

async function oneLoad(browser: Browser, url: string, rows: number): Promise<Load> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Performance.enable', { timeDomain: 'threadTicks' });
    const taskSeconds = async () =>
      (await session.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
    await page.goto(url);
    await page.waitForFunction(() => window.tableBench !== undefined);
    await page.evaluate((count) => (window.tableBench as NonNullable<Window['tableBench']>).prepare(count), rows);
    const beforeMount = await taskSeconds();
    const mount = await page.evaluate(() => (window.tableBench as NonNullable<Window['tableBench']>).mount());
    const beforeScroll = await taskSeconds();
    const scroll = await page.evaluate((options) => (window.tableBench as NonNullable<Window['tableBench']>).scroll(options), SCROLL);
    const after = await taskSeconds();
    return { mount, scroll, mountCpuMs: (beforeScroll - beforeMount) * 1000, scrollCpuMs: (after - beforeScroll) * 1000 };
  } finally {
    await context.close();
  }
}

export async function runDataTable(
  browser: Browser,
  pages: ServedPages,
  options: { rounds: number },
  log: (line: string) => void,
): Promise<DataTableResult> {
  const loads = new Map<string, Load[]>(TABLE_CASES.map((entry) => [entry.id, []]));
  // Unrecorded: the first pages of a fresh browser pay for starting its processes.
  await oneLoad(browser, pages.page('table-ours'), 1_000);
  for (let roundIndex = 0; roundIndex < options.rounds; roundIndex++) {
    const order = TABLE_CASES.map((_, index) => TABLE_CASES[(index + roundIndex) % TABLE_CASES.length] as TableCase);
    for (const entry of order) loads.get(entry.id)?.push(await oneLoad(browser, pages.page(entry.page) + entry.query, entry.rows));
    log(`  data table: round ${roundIndex + 1}/${options.rounds}`);
  }
  const reads = new Map<string, string[]>();
  for (const entry of TABLE_CASES)
    if (entry.page === 'table-ours' && entry.query === '')
      reads.set(entry.id, await layoutReads(browser, pages.page(entry.page), entry.rows));
  const cases: Record<string, TableTiming> = {};
  for (const entry of TABLE_CASES) {
    const list = loads.get(entry.id) ?? [];
    const first = list[0];
    cases[entry.id] = {
      label: entry.label,
      rows: entry.rows,
      renderMs: round(median(list.map((load) => load.mount.renderMs)), 1),
      firstRenderMs: round(median(list.map((load) => load.mount.firstRenderMs)), 1),
      firstRenderSamplesMs: list.map((load) => round(load.mount.firstRenderMs, 1)),
      mountLongestTaskMs: round(Math.max(0, ...list.map((load) => load.mount.longestTaskMs)), 1),
      longestFrameMs: round(median(list.map((load) => load.scroll.longestFrameMs)), 1),
      p95FrameMs: round(median(list.map((load) => load.scroll.p95FrameMs)), 1),
      scrollLongTasks: list.reduce((sum, load) => sum + load.scroll.longTasks, 0),
      scrollLongestTaskMs: round(Math.max(0, ...list.map((load) => load.scroll.longestTaskMs)), 1),
      mountCpuMs: round(median(list.map((load) => load.mountCpuMs)), 1),
      scrollCpuMsPerFrame: round(median(list.map((load) => load.scrollCpuMs / Math.max(1, load.scroll.frames))), 2),
      renderedRows: first?.mount.renderedRows ?? 0,
      ariaRowCount: first?.mount.ariaRowCount ?? null,
      reachedEnd: list.every((load) => load.scroll.lastRowIndex === null || load.scroll.lastRowIndex === entry.rows + 1),
      headerKept: list.every((load) => load.scroll.headerInView),
      ...(reads.has(entry.id) ? { layoutReadsInRender: reads.get(entry.id) } : {}),
    };
  }
  return {
    rounds: options.rounds,
    cases,
    firstRenderVsBaseline10k: round(ratio(cases.ours10k?.firstRenderMs, cases.baseline10k?.firstRenderMs)),
  };
}

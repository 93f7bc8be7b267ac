/**
 * The keystroke and mount of the issue's own measurement, beside the typing section's: the forms
 * whose goals are published (the hand-written baseline, `<ToolCallForm>`, `useToolCallForm` with
 * fields calling `useHeadlessField`) side by side in one page load, 200 fields each, its stylesheet
 * linked. A keystroke: the first text field's value set through the native setter, `input`
 * dispatched, the next task (a `MessageChannel` message) awaited; per form and page load the mean
 * of the fastest 90% of 50 after 10 warm-ups, the forms typed into in turn. Mount: `createRoot` +
 * `flushSync(render)` of each form after a small one of each kind (the page's first run of React
 * is nobody's). Medians over `rounds` page loads, the order rotated each load; ratios to the
 * baseline of the same run.
 */
import type { Browser } from 'playwright-core';
import { median, ratio, round } from '../lib/stats';
import type { SideBySideCase } from '../pages/protocol';
import type { PageSpec, ServedPages } from './pages';
import { fastMean } from './typing';

export const SIDE_BY_SIDE_PAGE: PageSpec = { name: 'forms-side-by-side', entry: 'forms/side-by-side.tsx', withOurStyles: true };

export const SIDE_BY_SIDE_CASES = [
  { id: 'baseline', label: 'hand-written (useState per field, native controls)' },
  { id: 'ours', label: 'hitl-react ToolCallForm' },
  { id: 'headless', label: 'hitl-react useToolCallForm (native elements)' },
] as const;

export const SIDE_BY_SIDE = { fieldCount: 200, warmups: 10, keystrokes: 50 } as const;

export interface SideBySideTiming {
  label: string;
  mountMs: number;
  mountSamplesMs: number[];
  /** Median over page loads of each load's mean of its fastest 90% keystrokes, ms. */
  keystrokeMs: number;
  keystrokeSamplesMs: number[];
  /** Median over page loads of each load's median keystroke, ms. */
  keystrokeMedianMs: number;
  lostKeystrokes: number;
  domElements: number;
  /** ÷ the baseline's median of the same run. */
  mountRatio: number;
  keystrokeRatio: number;
  keystrokeMedianRatio: number;
}

export interface SideBySideResult {
  rounds: number;
  fieldCount: number;
  warmups: number;
  keystrokes: number;
  cases: Record<string, SideBySideTiming>;
}

export async function runSideBySide(
  browser: Browser,
  pages: ServedPages,
  options: { rounds: number },
  log: (line: string) => void,
): Promise<SideBySideResult> {
  const ids = SIDE_BY_SIDE_CASES.map((entry) => entry.id as string);
  const loads = new Map<string, SideBySideCase[]>(ids.map((id) => [id, []]));
  for (let roundIndex = 0; roundIndex < options.rounds; roundIndex++) {
    const order = ids.map((_, index) => ids[(index + roundIndex) % ids.length] as string);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(pages.page(SIDE_BY_SIDE_PAGE.name));
      await page.waitForFunction(() => window.sideBySideBench !== undefined);
      const results = await page.evaluate(
        (runOptions) => (window.sideBySideBench as NonNullable<Window['sideBySideBench']>).run(runOptions),
        { ...SIDE_BY_SIDE, order },
      );
      for (const id of ids) loads.get(id)?.push(results[id] as SideBySideCase);
    } finally {
      await context.close();
    }
    log(`  side by side: round ${roundIndex + 1}/${options.rounds}`);
  }
  const summary = (id: string) => {
    const list = loads.get(id) ?? [];
    return {
      list,
      mount: median(list.map((load) => load.mountMs)),
      key: median(list.map((load) => fastMean(load.samples))),
      keyMedian: median(list.map((load) => median(load.samples))),
    };
  };
  const base = summary('baseline');
  const cases: Record<string, SideBySideTiming> = {};
  for (const entry of SIDE_BY_SIDE_CASES) {
    const own = summary(entry.id);
    cases[entry.id] = {
      label: entry.label,
      mountMs: round(own.mount),
      mountSamplesMs: own.list.map((load) => round(load.mountMs, 2)),
      keystrokeMs: round(own.key),
      keystrokeSamplesMs: own.list.map((load) => round(fastMean(load.samples), 3)),
      keystrokeMedianMs: round(own.keyMedian),
      lostKeystrokes: own.list.reduce((sum, load) => sum + load.lost, 0),
      domElements: own.list[0]?.domElements ?? 0,
      mountRatio: round(ratio(own.mount, base.mount)),
      keystrokeRatio: round(ratio(own.key, base.key)),
      keystrokeMedianRatio: round(ratio(own.keyMedian, base.keyMedian)),
    };
  }
  return { rounds: options.rounds, ...SIDE_BY_SIDE, cases };
}

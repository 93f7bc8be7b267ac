/**
 * Mounting and typing in real Chromium: ToolCallForm, rjsf, JSON Forms and a hand-written
 * baseline, each page bundled from the consumer app (the packed package, as a user's app gets it),
 * forms of 200 and 1,000 fields cycling through ten kinds.
 *
 * The method of the independent measurement: mount = `createRoot` + `flushSync(render)`
 * timed with `performance.now()`; keystroke = the first text input's value set, `input`
 * dispatched, the next task awaited, 10 warm-ups then 60 recorded, the mean of the fastest 90%
 * per page load; the median over `rounds` page loads (a fresh browser context each), libraries
 * interleaved and the order rotated each round. Ratios are of those medians, to the baseline of
 * the same run. Long tasks while typing come from a `PerformanceObserver` ('longtask').
 */
import type { Browser } from 'playwright-core';
import { median, ratio, round } from '../lib/stats';
import type { FormMountOptions, MountResult, TypingSamples } from '../pages/protocol';
import type { ServedPages } from './pages';
import type { SideBySideResult } from './side-by-side';

export interface FormCase {
  id: string;
  label: string;
  /** The page's name in `pages.ts`. */
  page: string;
  mix: FormMountOptions['mix'];
  until: FormMountOptions['until'];
  /** `synthetic`: the method above. `keys`: the earlier bench's real key presses (diagnosis). `none`: mount only. */
  typing: 'synthetic' | 'keys' | 'none';
}

const standard = { mix: 'standard', until: 'flushSync', typing: 'synthetic' } as const;

export const FORM_CASES: readonly FormCase[] = [
  { id: 'baseline', label: 'hand-written (useState per field, native controls)', page: 'forms-baseline', ...standard },
  { id: 'ours', label: 'hitl-react ToolCallForm', page: 'forms-ours', ...standard },
  // The headless hook with native elements and no stylesheet: what the form core costs without our
  // fields. A `Field` component per field, not memoised, calling `useHeadlessField`, as the guide writes it.
  { id: 'headless', label: 'hitl-react useToolCallForm (native elements)', page: 'forms-headless', ...standard },
  // The same fields reading `form.fields` without `useHeadlessField`: uncontrolled props, the DOM holds the value.
  {
    id: 'headlessPlain',
    label: 'hitl-react useToolCallForm (fields without useHeadlessField)',
    page: 'forms-headless-plain',
    ...standard,
  },
  { id: 'rjsf', label: 'rjsf', page: 'forms-rjsf', ...standard },
  { id: 'jsonForms', label: 'JSON Forms', page: 'forms-jsonforms', ...standard },
  // The same forms with every select a text field: what the 20 (100) selects cost at mount.
  {
    id: 'baselineNoSelects',
    label: 'hand-written, selects as text',
    page: 'forms-baseline',
    ...standard,
    mix: 'no-select',
    typing: 'none',
  },
  { id: 'oursNoSelects', label: 'ToolCallForm, selects as text', page: 'forms-ours', ...standard, mix: 'no-select', typing: 'none' },
];

/** Added by `--diagnose`: where the bench and the independent measurement differed, one change at a time. */
export const DIAGNOSTIC_FORM_CASES: readonly FormCase[] = [
  { id: 'oursUnstyled', label: 'ToolCallForm without its stylesheet', page: 'forms-ours-unstyled', ...standard },
  { id: 'oursFromSource', label: 'ToolCallForm bundled from src/ (the earlier bench)', page: 'forms-ours-source', ...standard },
  { id: 'baselinePreviousMix', label: 'hand-written, the earlier 12-kind mix', page: 'forms-baseline', ...standard, mix: 'previous' },
  { id: 'oursPreviousMix', label: 'ToolCallForm, the earlier 12-kind mix', page: 'forms-ours', ...standard, mix: 'previous' },
  {
    id: 'baselineEarlierMethod',
    label: 'hand-written, earlier mix and method',
    page: 'forms-baseline',
    mix: 'previous',
    until: 'settled',
    typing: 'keys',
  },
  {
    id: 'oursEarlierMethod',
    label: 'ToolCallForm, earlier mix and method',
    page: 'forms-ours',
    mix: 'previous',
    until: 'settled',
    typing: 'keys',
  },
];

export const FORM_SIZES = [200, 1000] as const;
export const WARMUPS = 10;
export const KEYSTROKES = 60;
/** Keys of the earlier method, pressed one at a time. */
const EARLIER_KEYS = 'quickbrown';

export interface CaseTiming {
  label: string;
  /** Median over page loads of `createRoot` + `flushSync(render)`, ms (or the earlier "settled" mount). */
  mountMs: number;
  mountSamplesMs: number[];
  /** Median over page loads of each load's mean of its fastest 90% keystrokes, ms. */
  keystrokeMs: number;
  keystrokeSamplesMs: number[];
  /**
   * Median over page loads of each load's median keystroke, ms. Steadier than the mean above: a
   * keystroke whose next task waits behind a frame the browser renders takes 5 to 15 ms instead of
   * about 1, and how many do varies from load to load; the median is not moved by them.
   */
  keystrokeMedianMs?: number;
  /** Long tasks (over 50 ms) while typing, all page loads together, and the longest, ms. */
  longTasks: number;
  longestTaskMs: number;
  lostKeystrokes: number;
  labelledControls: number;
  domElements: number;
  /** ÷ the baseline's median of the same run (the earlier-method cases: ÷ their own baseline). */
  mountRatio: number;
  keystrokeRatio: number;
  keystrokeMedianRatio?: number;
}

export interface TypingResult {
  rounds: number;
  warmups: number;
  keystrokes: number;
  /** By field count, then case id. */
  sizes: Record<string, Record<string, CaseTiming>>;
  /** By field count: the share of the mount spent in the selects, (mount − mount with selects as text) ÷ mount. */
  selectShare: Record<string, { ours: number; baseline: number; selects: number; oursPerSelectMs: number; baselinePerSelectMs: number }>;
  /** The measurement: the forms with goals side by side in one page load (bench/sections/side-by-side.ts). */
  sideBySide?: SideBySideResult;
}

/** The mean of the fastest `share` of the samples. */
export function fastMean(samples: readonly number[], share = 0.9): number {
  const kept = [...samples].sort((a, b) => a - b).slice(0, Math.max(1, Math.round(samples.length * share)));
  return kept.reduce((sum, value) => sum + value, 0) / kept.length;
}

interface LoadResult {
  mount: MountResult;
  keystrokeMs: number;
  keystrokeMedianMs: number;
  longTasks: number[];
  lost: number;
}

async function oneLoad(browser: Browser, url: string, fieldCount: number, form: FormCase): Promise<LoadResult> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.formBench !== undefined);
    const mount = await page.evaluate((options) => (window.formBench as NonNullable<Window['formBench']>).mount(options), {
      fieldCount,
      mix: form.mix,
      until: form.until,
    });
    if (form.typing === 'synthetic') {
      const typed: TypingSamples = await page.evaluate((options) => (window.formBench as NonNullable<Window['formBench']>).type(options), {
        warmups: WARMUPS,
        keystrokes: KEYSTROKES,
      });
      return {
        mount,
        keystrokeMs: fastMean(typed.samples),
        keystrokeMedianMs: median(typed.samples),
        longTasks: typed.longTasks,
        lost: typed.lost,
      };
    }
    if (form.typing === 'keys') {
      const focused = await page.evaluate(
        (label) => (window.formBench as NonNullable<Window['formBench']>).startKeyTiming(label),
        mount.middleTextLabel,
      );
      if (!focused) throw new Error(`${url}: no text control labelled "${mount.middleTextLabel}"`);
      for (const key of EARLIER_KEYS) {
        await page.keyboard.press(key);
        await page.evaluate(() => (window.formBench as NonNullable<Window['formBench']>).settleKey());
      }
      const keys = await page.evaluate(() => (window.formBench as NonNullable<Window['formBench']>).takeKeyTimings());
      return { mount, keystrokeMs: median(keys.fromTimeStamp), keystrokeMedianMs: Number.NaN, longTasks: [], lost: keys.lost };
    }
    return { mount, keystrokeMs: Number.NaN, keystrokeMedianMs: Number.NaN, longTasks: [], lost: 0 };
  } finally {
    await context.close();
  }
}

export async function runTyping(
  browser: Browser,
  pages: ServedPages,
  options: { rounds: number; diagnose: boolean; sizes?: readonly number[]; cases?: readonly string[] },
  log: (line: string) => void,
): Promise<TypingResult> {
  const all = options.diagnose ? [...FORM_CASES, ...DIAGNOSTIC_FORM_CASES] : FORM_CASES;
  // `--form-cases`: some of them, to try one quickly; the baseline always, every ratio is to it.
  const cases = options.cases ? all.filter((form) => form.id === 'baseline' || options.cases?.includes(form.id)) : all;
  const sizes: TypingResult['sizes'] = {};
  const selectShare: TypingResult['selectShare'] = {};
  // Unrecorded: the first pages of a fresh browser pay for starting its processes.
  for (const form of FORM_CASES.slice(0, 4)) await oneLoad(browser, pages.page(form.page), 50, form);
  for (const fieldCount of options.sizes ?? FORM_SIZES) {
    const loads = new Map<string, LoadResult[]>(cases.map((form) => [form.id, []]));
    for (let roundIndex = 0; roundIndex < options.rounds; roundIndex++) {
      const order = cases.map((_, index) => cases[(index + roundIndex) % cases.length] as FormCase);
      for (const form of order) loads.get(form.id)?.push(await oneLoad(browser, pages.page(form.page), fieldCount, form));
      log(`  typing: ${fieldCount} fields, round ${roundIndex + 1}/${options.rounds}`);
    }
    const summary = (id: string) => {
      const list = loads.get(id) ?? [];
      return {
        mount: median(list.map((load) => load.mount.mountMs)),
        key: median(list.map((load) => load.keystrokeMs)),
        keyMedian: median(list.map((load) => load.keystrokeMedianMs)),
      };
    };
    const bySize: Record<string, CaseTiming> = {};
    for (const form of cases) {
      const list = loads.get(form.id) ?? [];
      const own = summary(form.id);
      const base = summary(form.typing === 'keys' ? 'baselineEarlierMethod' : form.mix === 'previous' ? 'baselinePreviousMix' : 'baseline');
      const allLong = list.flatMap((load) => load.longTasks);
      bySize[form.id] = {
        label: form.label,
        mountMs: round(own.mount),
        mountSamplesMs: list.map((load) => round(load.mount.mountMs, 2)),
        keystrokeMs: round(own.key),
        keystrokeSamplesMs: list.map((load) => round(load.keystrokeMs, 3)),
        longTasks: allLong.length,
        longestTaskMs: round(Math.max(0, ...allLong), 1),
        lostKeystrokes: list.reduce((sum, load) => sum + load.lost, 0),
        labelledControls: list[0]?.mount.labelledControls ?? 0,
        domElements: list[0]?.mount.domElements ?? 0,
        mountRatio: round(ratio(own.mount, base.mount)),
        keystrokeRatio: round(ratio(own.key, base.key)),
        keystrokeMedianMs: round(own.keyMedian),
        keystrokeMedianRatio: round(ratio(own.keyMedian, base.keyMedian)),
      };
    }
    sizes[String(fieldCount)] = bySize;
    if (!loads.has('oursNoSelects') || !loads.has('baselineNoSelects')) continue;
    const selects = Math.floor(fieldCount / 10);
    const share = (id: string, withoutId: string) => {
      const all = summary(id).mount;
      const without = summary(withoutId).mount;
      return { share: round((all - without) / all), perSelect: round((all - without) / selects) };
    };
    const ours = share('ours', 'oursNoSelects');
    const baseline = share('baseline', 'baselineNoSelects');
    selectShare[String(fieldCount)] = {
      ours: ours.share,
      baseline: baseline.share,
      selects,
      oursPerSelectMs: ours.perSelect,
      baselinePerSelectMs: baseline.perSelect,
    };
  }
  return { rounds: options.rounds, warmups: WARMUPS, keystrokes: KEYSTROKES, sizes, selectShare };
}

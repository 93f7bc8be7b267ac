/**
 * Mounting and typing in real Chromium: ToolCallForm, rjsf, JSON Forms and a hand-written
 * baseline, each a production bundle, forms of 50 and 200 mixed fields.
 *
 * Each round opens a fresh page per library (a cold mount, as when a form first appears), in
 * interleaved order (the order rotates each round, so no library always follows the same one),
 * mounts, focuses the text field nearest the middle and types `KEYS`, one key at a time, waiting
 * for each to be measured and a frame to pass, then unmounts and mounts the form again (a warm
 * mount). One unrecorded warm-up round first. What the times cover: `MountResult` and
 * `KeystrokeSamples` in bench/pages/protocol.ts.
 */
import type { Browser } from 'playwright-core';
import { median, quantile, ratio, round } from '../lib/stats';
import type { KeystrokeSamples, MountResult } from '../pages/protocol';
import { servePages } from './pages';

export interface FormLibrary {
  id: string;
  label: string;
  /** Relative to bench/pages/. */
  entry: string;
  withOurStyles: boolean;
}

export const FORM_LIBRARIES = [
  { id: 'baseline', label: 'plain React (useState per field)', entry: 'forms/baseline.tsx', withOurStyles: false },
  { id: 'ours', label: 'ToolCallForm', entry: 'forms/ours.tsx', withOurStyles: true },
  // The same without its stylesheet: tells the cost of our code from the cost of our CSS.
  { id: 'oursUnstyled', label: 'ToolCallForm, no stylesheet', entry: 'forms/ours.tsx', withOurStyles: false },
  { id: 'rjsf', label: 'rjsf', entry: 'forms/rjsf.tsx', withOurStyles: false },
  { id: 'jsonForms', label: 'JSON Forms (vanilla)', entry: 'forms/jsonforms.tsx', withOurStyles: false },
] as const satisfies readonly FormLibrary[];

/** Added by `--diagnose`: variants that tell where our time goes. Not in the targets. */
export const DIAGNOSTIC_FORM_LIBRARIES: readonly FormLibrary[] = [
  {
    id: 'oursNativeControls',
    label: 'ToolCallForm, selects as radios, switches as checkboxes (no Radix)',
    entry: 'forms/ours-native-controls.tsx',
    withOurStyles: true,
  },
];

export type FormLibraryId = (typeof FORM_LIBRARIES)[number]['id'];

export const FORM_SIZES = [50, 200] as const;

const KEYS = 'quickbrown';

export interface TypingOptions {
  rounds: number;
  /** Adds `DIAGNOSTIC_FORM_LIBRARIES`. */
  diagnose: boolean;
}

export interface LibraryTiming {
  /** Median over the rounds of the first mount in a fresh page, ms (see `MountResult.mountMs`). */
  mountMs: number;
  mountSamplesMs: number[];
  /** Median over the rounds of a second mount of the same form in the same page (code compiled, caches warm), ms. */
  warmMountMs: number;
  /** Median keystroke latency over every key of every round, ms (see `KeystrokeSamples.fromTimeStamp`). */
  keystrokeMs: number;
  keystrokeP90Ms: number;
  /** Same end point, from the first keydown listener instead of the event's timestamp. */
  keystrokeFromListenerMs: number;
  keystrokes: number;
  lostKeystrokes: number;
  labelledControls: number;
  /** Elements the form rendered (see `MountResult.domElements`). */
  domElements: number;
  /** This library ÷ the baseline, paired by round (see `pairedRatio`). */
  mountRatio: number;
  warmMountRatio: number;
  keystrokeRatio: number;
}

export interface TypingResult {
  rounds: number;
  keysPerRound: number;
  /** By field count, then library (`FormLibraryId`, plus diagnostic variants when asked for). */
  sizes: Record<string, Record<FormLibraryId, LibraryTiming> & Record<string, LibraryTiming>>;
}

interface RawTimings {
  mounts: number[];
  warmMounts: number[];
  /** Median keystroke of each round. */
  roundKeys: number[];
  keys: number[];
  fromListener: number[];
  lost: number;
  controls: number;
  elements: number;
}

/**
 * The median over rounds of this round's value ÷ the baseline's in the same round. The two were
 * measured seconds apart, so load that comes and goes (another process, the CPU's clock) mostly
 * cancels out, which a ratio of two medians taken over minutes would not do.
 */
function pairedRatio(values: readonly number[], baseline: readonly number[]): number {
  return median(values.map((value, index) => ratio(value, baseline[index])).filter((value) => Number.isFinite(value)));
}

async function oneRound(
  browser: Browser,
  url: string,
  fieldCount: number,
): Promise<{ mount: MountResult; warmMountMs: number; samples: KeystrokeSamples }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.formBench !== undefined);
    const mount = await page.evaluate((count) => (window.formBench as NonNullable<Window['formBench']>).mount(count), fieldCount);
    const focused = await page.evaluate((label) => (window.formBench as NonNullable<Window['formBench']>).focus(label), mount.targetLabel);
    if (!focused) throw new Error(`${url}: no text control labelled "${mount.targetLabel}"`);
    for (const key of KEYS) {
      await page.keyboard.press(key);
      await page.evaluate(() => (window.formBench as NonNullable<Window['formBench']>).settle());
    }
    const samples = await page.evaluate(() => (window.formBench as NonNullable<Window['formBench']>).take());
    const warmMountMs = await page.evaluate(() => (window.formBench as NonNullable<Window['formBench']>).remount());
    return { mount, warmMountMs, samples };
  } finally {
    await context.close();
  }
}

export async function runTyping(browser: Browser, options: TypingOptions, log: (line: string) => void): Promise<TypingResult> {
  const libraries: readonly FormLibrary[] = options.diagnose ? [...FORM_LIBRARIES, ...DIAGNOSTIC_FORM_LIBRARIES] : FORM_LIBRARIES;
  const server = await servePages(
    libraries.map((library) => ({ name: `forms-${library.id}`, entry: library.entry, withOurStyles: library.withOurStyles })),
  );
  try {
    const sizes: TypingResult['sizes'] = {};
    // Unrecorded: the first pages of a fresh browser pay for starting its processes.
    for (const library of libraries) await oneRound(browser, server.page(`forms-${library.id}`), FORM_SIZES[0]);
    for (const fieldCount of FORM_SIZES) {
      const raw = new Map<string, RawTimings>();
      for (const library of libraries)
        raw.set(library.id, { mounts: [], warmMounts: [], roundKeys: [], keys: [], fromListener: [], lost: 0, controls: 0, elements: 0 });
      for (let roundIndex = 0; roundIndex < options.rounds; roundIndex++) {
        const order = libraries.map((_, index) => libraries[(index + roundIndex) % libraries.length] as FormLibrary);
        for (const library of order) {
          const { mount, warmMountMs, samples } = await oneRound(browser, server.page(`forms-${library.id}`), fieldCount);
          const entry = raw.get(library.id);
          if (!entry) continue;
          entry.mounts.push(mount.mountMs);
          entry.warmMounts.push(warmMountMs);
          entry.roundKeys.push(median(samples.fromTimeStamp));
          entry.keys.push(...samples.fromTimeStamp);
          entry.fromListener.push(...samples.fromListener);
          entry.lost += samples.lost;
          entry.controls = mount.labelledControls;
          entry.elements = mount.domElements;
        }
        log(`  typing: ${fieldCount} fields, round ${roundIndex + 1}/${options.rounds}`);
      }
      const base = raw.get('baseline');
      const bySize = {} as TypingResult['sizes'][string];
      for (const library of libraries) {
        const entry = raw.get(library.id);
        if (!entry || !base) continue;
        bySize[library.id] = {
          mountMs: round(median(entry.mounts)),
          mountSamplesMs: entry.mounts.map((value) => round(value, 2)),
          warmMountMs: round(median(entry.warmMounts)),
          keystrokeMs: round(median(entry.keys)),
          keystrokeP90Ms: round(quantile(entry.keys, 0.9)),
          keystrokeFromListenerMs: round(median(entry.fromListener)),
          keystrokes: entry.keys.length,
          lostKeystrokes: entry.lost,
          labelledControls: entry.controls,
          domElements: entry.elements,
          mountRatio: round(pairedRatio(entry.mounts, base.mounts)),
          warmMountRatio: round(pairedRatio(entry.warmMounts, base.warmMounts)),
          keystrokeRatio: round(pairedRatio(entry.roundKeys, base.roundKeys)),
        };
      }
      sizes[String(fieldCount)] = bySize;
    }
    return { rounds: options.rounds, keysPerRound: KEYS.length, sizes };
  } finally {
    await server.close();
  }
}

/**
 * The goals we publish, checked against one run. Bytes goals are also enforced in CI through
 * bench/size-budget.json; timing goals only here (timings do not belong in tests).
 */
import type { BenchResults, TargetResult } from './results';
import { formatKb, formatRatio } from './stats';

export const TARGETS = {
  toolCallFormVsRjsf: 0.35,
  toolCallFormOwnGzip: 12 * 1024,
  hooksStoreOwnGzip: 4 * 1024,
  keystroke200VsBaseline: 1.5,
  mount200VsBaseline: 2,
  /** "One request per interval per run", with room for measuring a rate from four polls. */
  requestsPerRunPerInterval: 1.05,
} as const;

const kb = (bytes: number | undefined) => (bytes === undefined ? '–' : formatKb(bytes));

function topFiles(results: Omit<BenchResults, 'targets'>, id: 'toolCallFormOwn' | 'hooksStoreOwn', count: number): string {
  const files = results.bytes?.byFile[id] ?? [];
  return files
    .slice(0, count)
    .map((file) => `${file.file.replace(/^.*?src\//, 'src/')} ${(file.bytes / 1024).toFixed(1)} KB`)
    .join(', ');
}

export function evaluateTargets(results: Omit<BenchResults, 'targets'>): TargetResult[] {
  const targets: TargetResult[] = [];
  const bytes = results.bytes;
  const status = (ok: boolean | undefined): TargetResult['status'] => (ok === undefined ? 'NOT MEASURED' : ok ? 'PASS' : 'MISS');

  {
    const value = bytes?.ratios.toolCallFormVsRjsfAboveReact;
    const ok = value === undefined || Number.isNaN(value) ? undefined : value <= TARGETS.toolCallFormVsRjsf;
    const form = bytes?.entries.toolCallForm?.aboveReact?.gzip;
    const rjsf = bytes?.entries.rjsf?.aboveReact?.gzip;
    const withRadix = bytes?.entries.toolCallFormWithRadix?.gzip;
    const own = bytes?.entries.toolCallFormOwn?.gzip;
    const radix = withRadix === undefined || own === undefined ? undefined : withRadix - own;
    targets.push({
      id: 'toolCallFormVsRjsf',
      goal: `ToolCallForm above React ≤ ${TARGETS.toolCallFormVsRjsf}× rjsf's (gzip)`,
      measured: value === undefined ? '–' : `${formatRatio(value)} (${kb(form)} vs ${kb(rjsf)})`,
      status: status(ok),
      ...(ok === false
        ? {
            why: `Radix Select and Switch with their dependencies are ${kb(radix)} of it (ToolCallForm with Radix minus its own code, gzip).`,
          }
        : {}),
    });
  }
  {
    const value = bytes?.entries.toolCallFormOwn?.gzip;
    const ok = value === undefined ? undefined : value <= TARGETS.toolCallFormOwnGzip;
    targets.push({
      id: 'toolCallFormOwnGzip',
      goal: `ToolCallForm's own code (React, ReactDOM, Radix left out) ≤ ${kb(TARGETS.toolCallFormOwnGzip)} gzip`,
      measured: kb(value),
      status: status(ok),
      ...(ok === false ? { why: `Largest files (minified): ${topFiles(results, 'toolCallFormOwn', 5)}.` } : {}),
    });
  }
  {
    const value = bytes?.entries.hooksStoreOwn?.gzip;
    const ok = value === undefined ? undefined : value <= TARGETS.hooksStoreOwnGzip;
    const single = bytes?.entries.useRunStatusOwn?.gzip;
    targets.push({
      id: 'hooksStoreOwnGzip',
      goal: `Hooks + store (every hook, the provider, the store) ≤ ${kb(TARGETS.hooksStoreOwnGzip)} gzip`,
      measured: `${kb(value)} (useRunStatus alone with the store: ${kb(single)})`,
      status: status(ok),
      ...(ok === false ? { why: `Largest files (minified): ${topFiles(results, 'hooksStoreOwn', 5)}.` } : {}),
    });
  }
  const typing200 = results.typing?.sizes['200'];
  {
    const value = typing200?.ours.keystrokeRatio;
    const ok = value === undefined ? undefined : value <= TARGETS.keystroke200VsBaseline;
    const unstyled = typing200?.['oursUnstyled'];
    targets.push({
      id: 'keystroke200VsBaseline',
      goal: `Keystroke at 200 fields ≤ ${TARGETS.keystroke200VsBaseline}× the plain React baseline`,
      measured:
        value === undefined ? '–' : `${formatRatio(value)} (${typing200?.ours.keystrokeMs} ms vs ${typing200?.baseline.keystrokeMs} ms)`,
      status: status(ok),
      ...(ok === false && unstyled
        ? {
            why: `Without its stylesheet the same form types in ${formatRatio(unstyled.keystrokeRatio)} the baseline: the cost is our CSS, not our code. See bench/README.md, "What the misses cost".`,
          }
        : {}),
    });
  }
  {
    const value = typing200?.ours.mountRatio;
    const ok = value === undefined ? undefined : value <= TARGETS.mount200VsBaseline;
    const ours = typing200?.ours;
    const base = typing200?.baseline;
    const native = typing200?.['oursNativeControls'];
    targets.push({
      id: 'mount200VsBaseline',
      goal: `Mount at 200 fields ≤ ${TARGETS.mount200VsBaseline}× the plain React baseline (first mount in a fresh page)`,
      measured:
        value === undefined
          ? '–'
          : `${formatRatio(value)} (${ours?.mountMs} ms vs ${base?.mountMs} ms; warm remount ${formatRatio(ours?.warmMountRatio ?? Number.NaN)})`,
      status: status(ok),
      ...(ok === false
        ? {
            why:
              `ToolCallForm renders ${ours?.domElements} elements where the baseline renders ${base?.domElements}` +
              (native
                ? `; with its Radix controls swapped for native ones it mounts in ${formatRatio(native.mountRatio)} the baseline (warm ${formatRatio(native.warmMountRatio)})`
                : '; `npm run bench -- --only typing --diagnose` measures it without its Radix controls') +
              '. See bench/README.md, "What the misses cost".',
          }
        : {}),
    });
  }
  {
    const polling = results.polling;
    const cases = polling ? [...Object.values(polling.viewers).map((byLibrary) => byLibrary.ours), polling.manyRuns.ours] : [];
    const worst = cases.reduce((max, entry) => Math.max(max, entry.requestsPerRunPerInterval), 0);
    const perPoll = cases.reduce((max, entry) => Math.max(max, entry.requestsPerPoll), 0);
    const ok = polling === undefined ? undefined : worst <= TARGETS.requestsPerRunPerInterval && perPoll === 1;
    targets.push({
      id: 'oneRequestPerRun',
      goal: 'One status request per interval per run, whatever the number of viewers',
      measured:
        polling === undefined
          ? '–'
          : `at most ${worst.toFixed(2)} requests per run per interval, ${perPoll} per poll (1, 10, 100 viewers of one run; ${polling.manyRuns.ours.tasks} runs)`,
      status: status(ok),
    });
  }
  return targets;
}

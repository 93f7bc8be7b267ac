/**
 * `npm run bench`: sizes and timings of hitl-react beside rjsf, JSON Forms, TanStack Query and
 * SWR, on this machine, measured on what a user installs: the package is built and packed from a
 * copy of the working tree, the tarball installed with npm into an empty app, and every page
 * bundled from that app (scripts/lib/packed-package.ts, bench/lib/bundle.ts). Prints the tables,
 * writes bench/results/latest.json and bench/results/performance.md (the figures of the
 * Performance guide, stories/guides/performance.mdx). See bench/README.md.
 *
 *   tsx bench/run.ts                      everything
 *   tsx bench/run.ts --only bytes,typing  some sections (bytes, typing, table, polling, tabs, validation, hub, requests); printed, not written
 *   tsx bench/run.ts --quick              fewer rounds, to try a change; not written
 *   tsx bench/run.ts --only typing --diagnose   adds the variants that tell the earlier bench from this one
 *   tsx bench/run.ts --report             no measuring: the tables, targets and performance.md again
 *                                         from bench/results/latest.json (after changing the report)
 *   tsx bench/run.ts --only bytes --single-module      the package built as one dist/index.js, as
 *                                         before it tree-shook (in the copy it is built from)
 *   --typing-rounds N, --table-rounds N, --polling-rounds N, --form-sizes 200,1000, --out FILE
 *   --form-cases ours,headless           some of the typing section's forms (the baseline is always measured);
 *                                         `sideBySide` adds the forms side by side in one page load
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchChromium } from './lib/browser';
import { currentLoad, machineInfo } from './lib/machine';
import { performanceSection, printReport } from './lib/report';
import type { BenchResults } from './lib/results';
import { evaluateTargets } from './lib/targets';
import { consumerApp, REPO_ROOT } from '../scripts/lib/packed-package';
import { singleModulePatch } from './lib/single-module-patch';
import { runBytes } from './sections/bytes';
import { runDataTable, TABLE_PAGES } from './sections/data-table';
import { runHub } from './sections/hub';
import { DIAGNOSTIC_FORM_PAGES, FORM_PAGES, servePages } from './sections/pages';
import { runPolling } from './sections/polling';
import { runRequests } from './sections/requests';
import { runSideBySide, SIDE_BY_SIDE_PAGE } from './sections/side-by-side';
import { runTabs } from './sections/tabs';
import { FORM_SIZES, runTyping } from './sections/typing';
import { runValidation } from './sections/validation';

const SECTIONS = ['bytes', 'typing', 'table', 'polling', 'tabs', 'validation', 'hub', 'requests'] as const;
type Section = (typeof SECTIONS)[number];

const root = REPO_ROOT;
const RESULTS = resolve(root, 'bench/results/latest.json');
const PERFORMANCE = resolve(root, 'bench/results/performance.md');

const MEASURED_PACKAGES = [
  'react',
  'react-dom',
  'hitl-react',
  '@radix-ui/react-select',
  '@radix-ui/react-switch',
  '@rjsf/core',
  '@rjsf/validator-ajv8',
  '@jsonforms/react',
  '@jsonforms/vanilla-renderers',
  '@tanstack/react-query',
  'swr',
  'ajv',
  'esbuild',
  'playwright-core',
];

/** Versions as installed in the consumer app (what was measured), else in ours (esbuild, playwright-core). */
function versions(app: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of MEASURED_PACKAGES) {
    found[name] = 'not installed';
    for (const base of [app, root]) {
      try {
        const require = createRequire(resolve(base, 'package.json'));
        found[name] = (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
        break;
      } catch {
        // Not there (or its package.json not exported): try the next.
      }
    }
  }
  return found;
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new RangeError(`--${name} must be a whole number of 1 or more, got ${value}`);
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      quick: { type: 'boolean', default: false },
      diagnose: { type: 'boolean', default: false },
      'single-module': { type: 'boolean', default: false },
      report: { type: 'boolean', default: false },
      'typing-rounds': { type: 'string' },
      'table-rounds': { type: 'string' },
      'polling-rounds': { type: 'string' },
      'form-sizes': { type: 'string' },
      'form-cases': { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (values.report) {
    const stored = JSON.parse(readFileSync(RESULTS, 'utf8')) as BenchResults;
    const results: BenchResults = { ...stored, targets: evaluateTargets(stored) };
    printReport(results, (text) => console.log(text));
    writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(PERFORMANCE, `${performanceSection(results)}\n`);
    console.log('\nRewrote the targets of bench/results/latest.json and bench/results/performance.md from its figures.');
    return;
  }
  const sections = (values.only?.split(',').map((name) => name.trim()) ?? [...SECTIONS]) as Section[];
  for (const section of sections)
    if (!SECTIONS.includes(section)) throw new RangeError(`--only: unknown section "${section}"; use ${SECTIONS.join(', ')}`);
  const typingRounds = positiveInteger(values['typing-rounds'], values.quick ? 2 : 7, 'typing-rounds');
  const pollingRounds = positiveInteger(values['polling-rounds'], values.quick ? 1 : 3, 'polling-rounds');
  const tableRounds = positiveInteger(values['table-rounds'], values.quick ? 2 : 5, 'table-rounds');
  const formCases = values['form-cases']?.split(',').map((id) => id.trim());
  const formSizes = values['form-sizes']?.split(',').map((size) => positiveInteger(size.trim(), 0, 'form-sizes')) ?? [...FORM_SIZES];
  const complete =
    values.only === undefined &&
    !values.quick &&
    !values.diagnose &&
    !values['single-module'] &&
    values['typing-rounds'] === undefined &&
    values['table-rounds'] === undefined &&
    values['polling-rounds'] === undefined &&
    values['form-sizes'] === undefined &&
    values['form-cases'] === undefined;

  const started = performance.now();
  const loadAtStart = currentLoad();
  const log = (line: string) => console.log(line);
  const needsBrowser = sections.some(
    (section) => section === 'typing' || section === 'table' || section === 'polling' || section === 'tabs',
  );
  let browser: Browser | undefined;
  log('package…');
  const packStart = performance.now();
  const app = await consumerApp({ log, ...(values['single-module'] ? { patch: singleModulePatch } : {}) });
  const partial: Omit<BenchResults, 'targets' | 'durationSeconds' | 'machine'> = {
    versions: versions(app.dir),
    packed: { hash: app.packed.hash, buildSeconds: Math.round(app.packed.buildSeconds), installSeconds: Math.round(app.installSeconds) },
    settings: { sections, typingRounds, pollingRounds, tableRounds, diagnose: values.diagnose },
    sectionSeconds: { package: Math.round((performance.now() - packStart) / 100) / 10 },
  };
  const timed = async <T>(section: Section, run: () => T | Promise<T>): Promise<T> => {
    log(`${section}…`);
    const start = performance.now();
    const result = await run();
    partial.sectionSeconds[section] = Math.round((performance.now() - start) / 100) / 10;
    return result;
  };
  let chromiumVersion: string | null = null;
  try {
    if (needsBrowser) {
      browser = await launchChromium();
      chromiumVersion = browser.version();
    }
    // One section at a time, never overlapping: each measures on a CPU the others leave alone.
    const open = browser;
    if (sections.includes('validation')) partial.validation = await timed('validation', runValidation);
    if (sections.includes('bytes')) partial.bytes = await timed('bytes', () => runBytes(app.dir, log));
    if (sections.includes('typing') && open)
      partial.typing = await timed('typing', async () => {
        const sideBySide = formCases === undefined || formCases.includes('sideBySide');
        const specs = [...FORM_PAGES, ...(values.diagnose ? DIAGNOSTIC_FORM_PAGES : []), ...(sideBySide ? [SIDE_BY_SIDE_PAGE] : [])];
        const pages = await servePages(app.dir, specs);
        try {
          const typing = await runTyping(
            open,
            pages,
            { rounds: typingRounds, diagnose: values.diagnose, sizes: formSizes, cases: formCases },
            log,
          );
          // A load of the three forms takes a second or two: more of them steady the medians.
          const sideRounds = typingRounds * 2 + 1;
          return sideBySide ? { ...typing, sideBySide: await runSideBySide(open, pages, { rounds: sideRounds }, log) } : typing;
        } finally {
          await pages.close();
        }
      });
    if (sections.includes('table') && open)
      partial.dataTable = await timed('table', async () => {
        const pages = await servePages(app.dir, TABLE_PAGES);
        try {
          return await runDataTable(open, pages, { rounds: tableRounds }, log);
        } finally {
          await pages.close();
        }
      });
    if (sections.includes('polling') && open)
      partial.polling = await timed('polling', () => runPolling(open, { rounds: pollingRounds, app: app.dir }, log));
    if (sections.includes('tabs') && open) partial.tabs = await timed('tabs', () => runTabs(open, { app: app.dir }, log));
    if (sections.includes('hub')) partial.hub = await timed('hub', () => runHub(log));
    if (sections.includes('requests')) partial.requests = await timed('requests', () => runRequests(log));
  } finally {
    await browser?.close();
  }

  const withMachine = {
    ...partial,
    machine: machineInfo(chromiumVersion, loadAtStart),
    durationSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
  const results: BenchResults = { ...withMachine, targets: evaluateTargets(withMachine) };
  printReport(results, (text) => console.log(text));

  const json = `${JSON.stringify(results, null, 2)}\n`;
  if (values.out !== undefined) {
    writeFileSync(resolve(values.out), json);
    console.log(`\nWrote ${values.out}`);
  }
  if (complete) {
    writeFileSync(RESULTS, json);
    writeFileSync(PERFORMANCE, `${performanceSection(results)}\n`);
    console.log('\nWrote bench/results/latest.json and bench/results/performance.md');
  } else if (values.out === undefined) {
    console.log('\nA partial or quick run: bench/results/ left as it was (pass --out FILE to keep these figures).');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

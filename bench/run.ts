/**
 * `npm run bench`: sizes and timings of hitl-react beside rjsf, JSON Forms, TanStack Query and
 * SWR, on this machine. Prints the tables, writes bench/results/latest.json and
 * bench/results/performance.md (the README's "Performance" section). See bench/README.md.
 *
 *   tsx bench/run.ts                      everything (2–4 minutes on 2 cores)
 *   tsx bench/run.ts --only bytes,typing  some sections; results are printed, not written
 *   tsx bench/run.ts --quick              fewer rounds, to try a change; not written
 *   tsx bench/run.ts --only typing --diagnose   adds ToolCallForm without Radix controls
 *   tsx bench/run.ts --report             no measuring: the tables, targets and performance.md again
 *                                         from bench/results/latest.json (after changing the report)
 *   --typing-rounds N, --polling-rounds N, --out FILE (write the JSON there, any run)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchChromium } from './lib/browser';
import { currentLoad, machineInfo } from './lib/machine';
import { performanceSection, printReport } from './lib/report';
import type { BenchResults } from './lib/results';
import { evaluateTargets } from './lib/targets';
import { runBytes } from './sections/bytes';
import { runPolling } from './sections/polling';
import { runTyping } from './sections/typing';
import { runValidation } from './sections/validation';

const SECTIONS = ['bytes', 'typing', 'polling', 'validation'] as const;
type Section = (typeof SECTIONS)[number];

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = resolve(root, 'bench/results/latest.json');
const PERFORMANCE = resolve(root, 'bench/results/performance.md');

const MEASURED_PACKAGES = [
  'react',
  'react-dom',
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

function versions(): Record<string, string> {
  const require = createRequire(resolve(root, 'package.json'));
  const found: Record<string, string> = {};
  for (const name of MEASURED_PACKAGES) {
    try {
      found[name] = (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
    } catch {
      found[name] = 'not installed';
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
      report: { type: 'boolean', default: false },
      'typing-rounds': { type: 'string' },
      'polling-rounds': { type: 'string' },
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
  const complete =
    values.only === undefined &&
    !values.quick &&
    !values.diagnose &&
    values['typing-rounds'] === undefined &&
    values['polling-rounds'] === undefined;

  const started = performance.now();
  const loadAtStart = currentLoad();
  const log = (line: string) => console.log(line);
  const needsBrowser = sections.includes('typing') || sections.includes('polling');
  let browser: Browser | undefined;
  const partial: Omit<BenchResults, 'targets' | 'durationSeconds' | 'machine'> = {
    versions: versions(),
    settings: { sections, typingRounds, pollingRounds, diagnose: values.diagnose },
    sectionSeconds: {},
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
    if (sections.includes('bytes')) partial.bytes = await timed('bytes', () => runBytes(log));
    if (sections.includes('typing') && open)
      partial.typing = await timed('typing', () => runTyping(open, { rounds: typingRounds, diagnose: values.diagnose }, log));
    if (sections.includes('polling') && open)
      partial.polling = await timed('polling', () => runPolling(open, { rounds: pollingRounds }, log));
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

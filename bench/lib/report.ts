/**
 * Turns a run's results into the terminal tables and into the "Performance" section of the main
 * README (bench/results/performance.md). Both read the same rows, so they always agree.
 */
import type { EntryId } from './entries';
import type { BenchResults } from './results';
import { formatKb, formatMs, formatRatio } from './stats';
import { formatTable, type Cell } from './table';

interface Table {
  title: string;
  header: Cell[];
  rows: Cell[][];
  note?: string;
}

const APP_ROWS: EntryId[] = [
  'react',
  'toolCallForm',
  'runViewer',
  'useRunStatus',
  'hooksStoreClient',
  'rjsf',
  'jsonForms',
  'tanstackQuery',
  'swr',
];
const OWN_ROWS: EntryId[] = [
  'toolCallFormOwn',
  'toolCallFormWithRadix',
  'runViewerOwn',
  'hooksStoreOwn',
  'useRunStatusOwn',
  'rjsfOwn',
  'jsonFormsOwn',
  'tanstackQueryOwn',
  'swrOwn',
];

const LIBRARY_NAMES: Record<string, string> = {
  baseline: 'plain React',
  ours: 'hitl-react',
  oursUnstyled: 'hitl-react (no CSS)',
  oursNativeControls: 'hitl-react, no Radix (diagnosis)',
  rjsf: 'rjsf',
  jsonForms: 'JSON Forms',
  tanstackQuery: 'TanStack Query',
  swr: 'SWR',
};

function lazyCell(lazy: { gzip: number; imports: string[] } | undefined): string {
  return lazy ? `${formatKb(lazy.gzip)} (${lazy.imports.join(', ')})` : '–';
}

function tables(results: BenchResults): Table[] {
  const list: Table[] = [];
  const bytes = results.bytes;
  if (bytes) {
    const name = (id: EntryId) => {
      const entry = bytes.entries[id];
      if (!entry) return id;
      return entry.owner === 'ours' ? `hitl-react: ${entry.label}` : entry.label;
    };
    list.push({
      title: 'Bytes: production bundles with React and ReactDOM',
      header: ['Bundle', 'min', 'gzip', 'brotli', 'gzip above React', 'brotli above React', 'on demand (gzip)'],
      rows: APP_ROWS.flatMap((id) => {
        const entry = bytes.entries[id];
        if (!entry) return bytes.failed[id] ? [[name(id), `did not bundle: ${bytes.failed[id] ?? ''}`, '', '', '', '', '']] : [];
        return [
          [
            name(id),
            formatKb(entry.min),
            formatKb(entry.gzip),
            formatKb(entry.brotli),
            entry.aboveReact ? formatKb(entry.aboveReact.gzip) : '–',
            entry.aboveReact ? formatKb(entry.aboveReact.brotli) : '–',
            lazyCell(entry.lazy),
          ],
        ];
      }),
      note: '"Above React" subtracts the React + ReactDOM entry (renders one element). "On demand": what the bundle\'s import() calls load, only when needed; not in the other columns. Minified with esbuild, NODE_ENV=production, gzip -9, brotli -11.',
    });
    list.push({
      title: 'Bytes: own code (React, ReactDOM and Radix left out; "with Radix": only React and ReactDOM)',
      header: ['Bundle', 'min', 'gzip', 'brotli', 'on demand (gzip)'],
      rows: OWN_ROWS.flatMap((id) => {
        const entry = bytes.entries[id];
        if (!entry) return bytes.failed[id] ? [[name(id), `did not bundle: ${bytes.failed[id] ?? ''}`, '', '', '']] : [];
        return [[name(id), formatKb(entry.min), formatKb(entry.gzip), formatKb(entry.brotli), lazyCell(entry.lazy)]];
      }),
    });
    const r = bytes.ratios;
    list.push({
      title: 'Bytes: ratios (gzip; below 1 means we ship less)',
      header: ['Comparison', 'ratio'],
      rows: [
        ['ToolCallForm ÷ rjsf, above React', formatRatio(r.toolCallFormVsRjsfAboveReact)],
        ['ToolCallForm ÷ JSON Forms, above React', formatRatio(r.toolCallFormVsJsonFormsAboveReact)],
        ['RunViewer (everything) ÷ rjsf, above React', formatRatio(r.runViewerVsRjsfAboveReact)],
        ['useRunStatus + store ÷ TanStack Query useQuery, above React', formatRatio(r.useRunStatusVsTanstackAboveReact)],
        ['useRunStatus + store ÷ SWR, above React', formatRatio(r.useRunStatusVsSwrAboveReact)],
        ['ToolCallForm own code ÷ rjsf + validator', formatRatio(r.toolCallFormOwnVsRjsfOwn)],
        ['useRunStatus + store own code ÷ TanStack Query', formatRatio(r.useRunStatusOwnVsTanstackOwn)],
        ['useRunStatus + store own code ÷ SWR', formatRatio(r.useRunStatusOwnVsSwrOwn)],
      ],
    });
  }
  const typing = results.typing;
  if (typing) {
    for (const [size, byLibrary] of Object.entries(typing.sizes)) {
      list.push({
        title: `Typing and mounting: ${size} mixed fields, Chromium`,
        header: ['Library', 'mount', '× base', 'warm mount', '× base', 'keystroke', 'p90', '× base', 'elements'],
        rows: Object.entries(byLibrary).map(([id, timing]) => [
          LIBRARY_NAMES[id] ?? id,
          formatMs(timing.mountMs),
          formatRatio(timing.mountRatio),
          formatMs(timing.warmMountMs),
          formatRatio(timing.warmMountRatio),
          formatMs(timing.keystrokeMs),
          formatMs(timing.keystrokeP90Ms),
          formatRatio(timing.keystrokeRatio),
          timing.domElements,
        ]),
        note: `Medians of ${typing.rounds} interleaved rounds, ${typing.keysPerRound} keys each, typed into the text field nearest the middle; "× base" is the median of each round's ratio to plain React. Mount: first render in a fresh page through effects, style and layout; warm: unmount and mount again. Keystroke: keydown to the DOM committed.`,
      });
    }
  }
  const polling = results.polling;
  if (polling) {
    const cell = (entry: { requestsPerRunPerInterval: number; requestsPerPoll: number }) =>
      entry.requestsPerPoll > 1.001
        ? `${entry.requestsPerRunPerInterval.toFixed(2)} (${entry.requestsPerPoll.toFixed(1)} per poll)`
        : entry.requestsPerRunPerInterval.toFixed(2);
    list.push({
      title: `Polling: status requests per run per ${polling.intervalMs} ms interval`,
      header: ['Watched', 'hitl-react', 'TanStack Query', 'SWR'],
      rows: [
        ...Object.entries(polling.viewers).map(([count, byLibrary]) => [
          `${count} viewer${count === '1' ? '' : 's'} of one run`,
          cell(byLibrary.ours),
          cell(byLibrary.tanstackQuery),
          cell(byLibrary.swr),
        ]),
        [
          `${polling.manyRuns.ours.tasks} runs, one viewer each`,
          cell(polling.manyRuns.ours),
          cell(polling.manyRuns.tanstackQuery),
          cell(polling.manyRuns.swr),
        ],
      ],
      note: `Counted in the simulator's request log over ${polling.windowIntervals} intervals, real timers, Chromium. 1.00 is one request per run per interval; below 1, polls fell behind.`,
    });
    list.push({
      title: `Polling: main thread watching ${polling.manyRuns.ours.tasks} runs, Chromium`,
      header: ['Library', 'task ms/min', 'script ms/min', 'ms per request', 'rounds (task ms/min)'],
      rows: (['ours', 'tanstackQuery', 'swr'] as const).map((id) => {
        const entry = polling.manyRuns[id];
        return [
          LIBRARY_NAMES[id] ?? id,
          entry.mainThread.taskMsPerMinute.toFixed(0),
          entry.mainThread.scriptMsPerMinute.toFixed(0),
          entry.mainThread.taskMsPerRequest.toFixed(2),
          entry.roundsTaskMsPerMinute.map((value) => value.toFixed(0)).join(', '),
        ];
      }),
      note: `CDP Performance.getMetrics (thread ticks: main-thread CPU time) over ${polling.manyRuns.ours.mainThread.windowSeconds} s, times ${(60 / polling.manyRuns.ours.mainThread.windowSeconds).toFixed(1)} to a minute; the median of ${polling.manyRunsRounds} interleaved rounds. hitl-react ÷ TanStack Query: ${formatRatio(polling.mainThreadRatioVsTanstack)} per minute, ${formatRatio(polling.perRequestRatioVsTanstack)} per request.`,
    });
  }
  const validation = results.validation;
  if (validation) {
    list.push({
      title: `Validation: form_input parameters of ${validation.fieldCount} fields, Node`,
      header: ['Validator', 'time', '÷ precompiled'],
      rows: [
        ['precompiled (ships with ToolCallForm)', formatMs(validation.precompiledUs / 1000), formatRatio(1)],
        [
          'ajv: new instance, compile, validate once',
          formatMs(validation.ajvCompileAndValidateUs / 1000),
          formatRatio(validation.compileRatio),
        ],
        [
          'ajv: the same, first in the process',
          formatMs(validation.ajvFirstCompileAndValidateUs / 1000),
          formatRatio(validation.ajvFirstCompileAndValidateUs / validation.precompiledUs),
        ],
        ['ajv: validate only, compiled earlier', formatMs(validation.ajvValidateOnlyUs / 1000), formatRatio(validation.validateOnlyRatio)],
      ],
    });
  }
  list.push({
    title: 'Targets',
    header: ['Goal', 'Measured', 'Status'],
    rows: results.targets.map((target) => [target.goal, target.measured, target.status]),
  });
  return list;
}

export function printReport(results: BenchResults, print: (text: string) => void): void {
  for (const table of tables(results)) {
    print(
      `\n${table.title}\n${'='.repeat(table.title.length)}\n${formatTable(table.header, table.rows)}${table.note ? `\n${table.note}` : ''}`,
    );
  }
  for (const target of results.targets) if (target.why) print(`MISS ${target.id}: ${target.why}`);
  const m = results.machine;
  const sections = Object.entries(results.sectionSeconds).map(([name, seconds]) => `${name} ${seconds?.toFixed(0) ?? '?'} s`);
  print(
    `\nMachine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}, Node ${m.node}, Chromium ${m.chromium ?? '–'}, load ${m.loadAverageAtStart ?? '–'} at start. ${m.date}. ` +
      `Took ${results.durationSeconds.toFixed(0)} s (${sections.join(', ')}).`,
  );
}

function escape(cell: Cell): string {
  return String(cell).replace(/\|/g, '\\|');
}

function markdownTable(table: Table): string {
  const align = table.header.map((_, index) => (index === 0 ? '---' : '---:'));
  const lines = [table.header, align, ...table.rows].map((row) => `| ${row.map(escape).join(' | ')} |`);
  return `**${table.title}**\n\n${lines.join('\n')}${table.note ? `\n\n${table.note}` : ''}`;
}

/** The "Performance" section for the main README, from this run. */
export function performanceSection(results: BenchResults): string {
  const m = results.machine;
  const list = tables(results);
  const targets = list.pop();
  const misses = results.targets.filter((target) => target.why);
  return [
    '## Performance',
    '',
    `Measured with \`npm run bench\` on ${m.cpuModel} (${m.cores} cores, ${m.memoryGb} GB, load average ${m.loadAverageAtStart ?? '–'} at start), ${m.os}, Node ${m.node}, Chromium ${m.chromium ?? '–'}, ${m.date.slice(0, 10)}. ` +
      'Every figure is a ratio to a peer or a baseline measured in the same run: absolute times depend on the machine, ratios much less. ' +
      'Run it on yours; [bench/README.md](bench/README.md) says how each figure is measured.',
    '',
    ...(targets ? [markdownTable(targets), ''] : []),
    ...misses.map((target) => `- **${target.status}**, ${target.goal}: ${target.why ?? ''}`),
    ...(misses.length > 0 ? [''] : []),
    ...list.flatMap((table) => [markdownTable(table), '']),
  ].join('\n');
}

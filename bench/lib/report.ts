/**
 * Turns a run's results into the terminal tables and into the figures of the Performance guide
 * (bench/results/performance.md, pasted into stories/guides/performance.mdx). Both read the same
 * rows, so they always agree.
 */
import { leakingExports } from '../sections/bytes';
import { hubTables } from '../sections/hub';
import { requestsTables } from '../sections/requests';
import { LOCALE_ENTRY_IDS, type EntryId } from './entries';
import type { BenchResults } from './results';
import { formatKb, formatMs, formatRatio } from './stats';
import { formatTable, type Cell } from './table';

interface Table {
  title: string;
  header: Cell[];
  rows: Cell[][];
  note?: string;
  /** Printed, but left out of the Performance guide (too long there). */
  terminalOnly?: boolean;
}

const ENTRY_ROWS: EntryId[] = [
  'react',
  'useRunStatus',
  'hooksStoreClient',
  'toolCallForm',
  'humanRequestPrompt',
  'runViewer',
  ...LOCALE_ENTRY_IDS,
  'rjsf',
  'jsonForms',
  'tanstackQuery',
  'swr',
];

const LIBRARY_NAMES: Record<string, string> = {
  baseline: 'hand-written (useState per field)',
  ours: 'hitl-react ToolCallForm',
  headless: 'hitl-react useToolCallForm (native elements)',
  rjsf: 'rjsf',
  jsonForms: 'JSON Forms',
  tanstackQuery: 'TanStack Query',
  swr: 'SWR',
};

// A share below 0 is the noise of two medians: the selects cost nothing that could be measured.
const pct = (share: number) => (!Number.isFinite(share) ? '–' : share < 0 ? '≈0%' : `${(share * 100).toFixed(0)}%`);
const perSelect = (ms: number) => (Number.isFinite(ms) && ms < 0 ? '≈0' : formatMs(ms));

function lazyCell(lazy: { gzip: number; imports: string[] } | undefined): string {
  return lazy ? `${formatKb(lazy.gzip)} (${lazy.imports.join(', ')})` : '–';
}

function bytesTables(results: BenchResults): Table[] {
  const bytes = results.bytes;
  if (!bytes) return [];
  const list: Table[] = [];
  list.push({
    title: 'Bytes: pages bundled from the installed package',
    header: ['Page', 'min', 'gzip', 'brotli', 'whole page (gzip)', 'on demand (gzip)', 'from src/ (gzip)'],
    rows: ENTRY_ROWS.flatMap((id) => {
      const entry = bytes.entries[id];
      if (!entry) return bytes.failed[id] ? [[id, `did not bundle: ${bytes.failed[id] ?? ''}`, '', '', '', '', '']] : [];
      const source = bytes.fromSource[id];
      return [
        [
          entry.owner === 'ours' ? `hitl-react: ${entry.label}` : entry.label,
          formatKb(entry.min),
          formatKb(entry.gzip),
          formatKb(entry.brotli),
          formatKb(entry.whole.gzip),
          lazyCell(entry.lazy),
          source ? formatKb(source.gzip) : '–',
        ],
      ];
    }),
    note:
      'Each page bundled by esbuild from an app where the packed tarball was installed with npm (minified, NODE_ENV=production, legal comments dropped), ' +
      'React and ReactDOM left out ("above React"; the React row is React itself); "whole page" has them in. gzip -9, brotli -11. ' +
      '"On demand": what import() calls load, when needed. "From src/": the same page bundled from the repository\'s sources, as the bench measured before.',
  });
  const r = bytes.ratios;
  list.push({
    title: 'Bytes: ratios (gzip above React; below 1 means we ship less)',
    header: ['Comparison', 'ratio'],
    rows: [
      ['ToolCallForm ÷ rjsf', formatRatio(r.toolCallFormVsRjsf)],
      ['ToolCallForm ÷ JSON Forms', formatRatio(r.toolCallFormVsJsonForms)],
      ['useRunStatus only ÷ SWR useSWR', formatRatio(r.useRunStatusVsSwr)],
      ['useRunStatus only ÷ TanStack Query useQuery', formatRatio(r.useRunStatusVsTanstack)],
      ['hooks + store + client ÷ TanStack Query useQuery', formatRatio(r.hooksStoreClientVsTanstack)],
    ],
  });
  if (bytes.exports.length > 0) {
    const row = (entry: (typeof bytes.exports)[number]) => [
      entry.name,
      formatKb(entry.gzip),
      entry.radix.length > 0 ? `yes (${entry.radix.length} packages)` : '–',
      entry.form ? 'yes' : '–',
    ];
    list.push({
      title: `Bytes: each of the ${bytes.exports.length} named exports alone (gzip above React)`,
      header: ['Export', 'gzip', 'Radix', 'form'],
      rows: bytes.exports.map(row),
      note: 'export { name } from "hitl-react", bundled alone from the installed package. Radix and the form belong only in the components that render a form (ToolCallForm, ToolCallPrompt, RunViewer, ApprovalPrompt).',
      terminalOnly: true,
    });
    const leaking = leakingExports(bytes.exports);
    const sorted = [...bytes.exports].sort((a, b) => a.gzip - b.gzip);
    list.push({
      title: 'Bytes: named exports alone, summary',
      header: ['Figure', 'value'],
      rows: [
        ['exports bundled alone', bytes.exports.length],
        [
          'of which bring Radix or the form without rendering a form',
          leaking.length === 0
            ? 'none'
            : `${leaking.length} (${leaking
                .slice(0, 4)
                .map((entry) => entry.name)
                .join(', ')}${leaking.length > 4 ? ', …' : ''})`,
        ],
        [
          'smallest / median / largest (gzip)',
          `${formatKb(sorted[0]?.gzip ?? Number.NaN)} / ${formatKb(sorted[Math.floor(sorted.length / 2)]?.gzip ?? Number.NaN)} / ${formatKb(sorted.at(-1)?.gzip ?? Number.NaN)} (${sorted.at(-1)?.name ?? ''})`,
        ],
      ],
      note: '`npm run bench -- --only bytes` prints every export.',
    });
  }
  return list;
}

function tables(results: BenchResults): Table[] {
  const list: Table[] = [...bytesTables(results)];
  const typing = results.typing;
  if (typing) {
    for (const [size, byCase] of Object.entries(typing.sizes)) {
      list.push({
        title: `Forms: ${size} fields, Chromium`,
        header: [
          'Library',
          'mount',
          '× base',
          'keystroke',
          '× base',
          'median key',
          '× base',
          'long tasks typing (longest)',
          'lost keys',
          'elements',
        ],
        rows: Object.entries(byCase).map(([id, timing]) => [
          LIBRARY_NAMES[id] ?? timing.label,
          formatMs(timing.mountMs),
          formatRatio(timing.mountRatio),
          formatMs(timing.keystrokeMs),
          formatRatio(timing.keystrokeRatio),
          formatMs(timing.keystrokeMedianMs ?? Number.NaN),
          formatRatio(timing.keystrokeMedianRatio ?? Number.NaN),
          Number.isFinite(timing.keystrokeMs)
            ? `${timing.longTasks}${timing.longTasks > 0 ? ` (${formatMs(timing.longestTaskMs)})` : ''}`
            : '–',
          Number.isFinite(timing.keystrokeMs) ? timing.lostKeystrokes : '–',
          timing.domElements,
        ]),
        note:
          `Fields cycle through text, number, email, textarea, checkbox, select, radio, range, date, password. Medians of ${typing.rounds} page loads, libraries interleaved. ` +
          "Mount: createRoot + flushSync(render), performance.now(). Keystroke: the first text input's value set, input dispatched, the next task awaited (MessageChannel); " +
          `${typing.warmups} warm-ups, then the mean of the fastest 90% of ${typing.keystrokes}; "median key": the median of the same keystrokes, which the few that wait behind a rendered frame (5 to 15 ms each) do not move. "× base": ÷ the hand-written baseline's median of the same run.`,
      });
    }
    const side = typing.sideBySide;
    if (side) {
      list.push({
        title: `Forms side by side in one page load: ${side.fieldCount} fields, Chromium`,
        header: ['Library', 'mount', '× base', 'keystroke', '× base', 'median key', '× base', 'lost keys', 'elements'],
        rows: Object.entries(side.cases).map(([id, timing]) => [
          LIBRARY_NAMES[id] ?? timing.label,
          formatMs(timing.mountMs),
          formatRatio(timing.mountRatio),
          formatMs(timing.keystrokeMs),
          formatRatio(timing.keystrokeRatio),
          formatMs(timing.keystrokeMedianMs),
          formatRatio(timing.keystrokeMedianRatio),
          timing.lostKeystrokes,
          timing.domElements,
        ]),
        note:
          `The issue's own measurement: the three forms in one page (the stylesheet linked), each in a container of its own, after a small form of each kind was mounted and typed into unrecorded. Medians of ${side.rounds} page loads, the order rotated each load. ` +
          `Mount: createRoot + flushSync(render) of each form in turn. Keystroke: the first text field's value set through the native setter, input dispatched, the next task awaited (MessageChannel), the forms typed into in turn; ${side.warmups} warm-ups, then the mean of the fastest 90% of ${side.keystrokes}. "× base": ÷ the hand-written form of the same page loads.`,
      });
    }
    list.push({
      title: "Forms: the selects' share of mount",
      header: ['Fields', 'selects', 'ToolCallForm: share', 'per select', 'hand-written: share', 'per select'],
      rows: Object.entries(typing.selectShare).map(([size, share]) => [
        size,
        share.selects,
        pct(share.ours),
        perSelect(share.oursPerSelectMs),
        pct(share.baseline),
        perSelect(share.baselinePerSelectMs),
      ]),
      note: '(mount − mount of the same form with every select a text field) ÷ mount, medians of the same run; "≈0": below the noise of two medians.',
    });
  }
  const table = results.dataTable;
  if (table) {
    list.push({
      title: 'DataTable: 10,000 and 100,000 rows, Chromium',
      header: [
        'Case',
        'first render',
        'of which JS',
        'mount CPU',
        'longest mount task',
        'scroll: CPU per frame',
        'longest frame',
        'p95 frame',
        'long tasks',
        'rows in DOM',
        'aria-rowcount',
        'layout read in render',
      ],
      rows: Object.values(table.cases).map((entry) => [
        entry.label,
        formatMs(entry.firstRenderMs),
        formatMs(entry.renderMs),
        formatMs(entry.mountCpuMs),
        entry.mountLongestTaskMs > 0 ? formatMs(entry.mountLongestTaskMs) : 'none over 50 ms',
        formatMs(entry.scrollCpuMsPerFrame),
        formatMs(entry.longestFrameMs),
        formatMs(entry.p95FrameMs),
        entry.scrollLongTasks,
        entry.renderedRows,
        entry.ariaRowCount ?? '–',
        entry.layoutReadsInRender === undefined
          ? '–'
          : entry.layoutReadsInRender.length === 0
            ? 'none'
            : entry.layoutReadsInRender.join(', '),
      ]),
      note:
        `Medians of ${table.rounds} page loads (longest tasks: the worst load). First render: createRoot + flushSync(render), then style and layout forced; "of which JS": without them (a layout the render itself forces is in it). ` +
        '"Layout read in render": the layout properties and methods read during createRoot + flushSync(render), in a load of its own (each lays the page out inside the render). ' +
        'CPU: main-thread CPU time (CDP thread ticks), which a busy machine does not inflate as it does wall-clock times; mount: until two frames after. ' +
        'Scroll: 120 steps of 100 px, one a frame, 20 jumps over the table, then the end; frame intervals from requestAnimationFrame, long tasks (over 50 ms) from PerformanceObserver.',
    });
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
          id === 'ours' ? 'hitl-react (useRunStatus)' : (LIBRARY_NAMES[id] ?? id),
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
  list.push(...hubTables(results.hub));
  list.push(...requestsTables(results.requests));
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

/** What the README says of the method and of the earlier figures; the details and the evidence are in bench/README.md. */
const HOW_AND_WHY = [
  '**How.** Every figure is taken on what a user installs: the package is built and packed, the tarball installed with npm into an empty app ' +
    'beside React and the peers, and each page bundled from that app by esbuild (minified, production). ' +
    'Forms follow the method of the independent measurement: fields cycling through ten kinds; mount = `createRoot` + `flushSync(render)` ' +
    "timed with `performance.now()`; keystroke = the first text input's value set, `input` dispatched, the next task awaited, " +
    '10 warm-ups then the mean of the fastest 90% of 60; the median over 7 page loads; the baseline one `useState` per field with native ' +
    'controls, in the same run.',
  '',
  '**Why the earlier figures were lower** (each checked by measuring both ways in one run: ' +
    '[bench/README.md, "Why the two measurements differed"](https://github.com/hitl-react/hitl-react/blob/main/bench/README.md#why-the-two-measurements-differed)): ' +
    'bytes were bundled from `src/`, whose modules a bundler drops one by one, while the package shipped one `dist/index.js` that did not ' +
    'tree-shake (its top-level `memo(FormField)` kept Radix in every page: 48 KB gzip for `useRunStatus` alone; the package now ships one ' +
    "module per source module, and weighs what `src/` does); keystrokes were timed from the keydown's `event.timeStamp`, " +
    "which adds about 3 ms of the browser's input routing to every library and pulls the ratio toward 1; mounts included effects, two more " +
    'tasks and a forced layout, work every library pays. (The earlier field mix, with 17 switches, was if anything harder on us.) ' +
    '[bench/README.md, "Why the index did not tree-shake"](https://github.com/hitl-react/hitl-react/blob/main/bench/README.md#why-the-index-did-not-tree-shake) gives the build change and its figures.',
];

/** The Performance guide's figures (stories/guides/performance.mdx), from this run. */
export function performanceSection(results: BenchResults): string {
  const m = results.machine;
  const list = tables(results).filter((table) => !table.terminalOnly);
  const targets = list.pop();
  const misses = results.targets.filter((target) => target.why);
  return [
    '## Performance',
    '',
    `Measured with \`npm run bench\` on ${m.cpuModel} (${m.cores} cores, ${m.memoryGb} GB, load average ${m.loadAverageAtStart ?? '–'} at start), ${m.os}, Node ${m.node}, Chromium ${m.chromium ?? '–'}, ${m.date.slice(0, 10)}. ` +
      'Every figure is a ratio to a peer or a baseline measured in the same run: absolute times depend on the machine, ratios much less. ' +
      'Run it on yours; [bench/README.md](https://github.com/hitl-react/hitl-react/blob/main/bench/README.md) says how each figure is measured.' +
      (m.loadAverageAtStart !== null && m.loadAverageAtStart > m.cores
        ? ` Other work shared the machine during this run (load average above its ${m.cores} cores): wall-clock timings and their ratios carry a few tenths of noise; the CPU-time columns much less.`
        : ''),
    '',
    ...HOW_AND_WHY,
    '',
    ...(targets ? [markdownTable(targets), ''] : []),
    ...misses.map((target) => `- **${target.status}**, ${target.goal}: ${target.why ?? ''}`),
    ...(misses.length > 0 ? [''] : []),
    ...list.flatMap((table) => [markdownTable(table), '']),
  ].join('\n');
}

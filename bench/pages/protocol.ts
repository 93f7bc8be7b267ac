/**
 * What the benchmark pages expose on `window` for bench/sections/*.ts to drive through
 * playwright-core. Shared by both sides so they cannot drift apart.
 */

export interface FormMountOptions {
  fieldCount: number;
  /** Which kinds the fields cycle through (bench/fixtures/mixed-form.ts). */
  mix: 'standard' | 'no-select' | 'previous';
  /**
   * `flushSync`: `createRoot` + `flushSync(render)`, timed with `performance.now()` (the method of
   * the issue, and the bench's). `settled` (the bench's earlier method, for `--diagnose`): the same,
   * then two more tasks for work effects scheduled and a forced style and layout.
   */
  until: 'flushSync' | 'settled';
}

export interface MountResult {
  /** See `FormMountOptions.until`. */
  mountMs: number;
  /** Label of the first text input (where `type` types) and of the text field nearest the middle (where the earlier method typed). */
  firstTextLabel: string;
  middleTextLabel: string;
  /** Labelled controls found in the DOM after mounting: a check that the whole form rendered. */
  labelledControls: number;
  /** Elements inside the form's container: what the browser has to create, style and lay out. */
  domElements: number;
}

export interface TypingOptions {
  /** Unrecorded keystrokes first. */
  warmups: number;
  /** Recorded keystrokes. */
  keystrokes: number;
}

export interface TypingSamples {
  /**
   * Per recorded keystroke, ms: the first text input's value set (through the prototype's setter,
   * as the browser does, so React sees a change), an `input` event dispatched, then the next task
   * awaited (a `MessageChannel` message): the event's handlers, React's render and commit, and any
   * task queued before the message (React's scheduler posts its work the same way).
   */
  samples: number[];
  /** Durations of the long tasks (over 50 ms, `PerformanceObserver` 'longtask') while typing, ms. */
  longTasks: number[];
  /** Keystrokes after which the input's value was not the one set (should be 0). */
  lost: number;
}

export interface KeyTimingSamples {
  /**
   * The bench's earlier keystroke (for `--diagnose`), per real key press (Playwright): from the
   * keydown's `event.timeStamp` to a microtask queued by a bubbling `input` listener on `window`.
   */
  fromTimeStamp: number[];
  lost: number;
}

export interface FormBenchApi {
  mount(options: FormMountOptions): Promise<MountResult>;
  /** Types into the first text input of the form (see `TypingSamples`). */
  type(options: TypingOptions): Promise<TypingSamples>;
  /** The earlier method: focuses the control labelled `label` and starts timing real key presses. */
  startKeyTiming(label: string): boolean;
  /** Resolves once the last key press was measured and a frame has passed. */
  settleKey(): Promise<void>;
  takeKeyTimings(): KeyTimingSamples;
}

export interface SideBySideOptions {
  fieldCount: number;
  /** The forms by id (`side-by-side.tsx`), in the order they are mounted and typed into. */
  order: string[];
  /** Unrecorded keystrokes per form, first. */
  warmups: number;
  /** Recorded keystrokes per form. */
  keystrokes: number;
}

export interface SideBySideCase {
  /** `createRoot` + `flushSync(render)` of this form, in the page where the forms before it were mounted, ms. */
  mountMs: number;
  /** Per recorded keystroke into this form's first text input, ms (as `TypingSamples.samples`). */
  samples: number[];
  /** Keystrokes after which the input's value was not the one set. */
  lost: number;
  domElements: number;
}

export interface SideBySideApi {
  /**
   * Mounts a small form of each kind and types into it (unrecorded: the page's first run of each
   * code path), then mounts the forms of `fieldCount` fields one after the other, each in a task
   * of its own, and types into each in turn, one keystroke per form per turn.
   */
  run(options: SideBySideOptions): Promise<Record<string, SideBySideCase>>;
}

export interface TableMountResult {
  /** `createRoot` + `flushSync(render)`, ms. */
  renderMs: number;
  /** The same, then style and layout forced (a read of `offsetHeight`): the first render the user can see, ms. */
  firstRenderMs: number;
  /** The longest task (over 50 ms, 'longtask') from the mount until two frames later; 0 when none was that long. */
  longestTaskMs: number;
  /** `aria-rowcount` of the table (null when absent), and the body rows in the DOM. */
  ariaRowCount: number | null;
  renderedRows: number;
  columnHeaders: string[];
  /** With `countLayoutReads`: the layout properties and methods read during `createRoot` + `flushSync(render)`, in order. */
  layoutReads?: string[];
}

export interface TableScrollResult {
  /** Frames during the scroll: the longest and the 95th percentile interval between them, ms. */
  longestFrameMs: number;
  p95FrameMs: number;
  frames: number;
  /** Long tasks (over 50 ms) during the scroll, and the longest (0 when none), ms. */
  longTasks: number;
  longestTaskMs: number;
  /** After the scroll: the `aria-rowindex` of the last body row rendered, and whether the header was at the top of the view. */
  lastRowIndex: number | null;
  headerInView: boolean;
}

export interface TableBenchApi {
  /** Makes `rows` offers and the element that renders them, in a task of its own: the data arrives before the table renders. */
  prepare(rows: number): Promise<void>;
  /**
   * Mounts what `prepare` made. `countLayoutReads`: also records what the render reads of the
   * layout (each read forces a layout inside the render); slower, so only in a load not timed.
   * Default: false.
   */
  mount(options?: { countLayoutReads?: boolean }): Promise<TableMountResult>;
  /**
   * `steps` scroll steps of `stepPx` from the top, one per frame (as a wheel or held arrow key
   * does), then `jumps` jumps to positions spread over the table (as a dragged scrollbar does),
   * two frames each, then a jump to the end.
   */
  scroll(options: { steps: number; stepPx: number; jumps: number }): Promise<TableScrollResult>;
}

export interface PollingStartOptions {
  /** The simulator's address. */
  baseUrl: string;
  apiKey: string;
  taskIds: string[];
  /** Components watching each task's run status. */
  viewersPerTask: number;
  intervalMs: number;
}

export interface PollingBenchApi {
  /** Renders the viewers; resolves once every viewer shows a status. */
  start(options: PollingStartOptions): Promise<void>;
  /** Viewers currently showing a status. */
  settledViewers(): number;
}

declare global {
  interface Window {
    formBench?: FormBenchApi;
    sideBySideBench?: SideBySideApi;
    tableBench?: TableBenchApi;
    pollingBench?: PollingBenchApi;
  }
}

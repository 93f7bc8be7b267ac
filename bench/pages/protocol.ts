/**
 * What the benchmark pages expose on `window` for bench/sections/*.ts to drive through
 * playwright-core. Shared by both sides so they cannot drift apart.
 */

export interface MountResult {
  /**
   * From `createRoot` and `root.render` (inside `flushSync`) to effects run, the work they
   * scheduled done (two tasks later), and style and layout computed (a forced reflow).
   */
  mountMs: number;
  /** Label of the text field nearest the middle, where keystrokes are typed. */
  targetLabel: string;
  /** Labelled controls found in the DOM after mounting: a check that the whole form rendered. */
  labelledControls: number;
  /** Elements inside the form's container: what the browser has to create, style and lay out. */
  domElements: number;
}

export interface KeystrokeSamples {
  /**
   * Per keystroke, ms from the keydown's `event.timeStamp` (when the browser took the key in) to
   * the end of the input event's dispatch: a microtask queued by a bubbling `input` listener on
   * `window`, which runs after every handler of the page (React's root listener included) and
   * after the microtask checkpoints in which React renders and commits the discrete update. The
   * DOM is committed then; style, layout and paint are not included.
   */
  fromTimeStamp: number[];
  /** The same end point, from `performance.now()` in the first (capturing) keydown listener. */
  fromListener: number[];
  /** Keystrokes not measured, or whose committed value did not grow by one character (should be 0). */
  lost: number;
}

export interface FormBenchApi {
  mount(fieldCount: number): Promise<MountResult>;
  /** Unmounts and mounts the same form again in the same page (code already compiled); ms as `mountMs`. */
  remount(): Promise<number>;
  /** Focuses the control labelled `label`, caret at the end; false when there is none. */
  focus(label: string): boolean;
  /** Resolves once the last keystroke was measured and a frame has passed, so keys do not pile up. */
  settle(): Promise<void>;
  /** The samples so far, then forgets them. */
  take(): KeystrokeSamples;
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
    pollingBench?: PollingBenchApi;
  }
}

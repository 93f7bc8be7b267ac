import { DEFAULT_HELPER_TIMEOUT_MS, hasClass, isTimeout, type PlaywrightScope } from './playwright-scope';

/**
 * The `data-state` of a `<RunViewer>`: `loading`, `error` (no status, only an error), `running`,
 * `waiting` (a tool call waits for the person), `completed`, `failed`, `stopped`, `unknown` (a
 * status value the library does not know). The same values as the main entry's `RunViewerState`.
 */
export type RunViewerDataState = 'loading' | 'error' | 'running' | 'waiting' | 'completed' | 'failed' | 'stopped' | 'unknown';

/** Options of `waitForRunState`. */
export interface WaitForRunStateOptions {
  /** Milliseconds to wait. Default: 30000, as Playwright's own actions. */
  timeout?: number;
}

/** States a run does not leave: once there, waiting for another is pointless. */
const FINAL_STATES: readonly RunViewerDataState[] = ['completed', 'failed', 'stopped'];

/** The `<RunViewer>` roots in a scope, the scope itself included (it may be the viewer's region). */
const VIEWERS = `xpath=descendant-or-self::*[${hasClass('hitl-run-viewer')}]`;

/** What a viewer shows now, for the result and for messages. */
interface ViewerReading {
  state: string | null;
  status: string | null;
  detailedStatus: string | null;
  /** The text of its alerts (a status error, a failed send). */
  alerts: string[];
}

/** What the viewers in scope show; runs in the page. */
function readViewers(elements: (SVGElement | HTMLElement)[]): ViewerReading[] {
  return elements.map((element) => ({
    state: element.getAttribute('data-state'),
    status: element.getAttribute('data-status'),
    detailedStatus: element.getAttribute('data-detailed-status'),
    alerts: [...element.querySelectorAll('[role="alert"]')].map((alert) => (alert.textContent ?? '').trim()).filter(Boolean),
  }));
}

function describeReading(reading: ViewerReading): string {
  const status = reading.status === null ? '' : ` (status ${reading.status}, ${reading.detailedStatus ?? '?'})`;
  const alerts = reading.alerts.length === 0 ? '' : `; it says: ${reading.alerts.map((alert) => `"${alert}"`).join(', ')}`;
  return `"${reading.state ?? '?'}"${status}${alerts}`;
}

/**
 * Waits until the `<RunViewer>` in `scope` shows one of `state` (its `data-state`) and resolves
 * with the state reached. Fails at once when the run ends in another final state (`completed`,
 * `failed`, `stopped`) than the ones awaited, and after `timeout` with the state it is in and its
 * alerts; also when the scope holds no viewer, or more than one (narrow it to the viewer's
 * region, `page.getByRole('region', { name: 'Latest run' })`, or your own container).
 *
 * @example
 * await waitForRunState(page, 'waiting');            // the agent asks; the form is shown
 * await waitForRunState(viewer, ['completed', 'failed'], { timeout: 60_000 });
 */
export async function waitForRunState(
  scope: PlaywrightScope,
  state: RunViewerDataState | readonly RunViewerDataState[],
  options: WaitForRunStateOptions = {},
): Promise<RunViewerDataState> {
  const helper = 'waitForRunState';
  const timeout = options.timeout ?? DEFAULT_HELPER_TIMEOUT_MS;
  const wanted: readonly RunViewerDataState[] = typeof state === 'string' ? [state] : state;
  if (wanted.length === 0) throw new TypeError(`${helper}: give at least one state to wait for`);
  const wantedText = wanted.map((name) => `"${name}"`).join(' or ');
  const started = Date.now();
  const left = () => Math.max(1, timeout - (Date.now() - started));
  const viewers = scope.locator(VIEWERS);

  try {
    await viewers.first().waitFor({ state: 'attached', timeout });
  } catch (error) {
    if (!isTimeout(error)) throw error;
    throw new Error(`${helper}: no <RunViewer> (an element of class hitl-run-viewer) appeared in scope within ${timeout} ms`);
  }
  const count = await viewers.count();
  if (count > 1) {
    throw new Error(`${helper}: ${count} <RunViewer>s are in scope; narrow the scope to one (e.g. its region, by the viewer's heading)`);
  }

  // The states that end the wait: those awaited, and final ones, which the run never leaves.
  const ending = [...new Set([...wanted, ...FINAL_STATES])].map((name) => `@data-state="${name}"`).join(' or ');
  for (;;) {
    try {
      await scope.locator(`${VIEWERS}[${ending}]`).first().waitFor({ state: 'attached', timeout: left() });
    } catch (error) {
      if (!isTimeout(error)) throw error;
      const [reading] = await viewers.evaluateAll(readViewers).catch(() => []);
      const now = reading === undefined ? 'it is gone' : `it is ${describeReading(reading)}`;
      throw new Error(`${helper}: the <RunViewer> did not reach ${wantedText} within ${timeout} ms; ${now}`);
    }
    const [reading] = await viewers.evaluateAll(readViewers);
    const reached = reading?.state as RunViewerDataState | undefined;
    if (reached !== undefined && wanted.includes(reached)) return reached;
    if (reached !== undefined && FINAL_STATES.includes(reached)) {
      throw new Error(`${helper}: the run ended ${describeReading(reading as ViewerReading)} while waiting for ${wantedText}`);
    }
    // It moved on between the wait and the reading (a brief "waiting"): wait again.
  }
}

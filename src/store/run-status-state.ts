import { isTerminalRunStatus, normaliseStatus, type RunStatus } from '../client';

/**
 * A run status in one word, for `data-state`:
 * - `loading`: no status yet;
 * - `running`: the run works (`running`, or another value the store counts as still going, such as `queued`);
 * - `waiting`: a tool call waits for the person (`detailedStatus` `tool_call`);
 * - `completed`, `failed`, `stopped`: the run ended so;
 * - `unknown`: an ended run with a value this library does not know; it is shown raw.
 */
export type RunStatusState = 'loading' | 'running' | 'waiting' | 'completed' | 'failed' | 'stopped' | 'unknown';

/** What the badge needs of a run status. */
export type RunStatusLike = Pick<RunStatus, 'status' | 'detailedStatus'>;

// The spec shows only `completed` (§3); the failure and stop words are those services of this kind
// use (and the simulated service sends), so they read as words rather than raw values.
const FAILED = new Set(['failed', 'failure', 'error', 'errored']);
const STOPPED = new Set(['stopped', 'cancelled', 'canceled', 'aborted']);

/**
 * The `RunStatusState` of a status (see there).
 *
 * @param isTerminal Whether the run has ended, as the store judges it (`useRunStatus().isTerminal`,
 *   which follows the store's `nonTerminalRunStatuses`). Default: judged with
 *   `DEFAULT_NON_TERMINAL_RUN_STATUSES`.
 */
export function runStatusState(status: RunStatusLike | undefined, isTerminal?: boolean): RunStatusState {
  if (status === undefined || status === null) return 'loading';
  const coarse = normaliseStatus(status.status);
  if (normaliseStatus(status.detailedStatus) === 'tool_call') return 'waiting';
  const ended = isTerminal ?? (coarse === '' || isTerminalRunStatus(coarse));
  if (!ended) return 'running';
  if (coarse === 'completed') return 'completed';
  if (FAILED.has(coarse)) return 'failed';
  if (STOPPED.has(coarse)) return 'stopped';
  return 'unknown';
}

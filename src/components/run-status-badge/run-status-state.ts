import type { RunStatus } from '../../client/types';
import { isTerminalRunStatus, normaliseStatus } from '../../store/run-status-terminal';

/**
 * A run status in one word, for `data-state`:
 * - `loading`: no status yet;
 * - `running`: the run works (`running`, or another value recognised as still going, such as `queued`);
 * - `waiting`: a tool call waits for the person (`detailedStatus` `tool_call`);
 * - `completed`, `failed`, `stopped`: the run ended so;
 * - `unknown`: a value this library does not know; it is shown raw.
 */
export type RunStatusState = 'loading' | 'running' | 'waiting' | 'completed' | 'failed' | 'stopped' | 'unknown';

/** What the badge needs of a run status. */
export type RunStatusLike = Pick<RunStatus, 'status' | 'detailedStatus'>;

// The spec shows only `completed` (§3); the failure and stop words are those services of this kind
// use (and the simulated service sends), so they read as words rather than raw values.
const FAILED = new Set(['failed', 'failure', 'error', 'errored']);
const STOPPED = new Set(['stopped', 'cancelled', 'canceled', 'aborted']);

/** The `RunStatusState` of a status (see there). */
export function runStatusState(status: RunStatusLike | undefined): RunStatusState {
  if (status === undefined || status === null) return 'loading';
  const coarse = normaliseStatus(status.status);
  const detailed = normaliseStatus(status.detailedStatus);
  if (detailed === 'tool_call') return 'waiting';
  if (coarse === 'completed') return 'completed';
  if (FAILED.has(coarse)) return 'failed';
  if (STOPPED.has(coarse)) return 'stopped';
  if (coarse !== '' && !isTerminalRunStatus(coarse)) return 'running';
  return 'unknown';
}

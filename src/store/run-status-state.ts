import { classifyRunStatus, normaliseStatus, type RunStatus, type RunStatusClass } from '../client';

/**
 * A run status in one word, for `data-state`:
 * - `loading`: no status yet;
 * - `running`: the run works (`running`, or another value the store counts as still going, such as `queued`);
 * - `waiting`: a tool call waits for the person (`detailedStatus` `tool_call`);
 * - `completed`, `failed`, `stopped`: the run ended so;
 * - `unknown`: a value this library has no word for, shown raw: one it does not know at all (the run
 *   is not taken for over and is still polled, more slowly), or an end such as `timed_out`.
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
 * @param judgement Where the run stands as the store judges it: its `classifyRun(status)`, or
 *   whether it is over (`useRunStatus().isTerminal`; `false` only says it is not over, so a value
 *   the default lists do not know stays `unknown`). Default: `classifyRunStatus(status)` with the
 *   default lists.
 */
export function runStatusState(status: RunStatusLike | undefined, judgement?: boolean | RunStatusClass): RunStatusState {
  if (status === undefined || status === null) return 'loading';
  if (normaliseStatus(status.detailedStatus) === 'tool_call') return 'waiting';
  const coarse = normaliseStatus(status.status);
  let kind: RunStatusClass;
  if (typeof judgement === 'string') kind = judgement;
  else if (judgement === true) kind = 'terminal';
  else {
    kind = classifyRunStatus({ status: status.status });
    if (judgement === false && kind === 'terminal') kind = 'live';
  }
  if (kind === 'live') return 'running';
  if (kind === 'unknown') return 'unknown';
  if (coarse === 'completed') return 'completed';
  if (FAILED.has(coarse)) return 'failed';
  if (STOPPED.has(coarse)) return 'stopped';
  return 'unknown';
}

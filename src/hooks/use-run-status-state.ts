import { useContext } from 'react';
import { TaskClientContext } from '../context';
import { getSharedStore, runStatusState, type RunStatusLike, type RunStatusState } from '../store';

/**
 * `runStatusState(status)` as the store in use judges the run: the `classifyRun` of the nearest
 * `<TaskClientProvider>`'s store (its `nonTerminalRunStatuses` and `terminalRunStatuses`), with
 * `isTerminal` when given (`useRunStatus().isTerminal`) having the last word on whether the run is
 * over; without a provider, the default lists.
 */
export function useRunStatusState(status: RunStatusLike | undefined, isTerminal?: boolean): RunStatusState {
  const context = useContext(TaskClientContext);
  if (isTerminal === true || status === undefined || status === null || context === null) return runStatusState(status, isTerminal);
  const store = context.store ?? getSharedStore(context.client);
  const kind = store.classifyRun({ status: status.status, detailedStatus: status.detailedStatus });
  return runStatusState(status, isTerminal === false && kind === 'terminal' ? 'live' : kind);
}

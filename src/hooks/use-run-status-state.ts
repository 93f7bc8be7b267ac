import { useContext } from 'react';
import { TaskClientContext } from '../context';
import { getRunStore, runStatusState, type RunStatusLike, type RunStatusState } from '../store';

/**
 * `runStatusState(status)` as the store in use judges the end of a run: `isTerminal` when given
 * (`useRunStatus().isTerminal`), else the check of the nearest `<TaskClientProvider>`'s store (its
 * `nonTerminalRunStatuses`), else the default list. Works without a provider.
 */
export function useRunStatusState(status: RunStatusLike | undefined, isTerminal?: boolean): RunStatusState {
  const context = useContext(TaskClientContext);
  if (isTerminal !== undefined || status === undefined || status === null || context === null) return runStatusState(status, isTerminal);
  const store = context.store ?? getRunStore(context.client);
  return runStatusState(status, store.isRunTerminal({ status: status.status }));
}

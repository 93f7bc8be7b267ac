import { createRunStatusClassifier, isFinalGifStatus, type RunStatus, type RunStatusClass, type RunTerminalInput } from '../client';
import type { Resource } from './resource';
import type { RunStoreOptions } from './run-store-options';

/** What a store's status lists say about its resources. */
export interface ResourceJudge {
  /** Where a run stands (see `classifyRunStatus`). */
  readonly classifyRun: (run: RunTerminalInput) => RunStatusClass;
  /** The run is known to be over. */
  readonly isRunTerminal: (run: RunTerminalInput) => boolean;
  /** The resource will not change any more: a terminal run, a final GIF. */
  readonly isDone: (resource: Resource) => boolean;
  /** A run status the store does not know: polled on, more slowly. */
  readonly isUnknown: (resource: Resource) => boolean;
}

/** The judge of a store with these lists of run statuses (defaults where absent). */
export function createResourceJudge(options: Pick<RunStoreOptions, 'nonTerminalRunStatuses' | 'terminalRunStatuses'>): ResourceJudge {
  const classifyRun = createRunStatusClassifier({
    nonTerminalRunStatuses: options.nonTerminalRunStatuses,
    terminalRunStatuses: options.terminalRunStatuses,
  });
  /** The class of a status resource's data; undefined before its first answer and for other resources. */
  const classOf = (resource: Resource) =>
    resource.key.resource === 'status' && resource.state.data !== undefined ? classifyRun(resource.state.data as RunStatus) : undefined;
  return {
    classifyRun,
    isRunTerminal: (run) => classifyRun(run) === 'terminal',
    isDone: (resource) => {
      const data = resource.state.data;
      if (data === undefined) return false;
      if (resource.key.resource === 'gif') return isFinalGifStatus(String((data as { status: unknown }).status));
      return classOf(resource) === 'terminal';
    },
    isUnknown: (resource) => classOf(resource) === 'unknown',
  };
}

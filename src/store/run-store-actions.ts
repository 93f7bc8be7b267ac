import type { TaskClient } from '../client';
import { isStatusOf, runOption, type ResourceKey } from './resource-key';
import type { RunStore } from './run-store';

/**
 * What a person does to tasks and runs: sent at once (never queued behind polls), then whatever it
 * changed is invalidated, so the store reads it again rather than showing what it was before.
 */
export function runStoreActions(
  client: TaskClient,
  /** Runs a request of the person's; a refused key pauses the store. */
  runAction: <T>(action: () => Promise<T>) => Promise<T>,
  invalidate: (match: (key: ResourceKey) => boolean) => void,
): Pick<RunStore, 'createTask' | 'stopRun' | 'stopTask'> {
  return {
    async createTask(body) {
      const created = await runAction(() => client.createTask(body));
      invalidate((key) => key.resource === 'tasks-page');
      return created;
    },

    async stopRun(taskId, stopOptions = {}) {
      await runAction(() => client.stopRun(taskId, runOption(stopOptions.runId)));
      invalidate(isStatusOf(taskId));
    },

    async stopTask(taskId) {
      await runAction(() => client.stopTask(taskId));
      invalidate(
        (key) => key.resource === 'tasks-page' || ((key.resource === 'status' || key.resource === 'runs-page') && key.taskId === taskId),
      );
    },
  };
}

import type { RequestOptions, TaskClient } from '../client';
import { normaliseRunId, type ResourceKey } from './resource-key';

/**
 * The options that name a run. Without one, `runId` is left out rather than set to `undefined` or
 * `''`, so a client that tests for the property sees "the most recent run".
 */
export function runOption(runId: string | undefined): { runId: string } | undefined {
  const id = normaliseRunId(runId);
  return id === undefined ? undefined : { runId: id };
}

/** The client call that reads `key`. */
export function fetchResource(client: TaskClient, key: ResourceKey, o: RequestOptions): Promise<unknown> {
  switch (key.resource) {
    case 'status':
      return client.getRunStatus(key.taskId, { ...runOption(key.runId), ...o });
    case 'result':
      return client.getRunResult(key.taskId, { ...runOption(key.runId), ...o });
    case 'gif':
      return client.getRunGif(key.taskId, { ...runOption(key.runId), ...o });
    case 'tasks-page':
      return client.listTasks({ page: key.page, limit: key.limit, ...o });
    case 'runs-page':
      return client.listRuns(key.taskId, { page: key.page, limit: key.limit, ...o });
    case 'check':
      return client.checkApiKey(o);
    case 'requests':
      // Loaded with the first inbox that reads them.
      return import('./requests-resource').then((module) => module.fetchRequests(client, o));
  }
}

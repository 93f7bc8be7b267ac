import { MAX_PAGE_LIMIT } from '../client/create-task-client';
import type { GifStatus, Page, RunListItem, RunResult, RunStatus, TaskListItem } from '../client/types';

/** What a run-scoped key points at. `runId` absent means "the most recent run of the task" (spec §4.4). */
export interface RunResourceKey<R extends 'status' | 'result' | 'gif'> {
  readonly resource: R;
  readonly taskId: string;
  readonly runId?: string | undefined;
}

/** One page of `GET /api/v1/tasks`. */
export interface TasksPageKey {
  readonly resource: 'tasks-page';
  readonly page: number;
  readonly limit: number;
}

/** One page of `GET /api/v1/task/{taskId}/runs`. */
export interface RunsPageKey {
  readonly resource: 'runs-page';
  readonly taskId: string;
  readonly page: number;
  readonly limit: number;
}

/** The API key check, `GET /api/v1/check`. */
export interface CheckKey {
  readonly resource: 'check';
}

/** Every resource the store can fetch and poll. */
export type ResourceKey =
  | RunResourceKey<'status'>
  | RunResourceKey<'result'>
  | RunResourceKey<'gif'>
  | TasksPageKey
  | RunsPageKey
  | CheckKey;

/** The `resource` part of a key. */
export type ResourceKind = ResourceKey['resource'];

/** What each resource holds once fetched. */
export interface ResourceDataMap {
  status: RunStatus;
  result: RunResult;
  gif: GifStatus;
  'tasks-page': Page<TaskListItem>;
  'runs-page': Page<RunListItem>;
  /** `true` when the service accepts the key. */
  check: boolean;
}

/** The data type behind a key. */
export type ResourceData<K extends ResourceKey> = ResourceDataMap[K['resource']];

function runId(value: string | undefined): string | undefined {
  // An empty id would be sent as `?runId=`; it can only mean "no particular run".
  return value === undefined || value === '' ? undefined : value;
}

function pageOf(page: number | undefined): number {
  return page ?? 1;
}

function limitOf(limit: number | undefined): number {
  // Clamped here as well as in the client, so `limit: 50` and `limit: 30` share one cache entry.
  const value = limit ?? MAX_PAGE_LIMIT;
  return value > MAX_PAGE_LIMIT ? MAX_PAGE_LIMIT : value;
}

/** Builders of resource keys, for callers that use the store without the hooks. */
export const resourceKeys = {
  status: (taskId: string, run?: string): RunResourceKey<'status'> => ({ resource: 'status', taskId, runId: runId(run) }),
  result: (taskId: string, run?: string): RunResourceKey<'result'> => ({ resource: 'result', taskId, runId: runId(run) }),
  gif: (taskId: string, run?: string): RunResourceKey<'gif'> => ({ resource: 'gif', taskId, runId: runId(run) }),
  /** Page defaults to 1, limit to 30 (values above 30 become 30, the service's maximum). */
  tasksPage: (page?: number, limit?: number): TasksPageKey => ({ resource: 'tasks-page', page: pageOf(page), limit: limitOf(limit) }),
  /** Page defaults to 1, limit to 30 (values above 30 become 30, the service's maximum). */
  runsPage: (taskId: string, page?: number, limit?: number): RunsPageKey => ({
    resource: 'runs-page',
    taskId,
    page: pageOf(page),
    limit: limitOf(limit),
  }),
  check: (): CheckKey => ({ resource: 'check' }),
} as const;

/** A string that identifies a key; equal keys give equal strings. */
export function resourceKeyId(key: ResourceKey): string {
  switch (key.resource) {
    case 'status':
    case 'result':
    case 'gif':
      return JSON.stringify([key.resource, key.taskId, runId(key.runId) ?? null]);
    case 'tasks-page':
      return JSON.stringify([key.resource, key.page, limitOf(key.limit)]);
    case 'runs-page':
      return JSON.stringify([key.resource, key.taskId, key.page, limitOf(key.limit)]);
    case 'check':
      return JSON.stringify([key.resource]);
  }
}

import { MAX_PAGE_LIMIT, type GifStatus, type Page, type RunListItem, type RunResult, type RunStatus, type TaskListItem } from '../client';
import type { RequestListing } from '../request';

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

/** The proxy's requests for the caller's team, `GET {baseUrl}/requests`. */
export interface RequestsKey {
  readonly resource: 'requests';
}

/** Every resource the store can fetch and poll. */
export type ResourceKey =
  RunResourceKey<'status'> | RunResourceKey<'result'> | RunResourceKey<'gif'> | TasksPageKey | RunsPageKey | CheckKey | RequestsKey;

/** The proxy's requests as the store keeps them. */
export interface ProxyRequests {
  /** The listings the page can use (`isRequestListing`), each request once; agent-made content, text only. */
  readonly requests: readonly RequestListing[];
  /** False when the client has no requests to read, or the proxy has none (it answered 404): nothing is shown. */
  readonly served: boolean;
}

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
  requests: ProxyRequests;
}

/** The data type behind a key. */
export type ResourceData<K extends ResourceKey> = ResourceDataMap[K['resource']];

/** True for the keys of a run's status, result and GIF. */
export function isRunResourceKey(key: ResourceKey): key is RunResourceKey<'status' | 'result' | 'gif'> {
  return key.resource === 'status' || key.resource === 'result' || key.resource === 'gif';
}

const TAB_SHARED_KINDS: readonly string[] = ['status', 'result', 'gif', 'tasks-page', 'runs-page', 'requests'];

/** The kinds one leader tab polls for every tab of the origin (the key check stays per tab). */
export function isTabSharedKind(kind: string): boolean {
  return TAB_SHARED_KINDS.includes(kind);
}

/** An empty `runId` means "no particular run" (sent, it would be `?runId=`), as an absent one does. */
export function normaliseRunId(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The options that name a run. Without one, `runId` is left out rather than set to `undefined` or
 * `''`, so a client that tests for the property sees "the most recent run".
 */
export function runOption(runId: string | undefined): { runId: string } | undefined {
  const id = normaliseRunId(runId);
  return id === undefined ? undefined : { runId: id };
}

/** Matches the status keys of one task, whichever run they name. */
export const isStatusOf = (taskId: string) => (key: ResourceKey) => key.resource === 'status' && key.taskId === taskId;

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
  status: (taskId: string, run?: string): RunResourceKey<'status'> => ({ resource: 'status', taskId, runId: normaliseRunId(run) }),
  result: (taskId: string, run?: string): RunResourceKey<'result'> => ({ resource: 'result', taskId, runId: normaliseRunId(run) }),
  gif: (taskId: string, run?: string): RunResourceKey<'gif'> => ({ resource: 'gif', taskId, runId: normaliseRunId(run) }),
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
  requests: (): RequestsKey => ({ resource: 'requests' }),
} as const;

/**
 * `key` as the builders make it. The store keeps this form, so a hand-made key asks the service for
 * what the equal built key does (no `?runId=`, the default page, a limit of at most 30).
 */
export function canonicalKey(key: ResourceKey): ResourceKey {
  switch (key.resource) {
    case 'tasks-page':
      return resourceKeys.tasksPage(key.page, key.limit);
    case 'runs-page':
      return resourceKeys.runsPage(key.taskId, key.page, key.limit);
    case 'check':
    case 'requests':
      return resourceKeys[key.resource]();
    default:
      return resourceKeys[key.resource](key.taskId, key.runId);
  }
}

/** A string that identifies a key; equal keys give equal strings. */
export function resourceKeyId(key: ResourceKey): string {
  // The builders list every field in a fixed order, so the values alone identify the key.
  return JSON.stringify(Object.values(canonicalKey(key)));
}

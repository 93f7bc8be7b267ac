/**
 * The protocol table: the ten endpoints of the task service (spec §4), read by the client to
 * build its requests, by the proxy to decide what it forwards, and by the simulated service to
 * route what it answers; and the checks of the data they answer with. A change to the wire format
 * is made here, once.
 */
import { isRecord } from '../utils';
import type { CreateTaskResponse, GifStatus, Page, RunListItem, RunResult, RunStatus, TaskListItem, ToolCall } from './types';

/** The HTTP methods the service uses (spec §4). */
export type HttpMethod = 'GET' | 'POST' | 'PUT';

/**
 * Every query parameter of the service, with the type of its value. The client's option objects
 * (`PageRequestOptions`, `RunRequestOptions`) use the same names, so a request copies each
 * parameter its endpoint lists straight from the caller's options.
 */
export interface TaskQueryParameters {
  /** Page number, from 1; the service's default is 1 (spec §4.2, §4.3, §8). */
  page: number;
  /** Items per page, 1 to `MAX_PAGE_LIMIT`; the service's default is 30 (spec §4.2, §4.3, §8). */
  limit: number;
  /** The run to address; without it, the most recent run of the task (spec §4.4–§4.8). */
  runId: string;
}

/** Name of a query parameter of the service. */
export type QueryParameterName = keyof TaskQueryParameters;

/**
 * What each endpoint's `TaskClient` method resolves with: `data` of the envelope, checked and
 * normalised, a page of a list, or nothing for the commands. Keyed by the method's name, which
 * is also the endpoint's name in `TASK_ENDPOINTS`.
 */
export interface TaskEndpointResponses {
  createTask: CreateTaskResponse;
  listTasks: Page<TaskListItem>;
  listRuns: Page<RunListItem>;
  getRunStatus: RunStatus;
  getRunResult: RunResult;
  getRunGif: GifStatus;
  submitToolInput: void;
  stopRun: void;
  stopTask: void;
  /** `true` when the service answers `ok`. */
  checkApiKey: boolean;
}

/** Name of an endpoint, the same as the `TaskClient` method that calls it. */
export type TaskEndpointName = keyof TaskEndpointResponses;

/** One row of the protocol table. */
export interface TaskEndpoint<Name extends TaskEndpointName = TaskEndpointName> {
  name: Name;
  method: HttpMethod;
  /**
   * Path as the spec writes it, with a `{taskId}` placeholder where the endpoint has one.
   * Errors name the endpoint by method and this path, so they never carry an id.
   */
  path: string;
  /** The query parameters it takes; the client sends no other, and the proxy drops any other. */
  query: readonly QueryParameterName[];
  /** Whether the request carries a JSON body. */
  jsonBody: boolean;
  /** Whether a 2xx answer with an empty body is a success; otherwise the body must be the envelope. */
  emptyBodyIsSuccess: boolean;
  /** Section of the spec that describes it. */
  spec: string;
}

/** The service's maximum page size, also its default (spec §8). */
export const MAX_PAGE_LIMIT = 30;

/**
 * The ten endpoints, keyed by name, in the order of spec §4. Paths are written out in full, as
 * the spec writes them, so each row can be checked against it by eye; the `x-api-key` header
 * that every request carries (spec §5) is not repeated per row. What each one resolves with in
 * the client is in `TaskEndpointResponses`.
 */
export const TASK_ENDPOINTS = {
  createTask: {
    name: 'createTask',
    method: 'POST',
    path: '/api/v1/task/create',
    query: [],
    jsonBody: true,
    emptyBodyIsSuccess: false,
    spec: '§4.1',
  },
  listTasks: {
    name: 'listTasks',
    method: 'GET',
    path: '/api/v1/tasks',
    query: ['page', 'limit'],
    jsonBody: false,
    emptyBodyIsSuccess: false,
    spec: '§4.2',
  },
  listRuns: {
    name: 'listRuns',
    method: 'GET',
    path: '/api/v1/task/{taskId}/runs',
    query: ['page', 'limit'],
    jsonBody: false,
    emptyBodyIsSuccess: false,
    spec: '§4.3',
  },
  getRunStatus: {
    name: 'getRunStatus',
    method: 'GET',
    path: '/api/v1/task/{taskId}/run/status',
    query: ['runId'],
    jsonBody: false,
    emptyBodyIsSuccess: false,
    spec: '§4.4',
  },
  getRunResult: {
    name: 'getRunResult',
    method: 'GET',
    path: '/api/v1/task/{taskId}/run/result',
    query: ['runId'],
    jsonBody: false,
    emptyBodyIsSuccess: false,
    spec: '§4.5',
  },
  getRunGif: {
    name: 'getRunGif',
    method: 'GET',
    path: '/api/v1/task/{taskId}/run/gif',
    query: ['runId'],
    jsonBody: false,
    emptyBodyIsSuccess: false,
    spec: '§4.6',
  },
  // The spec shows neither this endpoint's response body nor whether it takes `runId`: an empty
  // answer counts as done, and `runId` is sent so that an answer reaches the run it was meant for.
  submitToolInput: {
    name: 'submitToolInput',
    method: 'POST',
    path: '/api/v1/task/{taskId}/run/tool-input',
    query: ['runId'],
    jsonBody: true,
    emptyBodyIsSuccess: true,
    spec: '§4.7',
  },
  stopRun: {
    name: 'stopRun',
    method: 'PUT',
    path: '/api/v1/task/{taskId}/run/stop',
    query: ['runId'],
    jsonBody: false,
    emptyBodyIsSuccess: false,
    spec: '§4.8',
  },
  stopTask: {
    name: 'stopTask',
    method: 'PUT',
    path: '/api/v1/task/{taskId}/stop',
    query: [],
    jsonBody: false,
    emptyBodyIsSuccess: false,
    spec: '§4.9',
  },
  checkApiKey: {
    name: 'checkApiKey',
    method: 'GET',
    path: '/api/v1/check',
    query: [],
    jsonBody: false,
    emptyBodyIsSuccess: false,
    spec: '§4.10',
  },
} as const satisfies { readonly [Name in TaskEndpointName]: TaskEndpoint<Name> };

/** The query parameters endpoint `Name` takes, as a union of their names (`never` for none). */
export type QueryParameterOf<Name extends TaskEndpointName> = (typeof TASK_ENDPOINTS)[Name]['query'][number];

/** How errors and logs name an endpoint: method and spec path, e.g. `GET /api/v1/task/{taskId}/run/status`. */
export function endpointLabel(endpoint: TaskEndpoint): string {
  return `${endpoint.method} ${endpoint.path}`;
}

// Each check asks only what the store and components rely on; fields the spec does not show are
// kept as sent, and fields a check skips (a GIF's `url`) are the components' to verify before use.
// The client's answers and the proxy's events are read by the same checks, so a stream can never
// hand the store something a poll would have refused.

/**
 * A tool call the person can answer. Its id must be echoed in the answer (spec §2.5), so a call
 * whose id is not a non-empty string could only be answered with `toolCallId: ""` or not at all.
 */
export const isAnswerableToolCall = (value: unknown): value is ToolCall =>
  isRecord(value) &&
  typeof value.toolCallId === 'string' &&
  value.toolCallId !== '' &&
  isRecord(value.tool) &&
  typeof value.tool.name === 'string';

/**
 * `data` of the status endpoint (spec §2.5), as far as it is checked. A `toolCall` of any other
 * shape does not make the status unusable: `toRunStatus` turns it into "no pending call".
 */
export const isRunStatus = (data: unknown): data is RunStatus => isRecord(data) && typeof data.status === 'string';

/** `data` of the result endpoint (spec §2.6), as far as it is checked. */
export const isRunResult = (data: unknown): data is RunResult => isRecord(data) && typeof data.status === 'string';

/** `data` of the gif endpoint (spec §2.7), as far as it is checked. */
export const isGifStatus = (data: unknown): data is GifStatus => isRecord(data) && typeof data.status === 'string';

/**
 * A checked run status with its `toolCall` made `null` when absent or unanswerable (no id, an empty
 * or non-string id, no tool name): no form is shown for a call that cannot be answered, and no
 * answer with `toolCallId: ""` is ever sent.
 */
export function toRunStatus(data: RunStatus): RunStatus {
  return { ...data, toolCall: isAnswerableToolCall(data.toolCall) ? data.toolCall : null };
}

/** A checked run result with every field the types promise present. */
export function toRunResult(data: RunResult): RunResult {
  return {
    ...data,
    error: data.error ?? null,
    output: isRecord(data.output) ? data.output : {},
    dataTable: Array.isArray(data.dataTable) ? data.dataTable.filter(isRecord) : [],
  };
}

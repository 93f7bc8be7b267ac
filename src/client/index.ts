export { createTaskClient } from './create-task-client';
export type { CreateTaskClientOptions } from './create-task-client';
export { parseRetryAfter } from './parse-retry-after';
export { TaskApiError, isTaskApiError } from './task-api-error';
export type { TaskApiErrorKind, TaskApiErrorOptions } from './task-api-error';
export type * from './types';

// The protocol table and the HTTP plumbing the proxy (`src/server`) and the simulated service
// (`src/testing`) share with the client.
export { MAX_PAGE_LIMIT, TASK_ENDPOINTS, endpointLabel } from './task-endpoints';
export type {
  HttpMethod,
  QueryParameterName,
  QueryParameterOf,
  TaskEndpoint,
  TaskEndpointName,
  TaskEndpointResponses,
  TaskQueryParameters,
} from './task-endpoints';
export { buildEndpointPath, isUnsafePathParameter, matchTaskEndpoint } from './endpoint-path';
export type { EndpointMatch } from './endpoint-path';
export { createDeadline } from './deadline';
export type { Deadline } from './deadline';
export { readLimited } from './read-limited';
export { toNodeListener } from './to-node-listener';
export type { NodeListener, NodeRequestLike, NodeResponseLike, ToNodeListenerOptions } from './to-node-listener';
export {
  createRunTerminalCheck,
  DEFAULT_NON_TERMINAL_RUN_STATUSES,
  FINAL_GIF_STATUSES,
  isFinalGifStatus,
  isTerminalRunStatus,
  normaliseStatus,
  type RunTerminalInput,
} from './run-status-terminal';

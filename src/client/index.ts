export { createTaskClient, parseRetryAfter, MAX_PAGE_LIMIT } from './create-task-client';
export type { CreateTaskClientOptions } from './create-task-client';
export { TaskApiError, isTaskApiError } from './task-api-error';
export type { TaskApiErrorKind, TaskApiErrorOptions } from './task-api-error';
export type * from './types';

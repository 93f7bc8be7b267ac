export { createTaskClient, isCheckedSource } from './create-task-client';
export type { CreateTaskClientOptions } from './create-task-client';
export { clientScope } from './client-scope';
export { parseRetryAfter } from './parse-retry-after';
export { firstPollDelay, MAX_TIMER_DELAY_MS, nextPollAt, planRetry, timerDelay, unknownSince, type RetryPlan } from './poll-policy';
export { PollGate, throughGate } from './poll-policy';
export { createIdempotencyKey } from './idempotency-key';
export { TASK_API_ERROR_KINDS, TaskApiError, isRetryableReadError, isTaskApiError } from './task-api-error';
export type { TaskApiErrorKind, TaskApiErrorOptions } from './task-api-error';
export type * from './types';
export { createEventSource } from './create-event-source';
export type { EventSourceSettings } from './read-event-stream';
export {
  ALREADY_ANSWERED_CODE,
  ANSWER_IN_DOUBT_CODE,
  EVENT_RESOURCES,
  EVENTS_PATH,
  IDEMPOTENCY_KEY_HEADER,
  eventPayload,
  eventTopicsQuery,
  readEventTopics,
  readTaskEvent,
  topicKey,
  type EventError,
  type EventOutcome,
  type EventPayload,
} from './event-protocol';
export { TOOL_CALL_SEEN_AT_HEADER, rememberToolCallSeenAt, toolCallSeenAt } from './tool-call-seen-at';
export {
  AUDIT_ACTIONS,
  AUDIT_PATH,
  MAX_AUDIT_CURSOR_LENGTH,
  isAuditEntry,
  toAuditEntry,
  type AuditAction,
  type AuditEntry,
  type AuditPage,
} from './audit-protocol';
export {
  CONTROL_HELD_CODE,
  CONTROL_LEASE_PATTERN,
  CONTROL_NOT_FOUND_CODE,
  CONTROL_PATH,
  toControlLeaseHolder,
  toControlLeaseStatus,
  type ControlLeaseAddress,
  type ControlLeaseBody,
  type ControlLeaseHolder,
  type ControlLeaseStatus,
  type ControlLeaseTaken,
} from './control-protocol';
export { ServerSentEventParser, type ServerSentEvent, type ServerSentEventHandlers } from './server-sent-event-parser';

// The protocol table and the HTTP plumbing the proxy (`src/server`) and the simulated service
// (`src/testing`) share with the client.
export {
  MAX_PAGE_LIMIT,
  TASK_ENDPOINTS,
  endpointLabel,
  isAnswerableToolCall,
  isGifStatus,
  isRunResult,
  isRunStatus,
  toRunResult,
  toRunStatus,
} from './task-endpoints';
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
export { DEFAULT_MAX_BODY_BYTES, readLimited } from './read-limited';
export { errorEnvelope, type ErrorEnvelopeExtra } from './error-envelope';
export {
  classifyRunStatus,
  createRunStatusClassifier,
  DEFAULT_NON_TERMINAL_RUN_STATUSES,
  DEFAULT_TERMINAL_RUN_STATUSES,
  FINAL_GIF_STATUSES,
  isFinalGifStatus,
  isTerminalRunStatus,
  normaliseStatus,
  UNKNOWN_RUN_STATUS_MAX_INTERVAL_MS,
  unknownStatusInterval,
  type RunStatusClass,
  type RunStatusSets,
  type RunTerminalInput,
} from './run-status-terminal';

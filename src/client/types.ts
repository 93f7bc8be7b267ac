import type { AuditEntry, AuditPage } from './audit-protocol';
import type { ControlLeaseAddress, ControlLeaseBody, ControlLeaseStatus, ControlLeaseTaken } from './control-protocol';
import type { TaskApiError } from './task-api-error';

/**
 * Wire types of the task service (spec: task-service-api.md).
 *
 * Where the spec says a value set or shape is "not shown", the type stays open
 * (`(string & {})`, `unknown`, index signatures) so that values the service may
 * send are never rejected by the type system or silently narrowed.
 */

/** A JSON value, as carried in tool parameters and run output. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON Schema object. Any schema is permitted for caller-defined tools (spec §2.2). */
export type JsonSchema = { [key: string]: unknown };

/** Response envelope shared by every endpoint (spec §2.1). */
export interface Envelope<T> {
  success: boolean;
  data?: T;
  error?: string;
}

/** One page of a list endpoint (spec §2.8). */
export type Page<T> = { data: T[]; total: number; page: number; limit: number };

/** A caller-defined tool the agent may call (spec §2.2). */
export interface ToolDefinition {
  type: 'function';
  function: {
    /** Tool name; returned in the tool call when the agent calls it. */
    name: string;
    /** Instruction to the agent on when and how to use the tool. */
    description?: string;
    /** JSON Schema of the parameters the agent supplies. */
    parameters?: JsonSchema;
  };
}

/** Body of `POST /api/v1/task/create` (spec §2.2, §4.1). */
export interface CreateTaskRequest {
  /** Plain-language instruction for the agent. */
  task: string;
  /** Agent type; the spec uses `BROWSER_AGENT`. */
  agent?: 'BROWSER_AGENT' | (string & {});
  /** Caller-defined tools the agent may call. */
  tools?: ToolDefinition[];
}

/** `data` of the task creation response. */
export interface CreateTaskResponse {
  taskId: string;
}

/** Task status; only `active` is shown by the spec. */
export type TaskStatusValue = 'active' | (string & {});

/** An item of `GET /api/v1/tasks` (spec §2.3). Fields beyond these are not shown, so extra ones are kept. */
export interface TaskListItem {
  id: string;
  status: TaskStatusValue;
  readable_name: string;
  [field: string]: unknown;
}

/** An item of `GET /api/v1/task/{taskId}/runs` (spec §2.4). */
export interface RunListItem {
  id: string;
  /** ISO 8601 UTC timestamp. */
  created_at: string;
  [field: string]: unknown;
}

/** Coarse run state; `running` and `completed` are shown, the full set is not. */
export type RunStatusValue = 'running' | 'completed' | (string & {});

/** Finer run state; `processing_page` and `tool_call` are shown, the full set is not. */
export type DetailedStatusValue = 'processing_page' | 'tool_call' | (string & {});

/** A pending call of a caller-defined tool (spec §2.5). */
export interface ToolCall {
  /** Unique identifier of this call; echoed in the tool-input request. */
  toolCallId: string;
  tool: {
    /** Name of the tool as given in its definition. */
    name: string;
    /** Parameters the agent supplied. Untrusted: the agent may have read a hostile page. */
    parameters: { [key: string]: unknown };
  };
}

/** `data` of `GET /api/v1/task/{taskId}/run/status` (spec §2.5). */
export interface RunStatus {
  status: RunStatusValue;
  detailedStatus: DetailedStatusValue;
  /** Null when no tool call is pending. */
  toolCall: ToolCall | null;
  /** Address of a live view of the run. Untrusted: check the scheme before use. */
  liveStatus: string;
  [field: string]: unknown;
}

/** One row of a run's extracted data (spec §2.6); only `title` and `value` are shown. */
export interface DataTableEntry {
  title?: string;
  value?: number;
  [field: string]: unknown;
}

/** `data` of `GET /api/v1/task/{taskId}/run/result` (spec §2.6). */
export interface RunResult {
  status: RunStatusValue;
  /** Null when the run had no error; its content otherwise is not shown by the spec. */
  error: unknown;
  /** Output of the run; may contain a `summary` string. */
  output: { summary?: string; [field: string]: unknown };
  dataTable: DataTableEntry[];
  [field: string]: unknown;
}

/** GIF status; only `completed` is shown. */
export type GifStatusValue = 'completed' | (string & {});

/** `data` of `GET /api/v1/task/{taskId}/run/gif` (spec §2.7). */
export interface GifStatus {
  status: GifStatusValue;
  /** Address of the GIF. Untrusted: check the scheme before use. */
  url: string;
  [field: string]: unknown;
}

/** Body of `POST /api/v1/task/{taskId}/run/tool-input` (spec §4.7). */
export interface ToolInputRequest {
  /** The answer; structured answers are JSON-encoded into this string. */
  input: string;
  /** The `toolCallId` taken from the run status. */
  toolCallId: string;
}

/** Options every method accepts. */
export interface RequestOptions {
  /** Aborts the request; the promise then rejects with a `TaskApiError` of kind `aborted`. */
  signal?: AbortSignal;
  /**
   * The fetch priority (`RequestInit.priority`): the browser sends a `'low'` request after the
   * others waiting for a connection to the same host. The store sends its polls at `'low'`, so an
   * answer never waits behind them. Ignored where `fetch` has no priorities (Node). Default: the
   * browser's own (`'auto'`).
   */
  priority?: RequestPriority;
}

/** Options of run-scoped methods. */
export interface RunRequestOptions extends RequestOptions {
  /** The run to address. Default: the most recent run of the task. */
  runId?: string;
}

/** Options of `submitToolInput`. */
export interface ToolInputRequestOptions extends RunRequestOptions {
  /**
   * Sent as the `Idempotency-Key` header (`IDEMPOTENCY_KEY_HEADER`): names this answer, so a
   * `createTaskProxy` applies it once however often it arrives. Make one per answer, random
   * (`crypto.randomUUID()`), and send the same key with the same body on every retry of that
   * answer; a different answer gets a new key. With an HTTP client of your own, send the header
   * yourself the same way. The store's answers (`useToolInput`, `<RunViewer>`) do this by
   * themselves. Default: none (the header is not sent).
   */
  idempotencyKey?: string | undefined;
}

/** Options of list methods. */
export interface PageRequestOptions extends RequestOptions {
  /** Page number, from 1. Default: 1. */
  page?: number;
  /** Items per page, 1 to 30. Values above 30 are sent as 30, the service's maximum. Default: 30. */
  limit?: number;
}

/** One method per endpoint of the task service (spec §4). */
export interface TaskClient {
  /** `POST /api/v1/task/create`. */
  createTask(body: CreateTaskRequest, o?: RequestOptions): Promise<CreateTaskResponse>;
  /** `GET /api/v1/tasks`. */
  listTasks(o?: PageRequestOptions): Promise<Page<TaskListItem>>;
  /** `GET /api/v1/task/{taskId}/runs`. */
  listRuns(taskId: string, o?: PageRequestOptions): Promise<Page<RunListItem>>;
  /** `GET /api/v1/task/{taskId}/run/status`. */
  getRunStatus(taskId: string, o?: RunRequestOptions): Promise<RunStatus>;
  /** `GET /api/v1/task/{taskId}/run/result`. */
  getRunResult(taskId: string, o?: RunRequestOptions): Promise<RunResult>;
  /** `GET /api/v1/task/{taskId}/run/gif`. */
  getRunGif(taskId: string, o?: RunRequestOptions): Promise<GifStatus>;
  /**
   * `POST /api/v1/task/{taskId}/run/tool-input`. Never retried by the client. Rejects with kind
   * `answer_in_doubt` when a proxy cannot tell whether the answer was applied: send it again only
   * as it was, with the same `o.idempotencyKey`.
   */
  submitToolInput(taskId: string, body: ToolInputRequest, o?: ToolInputRequestOptions): Promise<void>;
  /** `PUT /api/v1/task/{taskId}/run/stop`. */
  stopRun(taskId: string, o?: RunRequestOptions): Promise<void>;
  /** `PUT /api/v1/task/{taskId}/stop`. */
  stopTask(taskId: string, o?: RequestOptions): Promise<void>;
  /**
   * `GET /api/v1/check`. Resolves `true` when the service answers `ok`, `false` when it does not:
   * it refuses the key (HTTP 401/403 or `success: false`) or answers anything other than `ok`.
   * Rejects on every other failure: network, time-out, 5xx, 429, a body that is not the envelope.
   */
  checkApiKey(o?: RequestOptions): Promise<boolean>;
  /**
   * The proxy's event stream (`createTaskClient({ events: true })`): when present, the store follows
   * runs through it instead of polling each one, and falls back to polling when it fails. Not an
   * endpoint of the service: only `createTaskProxy` serves it. Default: absent.
   */
  readonly events?: TaskEventSource | undefined;
  /**
   * The proxy's audit trail of a task, newest first (`GET {baseUrl}/audit?taskId=`): who created,
   * answered and stopped it, for the caller's team. Only `createTaskProxy` serves it; a client of
   * the service itself gets its 404. `limit` default: the proxy's (100). Absent on clients that
   * are not made by `createTaskClient`.
   */
  getAuditTrail?(taskId: string, o?: AuditTrailRequestOptions): Promise<AuditEntry[]>;
  /**
   * One page of the proxy's audit trail, newest first (`GET {baseUrl}/audit`): the caller's team's
   * whole trail, each entry naming its task (`taskId`, and `taskName` when the proxy knows it), or
   * one task's with `taskId`. `next` reads the page after it (`before: page.next`); entries
   * recorded meanwhile do not shift the pages, as they would by page number. Only
   * `createTaskProxy` serves it. Absent on clients that are not made by `createTaskClient`.
   */
  getAuditPage?(o?: AuditPageRequestOptions): Promise<AuditPage>;
  /**
   * The proxy's requests for the caller's team (`GET {baseUrl}/requests`): those open, oldest
   * first, and those that ended in the last minute. Each entry is as the proxy wrote it (the
   * store keeps those it can use, see `isRequestListing`); `now` is the proxy's clock, in ms
   * since the epoch. Only `createTaskProxy` serves it: anything else rejects with its 404.
   * Absent on clients that are not made by `createTaskClient`.
   */
  listRequests?(o?: RequestOptions): Promise<{ requests: unknown[]; now: number }>;
  /**
   * Answers one of the proxy's requests with a `HumanAnswer` (`POST {baseUrl}/requests/{id}/answer`),
   * once: the first answer wins. Resolves with `delivered` (false: the proxy keeps the answer of
   * a `durable` request until its source can take it). Rejects with a `TaskApiError`: kind
   * `already_answered` (409; `details.answeredBy`, `details.answeredAt`), `code: 'request_ended'`
   * (410; `details.state`: `cancelled`, `expired` or `unanswerable`), 400 or 415 for an answer
   * the request does not allow, 404 for a request the caller's team does not have. Never
   * retried by the client. Only `createTaskProxy` serves it. Absent on clients that are not made
   * by `createTaskClient`.
   */
  answerRequest?(
    id: string,
    answer: { readonly requestId: string; readonly action: string },
    o?: RequestOptions,
  ): Promise<{ delivered: boolean }>;
  /**
   * Who holds control of a hand-off (`GET {baseUrl}/control/{id}`): `id` is the request's id as
   * the proxy lists it, or the task's id with `toolCallId` for a `human_control` call. Changes
   * nothing. Rejects with a `TaskApiError`: 404 for a hand-off the caller's team does not have,
   * 410 `request_ended` once it ended, 503 (with `retryAfterMs`) when the proxy's store cannot be
   * reached. Only `createTaskProxy` serves it. Absent on clients that are not made by `createTaskClient`.
   */
  readControl?(id: string, address?: ControlLeaseAddress, o?: RequestOptions): Promise<ControlLeaseStatus>;
  /**
   * Takes control of a hand-off for this page's `lease` (`POST {baseUrl}/control/{id}`), or renews
   * it when this page holds it: send it again within `ttlMs` (every ~1500 ms) to keep it. Rejects
   * with a `TaskApiError`: 409 `control_held` when someone else (another person, or another page
   * of the same person) holds it, with `details.user` and `details.since`; 410 `request_ended`;
   * 404; 503 as `readControl`. Never retried by the client. Only `createTaskProxy` serves it.
   * Absent on clients that are not made by `createTaskClient`.
   */
  takeControl?(id: string, body: ControlLeaseBody, o?: RequestOptions): Promise<ControlLeaseTaken>;
  /**
   * Gives up control of a hand-off this page's `lease` holds (`POST {baseUrl}/control/{id}`); resolves
   * as well when it did not hold it. With `keepalive` the request outlives the page (at `pagehide`).
   * Only `createTaskProxy` serves it. Absent on clients that are not made by `createTaskClient`.
   */
  releaseControl?(id: string, body: ControlLeaseBody, o?: ControlReleaseOptions): Promise<ControlLeaseStatus>;
}

/** Options of `TaskClient.releaseControl`. */
export interface ControlReleaseOptions extends RequestOptions {
  /** Sent with `fetch`'s `keepalive`, so it is delivered while the page unloads. Default: false. */
  keepalive?: boolean | undefined;
}

/** Options of `TaskClient.getAuditTrail`. */
export interface AuditTrailRequestOptions extends RequestOptions {
  /** Most entries to read, newest first. Default: the proxy's (100; at most 500). */
  limit?: number;
}

/** Options of `TaskClient.getAuditPage`. */
export interface AuditPageRequestOptions extends AuditTrailRequestOptions {
  /** Only this task's entries. Default: the whole trail of the caller's team. */
  taskId?: string | undefined;
  /** The `next` of the page before: the entries older than it. Default: from the newest. */
  before?: string | undefined;
}

// The proxy's event stream (`createTaskProxy`, `GET {basePath}/events`): not an endpoint of the
// service, but what a client made with `events: true` reads instead of polling.

/** The resources a stream carries, each an event name. */
export type EventResource = 'status' | 'result' | 'gif';

/** What a stream follows: the most recent run of a task (no `runId`), or one run. */
export interface EventTopic {
  readonly taskId: string;
  readonly runId?: string | undefined;
}

/** A change of one resource, as the store receives it. */
export interface TaskEvent {
  /** The event's id, for `Last-Event-ID`; absent on events that carry none. */
  readonly id: string | undefined;
  readonly resource: EventResource;
  readonly topic: EventTopic;
  /** The proxy sends no more changes of this resource. */
  readonly final: boolean;
  readonly data: RunStatus | RunResult | GifStatus | undefined;
  readonly error: TaskApiError | undefined;
}

/** One connection to the proxy's event stream, and what to call as it is read. */
export interface EventStreamConnection {
  /** The runs to follow. */
  readonly topics: readonly EventTopic[];
  /** Sent as `Last-Event-ID`, so the proxy sends only what changed since. Default: none (the whole state). */
  readonly lastEventId?: string | undefined;
  /** Closes the connection. */
  readonly signal: AbortSignal;
  /** The proxy has sent the current state of every topic. */
  onReady(): void;
  onEvent(event: TaskEvent): void;
  /** Bytes arrived (an event or a heartbeat): the stream is alive. */
  onActivity(): void;
}

/** The client's access to the proxy's event stream (`createTaskClient({ events: true })`). */
export interface TaskEventSource {
  /**
   * Opens one stream and reads it until it ends. Resolves when the proxy ends it; rejects with a
   * `TaskApiError` when it cannot be opened (`http` with the status, e.g. 404 from a proxy without
   * one; `parse` when the answer is not an event stream) or breaks (`network`, `aborted`).
   * Reconnecting is the caller's choice.
   */
  connect(connection: EventStreamConnection): Promise<void>;
}

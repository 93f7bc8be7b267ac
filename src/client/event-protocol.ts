/**
 * The proxy's event stream, `GET {basePath}/events`: what the proxy (`src/server`) writes and the
 * store (`src/store`) reads, in one place, like the protocol table is for the ten endpoints.
 *
 * A stream names its topics in the query: `taskId=<id>` follows the most recent run of a task,
 * `run=<taskId>/<runId>` one run (a task id never holds a `/`: the proxy refuses such paths). Each
 * change is a Server-Sent Event named after the resource, with an id and a JSON payload:
 *
 * ```
 * id: k3v9q0-42
 * event: status
 * data: {"taskId":"task_1","final":false,"data":{"status":"running",…}}
 * ```
 *
 * `final: true` says the proxy sends no more changes of that resource: a terminal run status, the
 * result, a final GIF, or a failure it does not retry (then `error` replaces `data`). A status that
 * shows a pending tool call has `toolCallSeenAt` beside `data`: when the proxy first saw that call
 * (ISO 8601), the same for every stream and every instance. `event: ready`
 * follows the current state of every topic, and a comment line comes every 15 s as a heartbeat.
 */
import { isRecord } from '../utils';
import { endpointLabel, isGifStatus, isRunResult, isRunStatus, TASK_ENDPOINTS, toRunResult, toRunStatus } from './task-endpoints';
import { TASK_API_ERROR_KINDS, TaskApiError, type TaskApiErrorKind } from './task-api-error';
import type { EventResource, EventTopic, GifStatus, RunResult, RunStatus, TaskEvent } from './types';
import { rememberToolCallSeenAt } from './tool-call-seen-at';

/** Path of the event stream below the proxy's `basePath`. */
export const EVENTS_PATH = '/events';

/** `code` of the proxy's 409 envelope when another answer to the same tool call went first. */
export const ALREADY_ANSWERED_CODE = 'already_answered';

/**
 * `code` of the proxy's 502/504 envelope when an answer was sent to the service and its outcome is
 * unknown (a time-out, a 5xx, a connection reset after sending): it may have been applied. The
 * proxy sends no other answer for the call until the run's status settles it.
 */
export const ANSWER_IN_DOUBT_CODE = 'answer_in_doubt';

/**
 * Request header naming one answer (`tool-input`), the same on every retry of it, as in the IETF
 * Idempotency-Key draft: the proxy replays the first outcome to a repeat with the same key and body.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const EVENT_RESOURCES: readonly EventResource[] = Object.freeze(['status', 'result', 'gif']);

/** A string naming a topic; equal topics give equal strings. */
export function topicKey(topic: EventTopic): string {
  return JSON.stringify([topic.taskId, topic.runId === '' ? null : (topic.runId ?? null)]);
}

/** The query of a stream of `topics`, e.g. `taskId=a&run=b%2Fr1`. */
export function eventTopicsQuery(topics: readonly EventTopic[]): string {
  const query = new URLSearchParams();
  for (const topic of topics) {
    if (topic.runId === undefined || topic.runId === '') query.append('taskId', topic.taskId);
    else query.append('run', `${topic.taskId}/${topic.runId}`);
  }
  return query.toString();
}

/** The topics a stream's query names, without repeats; `undefined` when one of them is malformed. */
export function readEventTopics(query: URLSearchParams): EventTopic[] | undefined {
  const topics = new Map<string, EventTopic>();
  for (const [name, value] of query) {
    let topic: EventTopic;
    if (name === 'taskId') {
      topic = { taskId: value };
    } else if (name === 'run') {
      const slash = value.indexOf('/');
      if (slash < 0) return undefined;
      topic = { taskId: value.slice(0, slash), runId: value.slice(slash + 1) };
      if (topic.runId === '') return undefined;
    } else {
      continue;
    }
    if (topic.taskId === '') return undefined;
    topics.set(topicKey(topic), topic);
  }
  return [...topics.values()];
}

/** A failure as an event carries it: enough to rebuild the `TaskApiError` a poll would have thrown. */
export interface EventError {
  kind: TaskApiErrorKind;
  status?: number | undefined;
  message: string;
  retryAfterMs?: number | undefined;
}

/** The JSON `data:` of a `status`, `result` or `gif` event. */
export interface EventPayload {
  taskId: string;
  runId?: string | undefined;
  final: boolean;
  data?: unknown;
  /** A status with a pending tool call: when the proxy first saw that call, ISO 8601. */
  toolCallSeenAt?: string | undefined;
  error?: EventError | undefined;
}

/**
 * What a read of a resource brought: data (for a status with a pending call, `toolCallSeenAt`:
 * when the proxy first saw that call, in ms since the epoch), or the failure of reading it.
 */
export type EventOutcome = { data: unknown; toolCallSeenAt?: number | undefined } | { error: TaskApiError };

/** The payload of a change. */
export function eventPayload(topic: EventTopic, final: boolean, outcome: EventOutcome): EventPayload {
  const payload: EventPayload = { taskId: topic.taskId, final };
  if (topic.runId !== undefined && topic.runId !== '') payload.runId = topic.runId;
  if ('data' in outcome) {
    payload.data = outcome.data;
    if (outcome.toolCallSeenAt !== undefined) payload.toolCallSeenAt = new Date(outcome.toolCallSeenAt).toISOString();
  } else {
    const { kind, status, message, retryAfterMs } = outcome.error;
    payload.error = { kind, status, message, retryAfterMs };
  }
  return payload;
}

const ENDPOINT_OF = { status: 'getRunStatus', result: 'getRunResult', gif: 'getRunGif' } as const;

const optionalNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

function readData(resource: EventResource, data: unknown): RunStatus | RunResult | GifStatus | undefined {
  if (resource === 'status') return isRunStatus(data) ? toRunStatus(data) : undefined;
  if (resource === 'result') return isRunResult(data) ? toRunResult(data) : undefined;
  return isGifStatus(data) ? data : undefined;
}

/**
 * Reads one event of a stream, checked as strictly as a poll's answer. `undefined` for anything
 * that is not a well-formed change (an unknown event name, a payload that is not the wire format).
 */
export function readTaskEvent(name: string, id: string | undefined, json: string): TaskEvent | undefined {
  const resource = EVENT_RESOURCES.find((candidate) => candidate === name);
  if (resource === undefined) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!isRecord(payload) || typeof payload.taskId !== 'string' || payload.taskId === '') return undefined;
  if (payload.runId !== undefined && (typeof payload.runId !== 'string' || payload.runId === '')) return undefined;
  const topic: EventTopic = payload.runId === undefined ? { taskId: payload.taskId } : { taskId: payload.taskId, runId: payload.runId };
  const final = payload.final === true;
  if (isRecord(payload.error)) {
    const wire = payload.error;
    const kind = TASK_API_ERROR_KINDS.find((candidate) => candidate === wire.kind) ?? 'http';
    const message = typeof wire.message === 'string' && wire.message !== '' ? wire.message : 'The proxy could not read this resource';
    const error = new TaskApiError(message, {
      kind,
      status: optionalNumber(wire.status),
      endpoint: endpointLabel(TASK_ENDPOINTS[ENDPOINT_OF[resource]]),
      retryAfterMs: optionalNumber(wire.retryAfterMs),
    });
    return { id, resource, topic, final, data: undefined, error };
  }
  const data = readData(resource, payload.data);
  if (data === undefined) return undefined;
  if (resource === 'status') rememberToolCallSeenAt(data, payload.toolCallSeenAt);
  return { id, resource, topic, final, data, error: undefined };
}

/**
 * The proxy's audit trail, `GET {basePath}/audit?taskId=<id>&limit=<n>&before=<id>`: what the
 * proxy (`src/server`) writes and the browser (`src/store`, `useAuditTrail`) reads, in one place,
 * like the event protocol. Not an endpoint of the task service: only `createTaskProxy` serves it,
 * for the caller's own team (one task's entries with `taskId`, else the team's), newest entry
 * first, a page at a time, as `{ success: true, data: AuditEntry[], next?: string }`.
 */
import { isRecord } from '../utils';

/** Path of the audit trail below the proxy's `basePath`. */
export const AUDIT_PATH = '/audit';

/**
 * What a person (or an app on their behalf) did through the proxy: with a task, or with a request
 * of `proxy.requests` (`open_request`, `cancel_request` and `expire_request` by its source or the
 * proxy, `answer_request` by a person), or with a hand-off of the agent's browser (`take_control`
 * when a person takes control, `release_control` when they give it up, with its `durationMs` and
 * the outcome `accepted`, `lapsed` when their page went away, or `ended` when the hand-off ended).
 */
export type AuditAction =
  | 'create_task'
  | 'answer'
  | 'stop_run'
  | 'stop_task'
  | 'open_request'
  | 'answer_request'
  | 'cancel_request'
  | 'expire_request'
  | 'take_control'
  | 'release_control';

/** Every `AuditAction`, for code that reads one from the wire. */
export const AUDIT_ACTIONS: readonly AuditAction[] = Object.freeze([
  'create_task',
  'answer',
  'stop_run',
  'stop_task',
  'open_request',
  'answer_request',
  'cancel_request',
  'expire_request',
  'take_control',
  'release_control',
]);

/** One entry of the audit trail, as a browser reads it. Nothing of an answer's text is in it, not even a digest. */
export interface AuditEntry {
  /** When the proxy answered the request, ISO 8601 UTC. */
  readonly at: string;
  /** Who asked, as the proxy's `identify` named them. */
  readonly user: string;
  /** Their team, as `identify` named it. */
  readonly team: string;
  readonly action: AuditAction;
  /** The task; `''` for an action on a request. */
  readonly taskId: string;
  readonly runId?: string | undefined;
  /** For an answer: the call it answered. */
  readonly toolCallId?: string | undefined;
  /** For an action on a request of `proxy.requests`: its id. */
  readonly requestId?: string | undefined;
  /** The HTTP status the caller got. */
  readonly status: number;
  /** What came of it, e.g. `accepted`, `already_answered`, `answer_in_doubt`, `refused`, `failed`. */
  readonly outcome: string;
  /**
   * The entry's place in the trail, given by the proxy's store when the entry is read back (not in
   * `onAudit`'s entries): pass it as `before` to read the entries older than it.
   */
  readonly id?: string | undefined;
  /** The task's name as the team's task list shows it, when the proxy knows the task (with `identify`). */
  readonly taskName?: string | undefined;
  /** For `release_control`: how long the person held control, in ms. */
  readonly durationMs?: number | undefined;
}

/** One page of the audit trail, newest first. */
export interface AuditPage {
  readonly entries: AuditEntry[];
  /** Give it as `before` to read the next (older) page; `undefined` when there is none. */
  readonly next: string | undefined;
}

/** Longest `before` cursor the proxy takes. */
export const MAX_AUDIT_CURSOR_LENGTH = 200;

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

/** An audit entry as the proxy writes it; anything else is `false`. */
export function isAuditEntry(value: unknown): value is AuditEntry {
  return (
    isRecord(value) &&
    typeof value.at === 'string' &&
    typeof value.user === 'string' &&
    typeof value.team === 'string' &&
    AUDIT_ACTIONS.includes(value.action as AuditAction) &&
    typeof value.taskId === 'string' &&
    typeof value.status === 'number' &&
    typeof value.outcome === 'string' &&
    optionalString(value.runId) &&
    optionalString(value.toolCallId) &&
    optionalString(value.requestId) &&
    optionalString(value.id) &&
    optionalString(value.taskName)
  );
}

/**
 * The fields of `AuditEntry` only, copied from `value` (`undefined` when it is no entry): what the
 * proxy serves and the browser keeps, so that nothing else a record carries (a server-side digest,
 * a field of a later version) reaches a page.
 */
export function toAuditEntry(value: unknown): AuditEntry | undefined {
  if (!isAuditEntry(value)) return undefined;
  const { at, user, team, action, taskId, runId, toolCallId, requestId, status, outcome, id, taskName } = value;
  const durationMs: unknown = (value as { durationMs?: unknown }).durationMs;
  return {
    at,
    user,
    team,
    action,
    taskId,
    ...(runId === undefined ? {} : { runId }),
    ...(toolCallId === undefined ? {} : { toolCallId }),
    ...(requestId === undefined ? {} : { requestId }),
    status,
    outcome,
    ...(id === undefined ? {} : { id }),
    ...(taskName === undefined ? {} : { taskName }),
    // Read back only as a duration: a stored value of another shape is left out, not shown.
    ...(typeof durationMs === 'number' && Number.isFinite(durationMs) && durationMs >= 0 ? { durationMs } : {}),
  };
}

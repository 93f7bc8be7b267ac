/**
 * The proxy's audit trail, `GET {basePath}/audit?taskId=<id>&limit=<n>`: what the proxy
 * (`src/server`) writes and the browser (`src/store`, `useAuditTrail`) reads, in one place, like
 * the event protocol. Not an endpoint of the task service: only `createTaskProxy` serves it, for
 * the caller's own team, newest entry first, as `{ success: true, data: AuditEntry[] }`.
 */
import { isRecord } from '../utils';

/** Path of the audit trail below the proxy's `basePath`. */
export const AUDIT_PATH = '/audit';

/** What a person (or an app on their behalf) did through the proxy. */
export type AuditAction = 'create_task' | 'answer' | 'stop_run' | 'stop_task';

/** Every `AuditAction`, for code that reads one from the wire. */
export const AUDIT_ACTIONS: readonly AuditAction[] = Object.freeze(['create_task', 'answer', 'stop_run', 'stop_task']);

/** One entry of the audit trail. An answer's text is never kept: at most its SHA-256. */
export interface AuditEntry {
  /** When the proxy answered the request, ISO 8601 UTC. */
  readonly at: string;
  /** Who asked, as the proxy's `identify` named them. */
  readonly user: string;
  /** Their team, as `identify` named it. */
  readonly team: string;
  readonly action: AuditAction;
  readonly taskId: string;
  readonly runId?: string | undefined;
  /** For an answer: the call it answered. */
  readonly toolCallId?: string | undefined;
  /** The HTTP status the caller got. */
  readonly status: number;
  /** What came of it, e.g. `accepted`, `already_answered`, `answer_in_doubt`, `refused`, `failed`. */
  readonly outcome: string;
  /** For an answer: the SHA-256 of its `input`, hex, so two trails can be compared without the text. */
  readonly inputSha256?: string | undefined;
}

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
    optionalString(value.inputSha256)
  );
}

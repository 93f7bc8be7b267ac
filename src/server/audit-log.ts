import { ALREADY_ANSWERED_CODE, ANSWER_IN_DOUBT_CODE, type AuditAction } from '../client';
import { isRecord } from '../utils';

/** The endpoints that leave an entry in the audit trail, and the action each one records. */
export const AUDITED_ENDPOINTS: Readonly<Record<string, AuditAction>> = Object.freeze({
  createTask: 'create_task',
  submitToolInput: 'answer',
  stopRun: 'stop_run',
  stopTask: 'stop_task',
});

/** Most entries one read of the trail returns, and how many without `limit`. */
export const MAX_AUDIT_LIMIT = 500;
export const DEFAULT_AUDIT_LIMIT = 100;

/**
 * What came of a request, from the status the caller got and the envelope's `code`: `accepted`
 * (2xx), `already_answered` (someone answered first), `answer_in_doubt` (an answer the service
 * may or may not have taken: a 502, 503 or 504 on its way), `refused` (the proxy or the service
 * said no: 4xx) or `failed` (anything else).
 */
export function auditOutcome(action: AuditAction, status: number, code: string | undefined): string {
  if (status >= 200 && status < 300) return 'accepted';
  if (code === ALREADY_ANSWERED_CODE || (action === 'answer' && status === 409)) return 'already_answered';
  if (code === ANSWER_IN_DOUBT_CODE || (action === 'answer' && (status === 502 || status === 503 || status === 504)))
    return 'answer_in_doubt';
  if (status >= 400 && status < 500) return 'refused';
  return 'failed';
}

/** The envelope's `code` of an answer that is not a success, read from a copy (the caller still gets the body). */
export async function readErrorCode(response: Response): Promise<string | undefined> {
  if (response.ok || response.body === null) return undefined;
  try {
    const parsed: unknown = await response.clone().json();
    return isRecord(parsed) && typeof parsed.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}

/** SHA-256 of `text` (UTF-8), hex, with Web Crypto: on Node, Deno, Bun and edge runtimes alike. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

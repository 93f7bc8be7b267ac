import { ALREADY_ANSWERED_CODE, ANSWER_IN_DOUBT_CODE, toAuditEntry, type AuditAction, type AuditEntry, type ToolCall } from '../../client';
import { REQUEST_ENDED } from '../../request';
import { FORM_INPUT_TOOL_NAME } from '../../schema';
import { isRecord } from '../../utils';
import { createHmacSha256 } from '../hmac';

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
 * may or may not have taken: a 502, 503 or 504 on its way), `request_ended` (an answer to a
 * request of `proxy.requests` that was cancelled, expired or whose opener is gone), `refused` (the
 * proxy or the service said no: 4xx) or `failed` (anything else).
 */
export function auditOutcome(action: AuditAction, status: number, code: string | undefined): string {
  const answer = action === 'answer' || action === 'answer_request';
  if (status >= 200 && status < 300) return 'accepted';
  if (code === ALREADY_ANSWERED_CODE || (answer && status === 409)) return 'already_answered';
  if (code === REQUEST_ENDED) return 'request_ended';
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

/**
 * An audit entry as the proxy keeps it on the server: what a browser reads (`AuditEntry`), and for
 * an answer, when `auditDigestKey` is set and no field of the form is secret, `inputHmac`. Handed
 * to `onAudit` and kept in the `ProxyStore` (`proxy.auditLog`); `GET {basePath}/audit` never sends
 * `inputHmac`.
 */
export interface ProxyAuditEntry extends AuditEntry {
  /**
   * For an answer, how it reached the proxy. To a request of `proxy.requests` (`answer_request`):
   * `page` (`POST {basePath}/requests/{id}/answer`), `email` (a link of `emailChannel`'s
   * `actions`) or `slack` (a button of `slackChannel`'s message). To a call of the task service
   * (`answer`): `page` (`POST …/run/tool-input`), `slack` (`slackChannel`'s modal) or `deadline`
   * (the proxy's own answer, by user `''`, to a `human_control` call whose `timeoutSeconds` passed).
   * Absent for every other entry. Served by `GET {basePath}/audit` too.
   */
  readonly via?: ProxyAnswerVia | undefined;
  /**
   * HMAC-SHA256 under `auditDigestKey`, hex, of `JSON.stringify([taskId, toolCallId, input])`:
   * equal for equal answers to the same call, and only someone holding the key can compute it
   * for a guessed answer. Absent without the key, for an answer with a secret field, and for one
   * the proxy could not read as an answer to a form it knows.
   */
  readonly inputHmac?: string | undefined;
}

/**
 * How an answer reached the proxy: a page, a link of an e-mail, or a button or modal of a Slack
 * message; or the proxy answered itself at a call's deadline.
 */
export type ProxyAnswerVia = 'page' | 'email' | 'slack' | 'deadline';

const ANSWER_VIAS: readonly string[] = ['page', 'email', 'slack', 'deadline'];

/** The fields of a `ProxyAuditEntry` only, copied from a stored value; `undefined` for anything else. */
export function toProxyAuditEntry(value: unknown): ProxyAuditEntry | undefined {
  const entry = withVia(toAuditEntry(value), value);
  if (entry === undefined) return undefined;
  const inputHmac = (value as { inputHmac?: unknown }).inputHmac;
  return typeof inputHmac === 'string' && /^[0-9a-f]{64}$/.test(inputHmac) ? { ...entry, inputHmac } : entry;
}

/** `entry` (what a browser may read of `stored`) with the `via` `stored` carries, when it is one. */
export function withVia<T extends AuditEntry>(entry: T | undefined, stored: unknown): (T & { via?: ProxyAnswerVia }) | undefined {
  const via = (stored as { via?: unknown } | null)?.via;
  return entry === undefined || typeof via !== 'string' || !ANSWER_VIAS.includes(via) ? entry : { ...entry, via: via as ProxyAnswerVia };
}

/** Shortest `auditDigestKey` taken: a short key could itself be guessed, and with it every answer. */
export const MIN_AUDIT_DIGEST_KEY_LENGTH = 32;

/**
 * The keyed digests of answers for the audit trail. `noteCall` keeps the calls the answers' status
 * checks saw (only with a key setting; the latest 500), so that `digestOf` knows the form an
 * answer answers; `digestOf` makes its digest, or none: without a usable key, and for an answer
 * `isDigestibleAnswer` refuses.
 */
export function createAnswerDigests(setting: string | (() => string | undefined) | undefined, report: (message: string) => void) {
  const answerDigest = createAnswerDigest(setting, report);
  const seenCalls = new Map<string, ToolCall>();
  return {
    noteCall: (taskId: string, call: ToolCall): void => {
      if (setting === undefined) return;
      const id = JSON.stringify([taskId, call.toolCallId]);
      seenCalls.delete(id);
      seenCalls.set(id, call);
      if (seenCalls.size > 500) seenCalls.delete(seenCalls.keys().next().value as string);
    },
    digestOf: (taskId: string, answer: { toolCallId: string; input: string } | undefined): string | undefined => {
      if (answer === undefined) return undefined;
      const digest = answerDigest();
      if (digest === undefined) return undefined;
      if (!isDigestibleAnswer(seenCalls.get(JSON.stringify([taskId, answer.toolCallId])), answer.input)) return undefined;
      return digest(taskId, answer.toolCallId, answer.input);
    },
  };
}

/** What makes an answer's digest, once the proxy knows the key. */
type AnswerDigest = (taskId: string, toolCallId: string, input: string) => string;

/**
 * The keyed digest of answers, with the key read from `setting` on each answer (so a key set in
 * the environment after start, or rotated, is used from then on). `undefined` from the returned
 * function when there is no usable key: then no digest is made at all. A key shorter than
 * `MIN_AUDIT_DIGEST_KEY_LENGTH` is refused, said once through `report`.
 */
function createAnswerDigest(
  setting: string | (() => string | undefined) | undefined,
  report: (message: string) => void,
): () => AnswerDigest | undefined {
  let lastSecret: string | undefined;
  let digest: AnswerDigest | undefined;
  let reported = false;
  return () => {
    const secret = typeof setting === 'function' ? setting() : setting;
    if (typeof secret !== 'string' || secret === '') return undefined;
    if (secret.length < MIN_AUDIT_DIGEST_KEY_LENGTH) {
      if (!reported) report(`auditDigestKey is shorter than ${MIN_AUDIT_DIGEST_KEY_LENGTH} characters: no answer digest is kept`);
      reported = true;
      return undefined;
    }
    if (secret !== lastSecret) {
      lastSecret = secret;
      const sign = createHmacSha256(secret);
      digest = (taskId, toolCallId, input) => sign(JSON.stringify([taskId, toolCallId, input]));
    }
    return digest;
  };
}

/** `autocomplete` tokens of a field whose value is a secret: a password, a one-time code, a card. */
const SECRET_AUTOCOMPLETE = new Set(['current-password', 'new-password', 'one-time-code', 'webauthn']);

/** Whether a `form_input` field holds a secret: type `password`, or an `autocomplete` naming one. */
function isSecretField(field: Record<string, unknown>): boolean {
  if (typeof field.type === 'string' && field.type.trim().toLowerCase() === 'password') return true;
  const tokens = typeof field.autocomplete === 'string' ? field.autocomplete.trim().toLowerCase().split(/\s+/) : [];
  return tokens.some((token) => SECRET_AUTOCOMPLETE.has(token) || token.startsWith('cc-'));
}

/**
 * Whether an answer may have a (keyed) digest at all: only an answer to a `form_input` call the
 * proxy read from the service, whose fields are all readable and none secret, and whose `input`
 * reads as a form's answer (`[{ label, value }, …]`, at most one entry per field). Anything else
 * (another tool's free text, a form the proxy did not see, a secret field) gets none: a digest of
 * a low-entropy secret can be reversed by whoever holds the key.
 */
function isDigestibleAnswer(call: ToolCall | undefined, input: string): boolean {
  if (call?.tool.name !== FORM_INPUT_TOOL_NAME) return false;
  const fields: unknown = call.tool.parameters.fields;
  if (!Array.isArray(fields) || fields.length === 0 || !fields.every((field) => isRecord(field) && !isSecretField(field))) return false;
  let answer: unknown;
  try {
    answer = JSON.parse(input);
  } catch {
    return false;
  }
  return (
    Array.isArray(answer) &&
    answer.length <= fields.length &&
    answer.every((entry) => isRecord(entry) && typeof entry.label === 'string' && 'value' in entry)
  );
}

/**
 * The tokens of the links that answer a request from a message (`emailChannel`'s `actions`):
 * compact and URL-safe, `<payload>.<mac>`, both base64url. The payload names the request (its page
 * id), the decision, the recipient, when the link expires and the channel that sent it; the MAC is
 * HMAC-SHA256 of the payload under a key derived from the proxy's secret for this use alone,
 * truncated to 128 bits and compared in constant time. Anyone holding the link reads its payload
 * (the recipient has it anyway); nobody without the secret makes or changes one.
 */
import type { HumanAnswer } from '../../request';
import { isRecord } from '../../utils';
import { hmacSha256, sameBytes } from '../hmac';
import { fromBase64, plainTitle, toBase64Url } from '../notify/notify-message';
import type { AnswerLinkDecision, NotificationChannelActions } from '../notify/notify-options';

/** What a token says. */
export interface AnswerLinkClaims {
  readonly via: NotificationChannelActions['via'];
  /** The request's id as pages know it (`pageIdOf`). */
  readonly id: string;
  readonly decision: AnswerLinkDecision;
  /** The address the link was sent to, as the channel's `actions.identify` takes it. */
  readonly recipient: string;
  /** Ms since the epoch. */
  readonly expiresAt: number;
  /** The `name` of the channel that sent it: its `actions.identify` names the recipient. */
  readonly channel: string;
}

const VERSION = 1;
const MAC_BYTES = 16;
/** Longest token read: a longer one was not made here. */
const MAX_TOKEN_LENGTH = 2048;
const DECISIONS: readonly string[] = ['approve', 'approve_always', 'reject', 'reject_always', 'decline', 'cancel'];
const VIAS: readonly string[] = ['email'];
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

let derived: { secret: string; key: Uint8Array } | undefined;
/** The links' key: HMAC(secret, label), so no other use of the secret (sealing, keyed ids, webhooks) signs the same thing. */
function linkKey(secret: string): Uint8Array {
  if (derived?.secret !== secret)
    derived = { secret, key: hmacSha256(encoder.encode(secret), encoder.encode('hitl-react answer link v1')) };
  return derived.key;
}

const macOf = (secret: string, payload: string) => hmacSha256(linkKey(secret), encoder.encode(payload)).slice(0, MAC_BYTES);

/** A token of `claims`, signed under `secret`. */
export function mintAnswerToken(secret: string, claims: AnswerLinkClaims): string {
  const { via, id, decision, recipient, expiresAt, channel } = claims;
  const json = JSON.stringify([VERSION, via, id, decision, recipient, expiresAt.toString(36), channel]);
  const payload = toBase64Url(encoder.encode(json));
  return `${payload}.${toBase64Url(macOf(secret, payload))}`;
}

/**
 * What `token` says, with the key of its one use (its MAC) for the store's claim; undefined for a
 * token this secret did not make, or one that was changed (checked before anything of it is read).
 */
export function readAnswerToken(secret: string, token: string): { claims: AnswerLinkClaims; use: string } | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  const match = /^([\w-]+)\.([\w-]+)$/.exec(token);
  const given = match === null ? undefined : fromBase64(match[2] as string);
  if (match === null || given?.length !== MAC_BYTES) return undefined;
  const payload = match[1] as string;
  if (!sameBytes(macOf(secret, payload), given)) return undefined;
  let read: unknown;
  try {
    read = JSON.parse(decoder.decode(fromBase64(payload)));
  } catch {
    return undefined;
  }
  if (!Array.isArray(read) || read[0] !== VERSION || !read.slice(1).every((part) => typeof part === 'string')) return undefined;
  const [, via, id, decision, recipient, expiry, channel] = read as string[];
  const expiresAt = parseInt(expiry ?? '', 36);
  if (!VIAS.includes(via ?? '') || !DECISIONS.includes(decision ?? '') || !Number.isSafeInteger(expiresAt)) return undefined;
  const claims = { via, id, decision, recipient, expiresAt, channel } as AnswerLinkClaims;
  return { claims, use: `answer-link:${match[2] as string}` };
}

/** A decision a link can carry for a request, in words. */
export interface LinkChoice {
  readonly decision: AnswerLinkDecision;
  /** "Approve send_email", "Decline". */
  readonly label: string;
  /** "approve send_email", "decline this request": what pressing the button does. */
  readonly does: string;
  /** "approved send_email", "declined this request": what was done. */
  readonly done: string;
}

/**
 * The decisions one press can give `request` (untrusted: read as given): an approval of one action
 * approves or rejects it (as it allows), and declines or cancels where `allows` says. Anything else
 * (a form, an approval of several actions, a page to visit) needs the inbox: none.
 */
export function linkChoices(request: unknown): LinkChoice[] {
  if (!isRecord(request) || request.kind !== 'approval' || !Array.isArray(request.actions) || request.actions.length !== 1) return [];
  const action: unknown = request.actions[0];
  if (!isRecord(action)) return [];
  const name = plainTitle(action.name, 'the action');
  const allowed: unknown[] = Array.isArray(action.allowed) ? action.allowed : ['approve', 'reject'];
  const allows = isRecord(request.allows) ? request.allows : {};
  const choices: LinkChoice[] = [];
  const always = action.allowAlways === true;
  const later = 'and at its later calls, without asking again';
  if (allowed.includes('approve')) {
    choices.push({ decision: 'approve', label: `Approve ${name}`, does: `approve ${name}`, done: `approved ${name}` });
    if (always)
      choices.push({
        decision: 'approve_always',
        label: `Always approve ${name}`,
        does: `approve ${name} now ${later}`,
        done: `approved ${name} for good`,
      });
  }
  if (allowed.includes('reject')) {
    choices.push({ decision: 'reject', label: `Reject ${name}`, does: `reject ${name}`, done: `rejected ${name}` });
    if (always)
      choices.push({
        decision: 'reject_always',
        label: `Always reject ${name}`,
        does: `reject ${name} now ${later}`,
        done: `rejected ${name} for good`,
      });
  }
  if (allows.decline === true)
    choices.push({ decision: 'decline', label: 'Decline', does: 'decline this request', done: 'declined this request' });
  if (allows.cancel === true)
    choices.push({ decision: 'cancel', label: 'Cancel', does: 'cancel this request', done: 'cancelled this request' });
  return choices;
}

/** The answer a link's decision gives request `id` (checked by `checkHumanAnswer` like any other). */
export function linkAnswer(decision: AnswerLinkDecision, id: string): HumanAnswer {
  if (decision === 'decline' || decision === 'cancel') return { requestId: id, action: decision };
  if (decision === 'approve_always' || decision === 'reject_always')
    return { requestId: id, action: 'accept', decisions: [{ type: decision === 'approve_always' ? 'approve' : 'reject', always: true }] };
  return { requestId: id, action: 'accept', decisions: [{ type: decision }] };
}

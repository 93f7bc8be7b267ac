import { HUMAN_CONTROL_TOOL_NAME } from '../../schema';
import { isRecord } from '../../utils';
import { hmacSha256 } from '../hmac';
import type { WaitingItem } from './notifier';

const encoder = new TextEncoder();

/** Longest title a notification carries, in characters. */
const MAX_NOTIFICATION_TITLE = 200;

/** C0 and C1 controls, line and paragraph separators, and the direction marks and overrides a title could spoof with. */
const UNPRINTABLE = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]+/gu;

/**
 * Agent-made text as one line of plain text for a subject, a push notification or a chat message:
 * controls and direction overrides become spaces, whitespace is collapsed, at most 200 characters
 * (never half a surrogate pair), `fallback` when nothing is left.
 */
export function plainTitle(text: unknown, fallback = 'A request waits for an answer'): string {
  const line = (typeof text === 'string' ? text : '').replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
  if (line === '') return fallback;
  const chars = Array.from(line);
  return chars.length <= MAX_NOTIFICATION_TITLE ? line : `${chars.slice(0, MAX_NOTIFICATION_TITLE - 1).join('')}…`;
}

/** Longest reason or instructions of a hand-off a notification carries, in characters (a Slack section holds 3000). */
const MAX_HAND_OFF_TEXT = 1000;

/**
 * Agent-made text as plain paragraphs: as `plainTitle`, but its line breaks kept (at most one blank
 * line in a row), at most `max` characters; `''` when nothing is left.
 */
export function plainParagraphs(text: unknown, max = MAX_HAND_OFF_TEXT): string {
  const lines = (typeof text === 'string' ? text : '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim());
  const kept = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const chars = Array.from(kept);
  return chars.length <= max ? kept : `${chars.slice(0, max - 1).join('')}…`;
}

/** What a hand-off of the agent's browser asks, as plain text: why the agent needs a person, and what to do there (`''`: none). */
export interface HandOffText {
  readonly reason: string;
  readonly instructions: string;
}

/**
 * The reason and instructions of `item` when it is a hand-off (a control request, or a pending call
 * of the task service's `human_control`); undefined for anything else. Never its live view's address.
 */
export function handOffOf(item: Pick<WaitingItem, 'kind' | 'request' | 'toolCall'>): HandOffText | undefined {
  let asked: Record<string, unknown>;
  if (item.kind === 'request' && isRecord(item.request) && item.request.kind === 'control')
    asked = { reason: item.request.message, instructions: item.request.instructions };
  else if (item.kind === 'tool_call' && item.toolCall?.name === HUMAN_CONTROL_TOOL_NAME)
    asked = isRecord(item.toolCall.parameters) ? item.toolCall.parameters : {};
  else return undefined;
  return { reason: plainParagraphs(asked.reason), instructions: plainParagraphs(asked.instructions) };
}

/** Who holds control of a hand-off (`identify`'s `user`), and since when (ms since the epoch). */
export interface HandOffHolder {
  readonly user: string;
  readonly since: number;
}

/** "alice has control since 10:41 UTC", or "Nobody has control yet": plain text (the name is not markup). */
export function controlHolderLine(holder: HandOffHolder | null | undefined): string {
  if (holder === null || holder === undefined) return 'Nobody has control yet';
  return `${plainTitle(holder.user, 'Someone')} has control since ${new Date(holder.since).toISOString().slice(11, 16)} UTC`;
}

/** `text` safe inside HTML text and double-quoted attributes. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

/** `value` when it is an absolute http(s) URL (as `URL` writes it), undefined otherwise. */
export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Standard base64 of `bytes` (no `Buffer`: the proxy runs on edge runtimes too). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The bytes of standard or URL-safe base64 `text`, padded or not; undefined when it is not base64. */
export function fromBase64(text: string): Uint8Array | undefined {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard)) return undefined;
  try {
    return Uint8Array.from(atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '=')), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** URL-safe base64 of `bytes`, without padding. */
export const toBase64Url = (bytes: Uint8Array) => toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * The `webhook-id` of item `id` under rule `rule`: a keyed digest of the two, the same on every
 * instance given the same `key`, whatever the store remembers, so a receiver recognises a repeat.
 */
export function notificationWebhookId(id: string, rule: string, key = ''): string {
  const digest = hmacSha256(encoder.encode(`hitl-react notification\n${key}`), encoder.encode(`${id}\n${rule}`));
  return `msg_${toBase64Url(digest.slice(0, 24))}`;
}

/** "12 min", "3 h", "2 days": how long something has waited, in English, for a subject line. */
export function waitedFor(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

import { summarizeRequest, type HumanAnswer, type HumanRequest, type RequestListing, type RequestListingState } from '../../request';
import { isRecord } from '../../utils';
import type { AnswerSealer } from './answer-sealing';
import { toBase64Url } from '../notify/notify-message';
import { createHmacSha256 } from '../hmac';
import type { ProxyAuditEntry } from '../teams/audit-log';
import type { TaskProxyLogger } from '../logger';
import type { Notifier, WaitingItem } from '../notify/notifier';
import type { RequestStats } from './request-stats';
import type { RequestStore, StoredRequest } from '../stores/request-store';
import type { TaskProxyRequestOptions } from '../task-proxy-options';

/** `answerAction` of a `durable` request whose deadline passed: its `{ action: 'cancel', expired: true }` waits to be delivered like an answer. */
export const EXPIRED_ACTION = 'expired';

/**
 * What `proxy.requests.open` returns: the promise of the one answer, with the proxy's id of the
 * request at once (for `cancel`; pages list and answer the request under it). For a keyed request
 * that takes over the one the store holds, `id` becomes that request's once the store answered.
 * `stored` settles once the request is in the store (listed, notified): a serverless step that ends
 * right after `open` awaits it; it rejects when that write failed (retried at the next sweep while
 * this process runs).
 */
export type OpenedRequest = Promise<HumanAnswer> & { readonly id: string; readonly stored: Promise<void> };

/** A request this instance opened and still holds the promise of. */
export interface HeldRequest {
  /** The proxy's id: the record's. */
  readonly id: string;
  /** The id pages know this question by (`pageIdOf`), and `opened.id`: set again once the record is written. */
  pageId: string;
  /** The request's `id` at its source: the answers its promise gets carry it, as the source's adapters expect. */
  readonly sourceId: string;
  /** The record `open` wrote (state `open`, version 1): written again if the store loses it. */
  readonly record: StoredRequest;
  /** What it asks (`requestContent`): a `key` opened again must ask the same. */
  readonly content: string;
  readonly promise: OpenedRequest;
  readonly resolve: (answer: HumanAnswer) => void;
  /** Only for a `key` the store holds with another question (`RequestKeyConflictError`). */
  readonly reject: (error: Error) => void;
  /** Whether the record reached the store once (the open is audited then). */
  written: boolean;
}

/** What the parts of `proxy.requests` share on one instance. */
export interface RequestsContext {
  readonly store: RequestStore;
  /** This instance, as its heartbeat and the records it opens name it. */
  readonly owner: string;
  readonly now: () => number;
  readonly logger: TaskProxyLogger;
  readonly onStoreError: (error: unknown) => void;
  readonly notifier: Notifier;
  readonly sealer: AnswerSealer;
  readonly onAnswer: TaskProxyRequestOptions['onAnswer'];
  readonly endedKeepMs: number;
  readonly answerWaitMs: number;
  readonly held: Map<string, HeldRequest>;
  readonly stats: RequestStats;
  /** Writes an audit entry of a request (`onAudit` and the store). */
  readonly audit: (entry: ProxyAuditEntry) => Promise<void>;
  /** Whether this instance was closed: it no longer says it is alive, nor takes answers. */
  readonly closed: () => boolean;
}

/** How long a record is kept from its last write: an hour past its deadline, else a day. */
export function recordTtl(record: StoredRequest, now: number): number {
  return record.expiresAt === undefined ? 24 * 60 * 60_000 : Math.max(record.expiresAt - now, 0) + 60 * 60_000;
}

/** `record` with `patch`, written if nobody wrote it since it was read: the new record, or undefined when another write came first. */
export async function replaceRecord(
  store: RequestStore,
  record: StoredRequest,
  patch: Partial<StoredRequest>,
  now: number,
): Promise<StoredRequest | undefined> {
  const next: StoredRequest = { ...record, ...patch, version: record.version + 1 };
  return (await store.replaceRequest(next, record.version, recordTtl(next, now))) ? next : undefined;
}

/** Fields of the answer and its delivery, cleared. */
export const NO_ANSWER: Partial<StoredRequest> = Object.freeze({
  answerId: undefined,
  sealedAnswer: undefined,
  answerAction: undefined,
  answeredBy: undefined,
  answeredVia: undefined,
  deliverer: undefined,
  deliverUntil: undefined,
});

/** A deadline as ms since the epoch: an ISO 8601 time or a number; undefined for anything else. */
export function readDeadline(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : at;
}

/** The request a record keeps, as its source gave it (its JSON was checked when opened; a record of another version may not parse). */
export function sourceRequestOf(record: StoredRequest): HumanRequest | undefined {
  try {
    const request: unknown = JSON.parse(record.request);
    return isRecord(request) ? (request as unknown as HumanRequest) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The id pages list, answer and keep drafts under: one question's. A request opened without a key
 * is one question, so it is the record's id; a keyed record holds its key's questions one after
 * the other, so the time the question was opened is added, and a page never takes the next
 * question for the one it answered.
 */
export function pageIdOf(record: Pick<StoredRequest, 'id' | 'key' | 'openedAt'>): string {
  return record.key === undefined ? record.id : `${record.id}.${record.openedAt.toString(36)}`;
}

/**
 * Whether `record` holds question `id` (a page's id) of `identity`'s team (and is theirs, when it is
 * for one user): another team's request, an unknown one and an earlier question of a key look the same.
 */
export function isCallersQuestion(
  record: StoredRequest | undefined,
  id: string,
  identity: { readonly team: string; readonly user: string },
): record is StoredRequest {
  return (
    record !== undefined &&
    pageIdOf(record) === id &&
    record.team === identity.team &&
    (record.user === undefined || record.user === identity.user)
  );
}

/** The record's id of a page's id (`pageIdOf`), or of a record's id itself (a record written before keys, of any id, too). */
export const storeIdOf = (id: string): string => (id.startsWith(KEYED_PREFIX) ? (id.split('.', 1)[0] ?? id) : id);

/** The request as pages see and answer it: under the proxy's id of its question, never the source's (which two sources may share). */
export function requestOf(record: StoredRequest): HumanRequest | undefined {
  const request = sourceRequestOf(record);
  return request === undefined ? undefined : { ...request, id: pageIdOf(record) };
}

/** What a request asks, for telling whether a `key` opened again asks the same thing: all but its source's id and its deadline. */
export function requestContent(request: HumanRequest): string {
  const { id: _id, deadline: _deadline, ...content } = request;
  return JSON.stringify(content);
}

/** How the ids of keyed requests begin: only theirs carry which question (`pageIdOf`). */
const KEYED_PREFIX = 'req_k';

/** The proxy's id of a request opened without a `key`: 128 random bits, so no other request, source or team can name it. */
export function newRequestId(): string {
  return `req_${toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(16)))}`;
}

/**
 * The proxy's id of a request opened with a source's `key`: a keyed digest of the team, the source
 * and the key under the proxy's secret, the same on every instance and after a restart (so the
 * source finds its request again), and unguessable without the secret.
 */
export function keyedRequestId(secret: string, team: string, source: string, key: string): string {
  return `${KEYED_PREFIX}${createHmacSha256(`hitl-react request key\n${secret}`)(JSON.stringify([team, source, key])).slice(0, 40)}`;
}

/** The answer a `durable` request's deadline gives its source. */
export const expiredAnswer = (requestId: string): HumanAnswer => ({ requestId, action: 'cancel', expired: true });

/** What a page sees of a record; `openerLive` says whether its opener still runs. */
export function toListing(record: StoredRequest, request: HumanRequest, openerLive: boolean): RequestListing {
  let state: RequestListingState;
  if (record.state === 'open') state = record.durable || openerLive ? 'open' : 'unanswerable';
  else if (record.state === 'answered' || record.state === 'delivered')
    state = record.answerAction === EXPIRED_ACTION ? 'expired' : 'answered';
  else state = record.state;
  return {
    request,
    state,
    team: record.team,
    openedAt: record.openedAt,
    ...(record.expiresAt === undefined ? {} : { expiresAt: record.expiresAt }),
    ...(state === 'answered' && record.answeredBy !== undefined ? { answeredBy: record.answeredBy } : {}),
    ...(record.endedAt === undefined ? {} : { endedAt: record.endedAt }),
  };
}

/** What the notifier is told of an open request. */
export function waitingItem(record: StoredRequest, request: HumanRequest): WaitingItem {
  return {
    // As pages know it: a link or a webhook names the question the page lists.
    id: pageIdOf(record),
    kind: 'request',
    team: record.team,
    user: record.user,
    source: record.source,
    title: summarizeRequest(request).title,
    waitingSince: record.openedAt,
    request,
  };
}

/** An audit entry of a request, as the proxy writes them for its source's actions and the deadline. */
export function requestAuditEntry(
  action: 'open_request' | 'cancel_request' | 'expire_request',
  record: Pick<StoredRequest, 'id' | 'team'>,
): ProxyAuditEntry {
  return {
    at: new Date().toISOString(),
    user: '',
    team: record.team,
    action,
    taskId: '',
    requestId: record.id,
    status: 200,
    outcome: 'accepted',
  };
}

/** A random id of this instance or of an answer. */
export function randomId(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid !== undefined) return uuid;
  const part = () =>
    Math.floor(Math.random() * 36 ** 8)
      .toString(36)
      .padStart(8, '0');
  return `${Date.now().toString(36)}${part()}${part()}`;
}

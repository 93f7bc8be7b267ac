import type { HumanAnswer, HumanRequest, RequestListing, RequestListingState } from '../request';
import { isRecord } from '../utils';
import type { AnswerSealer } from './answer-sealing';
import type { ProxyAuditEntry } from './audit-log';
import type { TaskProxyLogger } from './logger';
import type { Notifier, WaitingItem } from './notifier';
import type { RequestStats } from './request-stats';
import type { RequestStore, StoredRequest } from './request-store';

/** `answerAction` of a `durable` request whose deadline passed: its `{ action: 'cancel', expired: true }` waits to be delivered like an answer. */
export const EXPIRED_ACTION = 'expired';

/** A request this instance opened and still holds the promise of. */
export interface HeldRequest {
  readonly id: string;
  /** The record `open` wrote (state `open`, version 1): written again if the store loses it. */
  readonly record: StoredRequest;
  readonly promise: Promise<HumanAnswer> & { readonly id: string };
  readonly resolve: (answer: HumanAnswer) => void;
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
  readonly onAnswer: ((request: HumanRequest, answer: HumanAnswer) => void | Promise<void>) | undefined;
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

/** The request a record keeps (its JSON was checked when opened; a record of another version may not parse). */
export function requestOf(record: StoredRequest): HumanRequest | undefined {
  try {
    const request: unknown = JSON.parse(record.request);
    return isRecord(request) ? (request as unknown as HumanRequest) : undefined;
  } catch {
    return undefined;
  }
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

const KIND_TITLES: Readonly<Record<string, string>> = { form: 'Input requested', approval: 'Approval requested', link: 'Visit a page' };

/** One line saying what a request asks, for a notification: its title, a form's heading, an action's name, else its kind's. */
function requestTitle(request: HumanRequest): string {
  const heading = request.kind === 'form' && isRecord(request.parameters) ? request.parameters.heading : undefined;
  const action = request.kind === 'approval' ? request.actions[0]?.name : undefined;
  for (const text of [request.title, heading, action]) if (typeof text === 'string' && text.trim() !== '') return text;
  return KIND_TITLES[request.kind] ?? 'Request';
}

/** What the notifier is told of an open request. */
export function waitingItem(record: StoredRequest, request: HumanRequest): WaitingItem {
  return {
    id: record.id,
    kind: 'request',
    team: record.team,
    user: record.user,
    source: record.source,
    title: requestTitle(request),
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

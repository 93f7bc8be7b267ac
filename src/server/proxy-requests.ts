import { checkHumanRequest, REQUESTS_PATH, type HumanAnswer, type HumanRequest } from '../request';
import { createAnswerSealer } from './answer-sealing';
import type { ProxyAuditEntry } from './audit-log';
import type { TaskProxyLogger } from './logger';
import { NO_NOTIFIER, type Notifier } from './notifier';
import { notAllowed, stripBasePath } from './proxy-paths';
import { answerRequestRoute } from './request-answer-route';
import { createRequestDelivery } from './request-delivery';
import { listRequestsRoute, type RequestRouteAccess } from './request-list-route';
import {
  NO_ANSWER,
  randomId,
  readDeadline,
  recordTtl,
  replaceRecord,
  requestAuditEntry,
  requestOf,
  waitingItem,
  type HeldRequest,
  type RequestsContext,
} from './request-records';
import { RequestStats, type TaskProxyRequestStats } from './request-stats';
import type { RequestStore, StoredRequest } from './request-store';
import { sweepRequests } from './request-sweep';
import { TASK_PROXY_DEFAULTS, type TaskProxyRequestOptions } from './task-proxy-options';

/** How `proxy.requests.open` is asked to hold a request. */
export interface OpenRequestOptions {
  /** The team whose people see and answer it (`identify`'s `team`; `''` for a proxy without `identify`). Required. */
  team: string;
  /** When set, only this user of the team sees and answers it. Default: every user of the team. */
  user?: string;
  /**
   * Its deadline: an ISO 8601 time or ms since the epoch. Default: the request's `deadline`, else
   * `requests.deadlineMs` of its source, else none.
   */
  expiresAt?: string | number;
  /**
   * Outlives this process: kept in the store when the instance that opened it stops, answered
   * through `requests.onAnswer` of any live instance. Default: false (when this instance stops,
   * pages say it can no longer be answered and an answer gets 410).
   */
  durable?: boolean;
}

/** What `proxy.requests.open` returns: the promise of the one answer, with the request's id at once. */
export type OpenedRequest = Promise<HumanAnswer> & { readonly id: string };

/** `proxy.requests`: requests of any source, for the people of a team, answered once. */
export interface ProxyRequests {
  /**
   * Puts `request` (checked: a `TypeError` says what is wrong) into the store, listed to `team` at
   * `GET {basePath}/requests` and answered at `POST {basePath}/requests/{id}/answer`, and returns
   * the promise of its one answer. Its id is `request.id`: a source's id, unique among its open
   * requests. Opening the id of a request this instance still holds returns the same promise; an
   * id the store holds from another process (a source that restarted and opens again from its own
   * truth) is taken over: its answer, if one came meanwhile, resolves the new promise. The promise
   * resolves with `{ action: 'cancel' }` after `cancel`, `{ action: 'cancel', expired: true }` at
   * the deadline, and never rejects; it stays pending when the proxy is closed.
   */
  open(request: HumanRequest, options: OpenRequestOptions): OpenedRequest;
  /**
   * The source gave up (an MCP request aborted, an agent run stopped): the request is cancelled
   * for every page (an answer gets 410), and its promise resolves `{ action: 'cancel' }` on the
   * instance holding it. An answer already on its way to the source is not taken back.
   */
  cancel(id: string): Promise<void>;
}

/** What `createProxyRequests` needs of the proxy. */
interface ProxyRequestsSettings {
  store: RequestStore;
  options: TaskProxyRequestOptions | undefined;
  basePath: string;
  /** The API key, read when an answer is first sealed (a lazy proxy may not have it yet). */
  readApiKey: () => string | undefined;
  access: RequestRouteAccess;
  writeAudit: (entry: ProxyAuditEntry) => Promise<void>;
  logger: TaskProxyLogger;
  onStoreError: (error: unknown) => void;
  /** Told of every request that waits and of every one that ended. Default: `NO_NOTIFIER`. Closed with the proxy. */
  notifier?: Notifier;
}

/** How often an instance says it is alive, and for how long each time. */
const HEARTBEAT_EVERY_MS = 1000;
const HEARTBEAT_TTL_MS = 3000;
const SWEEP_EVERY_MS = 1000;

/**
 * The requests of `createTaskProxy`: `open` and `cancel`, the two routes, the heartbeat that says
 * this instance still holds its promises, and the sweep. The timers start with the first use (an
 * `open`, a request to a route) or at once with `onAnswer`, so a proxy that serves no requests
 * runs none.
 */
export function createProxyRequests(settings: ProxyRequestsSettings) {
  const { store, options, basePath } = settings;
  const deadlineMs = options?.deadlineMs ?? {};
  let closed = false;
  let started: Promise<void> | undefined;
  const timers: Array<ReturnType<typeof setInterval>> = [];
  let unsubscribe: Promise<() => Promise<void>> | undefined;
  const changeWaiters = new Map<string, Set<() => void>>();

  const ctx: RequestsContext = {
    store,
    owner: randomId(),
    now: () => Date.now(),
    logger: settings.logger,
    onStoreError: settings.onStoreError,
    notifier: settings.notifier ?? NO_NOTIFIER,
    sealer: createAnswerSealer(settings.readApiKey),
    onAnswer: options?.onAnswer,
    endedKeepMs: positive(options?.endedKeepMs) ?? TASK_PROXY_DEFAULTS.requestsEndedKeepMs,
    answerWaitMs: positive(options?.answerWaitMs) ?? TASK_PROXY_DEFAULTS.requestsAnswerWaitMs,
    held: new Map(),
    stats: new RequestStats(),
    audit: (entry) => settings.writeAudit(entry),
    closed: () => closed,
  };
  const delivery = createRequestDelivery(ctx);

  function start(): Promise<void> {
    if (started !== undefined || closed) return started ?? Promise.resolve();
    const beat = () => store.heartbeat(ctx.owner, HEARTBEAT_TTL_MS);
    started = beat().catch(ctx.onStoreError);
    let sweeping = false;
    const sweep = () => {
      if (sweeping || closed) return;
      sweeping = true;
      sweepRequests(ctx, delivery, rewrite)
        .catch(ctx.onStoreError)
        .finally(() => (sweeping = false));
    };
    timers.push(
      setInterval(() => void beat().catch(ctx.onStoreError), HEARTBEAT_EVERY_MS),
      setInterval(sweep, SWEEP_EVERY_MS),
    );
    // A timer alone never keeps the process running: the app's server does.
    for (const timer of timers) (timer as { unref?: () => void }).unref?.();
    unsubscribe = store.onRequestChange((id) => {
      const waiters = changeWaiters.get(id);
      if (waiters !== undefined) for (const wake of [...waiters]) wake();
      if (ctx.held.has(id) || ctx.onAnswer !== undefined) delivery.react(id);
    });
    unsubscribe.catch(ctx.onStoreError);
    return started;
  }
  if (ctx.onAnswer !== undefined) void start();

  // A watch starts before the answer is written: a change that lands while the route still awaits
  // the store is kept for its next wait, not lost (which would hold the 200 a whole recheck).
  const watchChanges = (id: string) => {
    let changed = false;
    let wake: (() => void) | undefined;
    const heard = () => {
      changed = true;
      wake?.();
    };
    let waiters = changeWaiters.get(id);
    if (waiters === undefined) changeWaiters.set(id, (waiters = new Set()));
    waiters.add(heard);
    const own = waiters;
    return {
      wait: (ms: number) =>
        new Promise<void>((resolve) => {
          if (changed) {
            changed = false;
            resolve();
            return;
          }
          const timer = setTimeout(() => {
            wake = undefined;
            resolve();
          }, ms);
          wake = () => {
            clearTimeout(timer);
            wake = undefined;
            changed = false;
            resolve();
          };
        }),
      stop: () => {
        own.delete(heard);
        if (own.size === 0 && changeWaiters.get(id) === own) changeWaiters.delete(id);
      },
    };
  };

  function open(request: HumanRequest, openOptions: OpenRequestOptions): OpenedRequest {
    const problem = checkHumanRequest(request);
    if (problem !== undefined) throw new TypeError(`proxy.requests.open: ${problem}`);
    if (closed) throw new Error('proxy.requests.open: the proxy is closed');
    const { team, user, durable, expiresAt: given } = (openOptions ?? {}) as Partial<OpenRequestOptions>;
    if (typeof team !== 'string') throw new TypeError('proxy.requests.open: options.team must be a string');
    if (user !== undefined && typeof user !== 'string') throw new TypeError('proxy.requests.open: options.user must be a string');
    if (durable !== undefined && typeof durable !== 'boolean')
      throw new TypeError('proxy.requests.open: options.durable must be true or false');
    const expiresAt = given === undefined ? undefined : readDeadline(given);
    if (given !== undefined && expiresAt === undefined)
      throw new TypeError('proxy.requests.open: options.expiresAt must be an ISO 8601 time or milliseconds since the epoch');

    const id = request.id;
    const existing = ctx.held.get(id);
    if (existing !== undefined) return existing.promise;

    const openedAt = ctx.now();
    const sourceMs = positive(deadlineMs[request.source]) ?? positive(deadlineMs.default);
    const deadline = expiresAt ?? readDeadline(request.deadline) ?? (sourceMs === undefined ? undefined : openedAt + sourceMs);
    const listed = deadline === undefined ? request : { ...request, deadline: new Date(deadline).toISOString() };
    let json: string;
    try {
      json = JSON.stringify(listed);
    } catch {
      throw new TypeError('proxy.requests.open: the request cannot be written as JSON');
    }
    const record: StoredRequest = {
      id,
      team,
      user,
      request: json,
      source: request.source,
      openedAt,
      expiresAt: deadline,
      durable: durable === true,
      opener: ctx.owner,
      state: 'open',
      version: 1,
    };
    let resolve!: (answer: HumanAnswer) => void;
    const promise = Object.assign(
      new Promise<HumanAnswer>((settle) => {
        resolve = settle;
      }),
      { id },
    );
    const held: HeldRequest = { id, record, promise, resolve, written: false };
    ctx.held.set(id, held);
    ctx.stats.opened += 1;
    void start().then(() => rewrite(held).catch(ctx.onStoreError));
    return promise;
  }

  /**
   * Writes a held request into the store: anew, or over the record another process left (taken
   * over: an open or unanswerable one opens again under this instance, an answered one keeps its
   * answer for this instance to deliver, an ended one starts afresh).
   */
  async function rewrite(held: HeldRequest): Promise<void> {
    for (let attempt = 0; attempt < 5 && ctx.held.get(held.id) === held; attempt++) {
      const now = ctx.now();
      const stored = await store.putRequest(held.record, recordTtl(held.record, now));
      let written: StoredRequest | undefined = stored;
      if (stored.opener !== ctx.owner || stored.openedAt !== held.record.openedAt || stored.version !== held.record.version) {
        const { version: _version, ...fresh } = held.record;
        const patch: Partial<StoredRequest> =
          stored.state === 'answered'
            ? { opener: ctx.owner, durable: held.record.durable }
            : stored.state === 'open' || stored.state === 'unanswerable'
              ? { ...fresh, ...NO_ANSWER, openedAt: stored.openedAt, endedAt: undefined, firstViewedAt: stored.firstViewedAt }
              : { ...fresh, ...NO_ANSWER, endedAt: undefined, firstViewedAt: undefined };
        written = stored.opener === ctx.owner && stored.state === 'open' ? stored : await replaceRecord(store, stored, patch, now);
        if (written === undefined) continue;
      }
      if (!held.written) {
        held.written = true;
        await ctx.audit(requestAuditEntry('open_request', held.record));
      }
      const request = requestOf(written);
      if (written.state === 'open' && request !== undefined) ctx.notifier.notice(waitingItem(written, request));
      if (written.state !== 'open') delivery.react(held.id);
      return;
    }
  }

  async function cancel(id: string): Promise<void> {
    if (typeof id !== 'string') throw new TypeError('proxy.requests.cancel: id must be a string');
    const held = ctx.held.get(id);
    let delivering = false;
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        const [record] = await store.readRequests([id]);
        if (record === undefined) break;
        const now = ctx.now();
        // An answer on its way to the source is not taken back: the source gets it.
        delivering = record.state === 'answered' && (record.durable || record.opener !== ctx.owner || held === undefined);
        if (delivering || (record.state !== 'open' && record.state !== 'answered')) break;
        if ((await replaceRecord(store, record, { ...NO_ANSWER, state: 'cancelled', endedAt: now }, now)) === undefined) continue;
        ctx.stats.cancelled += 1;
        ctx.notifier.ended(id);
        await ctx.audit(requestAuditEntry('cancel_request', record));
        break;
      }
    } finally {
      // Also when the store fails: the source gave up, and the sweep says nobody takes an answer here.
      if (held !== undefined && !delivering) delivery.settle(held, { requestId: id, action: 'cancel' });
    }
  }

  /** Answers the two routes of the requests; `undefined` for any other path. */
  function route(request: Request): Promise<Response> | undefined {
    const path = stripBasePath(new URL(request.url).pathname, basePath);
    if (path === undefined || !path.startsWith(REQUESTS_PATH)) return undefined;
    if (path === REQUESTS_PATH) {
      if (request.method !== 'GET') return Promise.resolve(notAllowed(['GET']));
      void start();
      return listRequestsRoute(ctx, settings.access, request);
    }
    const match = /^\/requests\/([^/]+)\/answer$/.exec(path);
    if (match === null) return undefined;
    let id: string;
    try {
      id = decodeURIComponent(match[1] ?? '');
    } catch {
      return undefined;
    }
    if (request.method !== 'POST') return Promise.resolve(notAllowed(['POST']));
    void start();
    return answerRequestRoute(ctx, settings.access, watchChanges, request, id);
  }

  return {
    requests: { open, cancel } satisfies ProxyRequests,
    route,
    stats: (): TaskProxyRequestStats => ctx.stats.snapshot(ctx.held.size),
    close: async (): Promise<void> => {
      if (closed) return;
      closed = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      for (const waiters of changeWaiters.values()) for (const wake of [...waiters]) wake();
      const stop = await unsubscribe?.catch(() => undefined);
      await Promise.all([stop?.().catch(ctx.onStoreError), ctx.notifier.close().catch(ctx.onStoreError)]);
    },
  };
}

const positive = (value: number | undefined) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

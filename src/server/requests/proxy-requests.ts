import { checkHumanRequest, MAX_HUMAN_REQUEST_ID_LENGTH, REQUESTS_PATH, type HumanAnswer, type HumanRequest } from '../../request';
import { errorEnvelope } from '../../client';
import { createAnswerSealer } from './answer-sealing';
import type { ProxyAuditEntry } from '../teams/audit-log';
import type { TaskProxyLogger } from '../logger';
import { NO_NOTIFIER, type Notifier } from '../notify/notifier';
import { notAllowed, stripBasePath } from '../proxy-paths';
import { answerRequestRoute, takeAnswer, type AnswerAttempt } from './request-answer-route';
import { createChangeWatchers } from './change-watchers';
import { createRequestDelivery } from './request-delivery';
import { createSecretAgreement } from './secret-agreement';
import { listRequestsRoute, type RequestRouteAccess } from './request-list-route';
import {
  keyedRequestId,
  newRequestId,
  NO_ANSWER,
  pageIdOf,
  randomId,
  readDeadline,
  recordTtl,
  replaceRecord,
  requestAuditEntry,
  requestContent,
  requestOf,
  sourceRequestOf,
  storeIdOf,
  waitingItem,
  type HeldRequest,
  type OpenedRequest,
  type RequestsContext,
} from './request-records';
import { RequestStats, type TaskProxyRequestStats } from './request-stats';
import type { RequestStore, StoredRequest } from '../stores/request-store';
import { sweepRequests } from './request-sweep';
import { TASK_PROXY_DEFAULTS, type TaskProxyRequestOptions } from '../task-proxy-options';

/** How `proxy.requests.open` is asked to hold a request. */
export interface OpenRequestOptions {
  /** The team whose people see and answer it (`identify`'s `team`; `''` for a proxy without `identify`). Required. */
  team: string;
  /**
   * The source's own key of this request, for a source that must find it again after a restart (a
   * checkpointed LangGraph thread: its thread id; a durable workflow: its run and step). Scoped to
   * the team and the request's `source`: while a request with this key is open, opening it again
   * (on any instance, after a restart) returns that request when it asks the same thing, and any
   * other question is refused (a `TypeError` here, `RequestKeyConflictError` from the store);
   * once it has ended, the key is free for the source's next question. The last `open` of a key
   * takes the request over: an earlier promise of it, held by another instance, resolves
   * `{ action: 'cancel' }`. Needs the proxy's secret.
   * Never a JSON-RPC id or anything else a second connection may repeat. Default: none (every
   * `open` is a request of its own).
   */
  key?: string;
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

/** `open` was given a `key` that an open request of the same team and source holds with another question. */
export class RequestKeyConflictError extends Error {
  override name = 'RequestKeyConflictError';
}

/** `proxy.requests`: requests of any source, for the people of a team, answered once. */
export interface ProxyRequests {
  /**
   * Puts `request` (checked: a `TypeError` says what is wrong) into the store, listed to `team` at
   * `GET {basePath}/requests` and answered at `POST {basePath}/requests/{id}/answer`, and returns
   * the promise of its one answer. The request gets an id of the proxy's own (`opened.id`), new and
   * unguessable: `request.id` is the source's, which another source may repeat (JSON-RPC ids start
   * again on every connection), so it names nothing here; the answer carries it back as its
   * `requestId`, as the source's adapters expect. With `key`, the source finds its request again:
   * opening the same key of the same team and source returns the request this instance holds, or
   * takes over the one the store holds from another process (its answer, if one came meanwhile,
   * resolves the new promise). The promise resolves with `{ action: 'cancel' }` after `cancel`,
   * `{ action: 'cancel', expired: true }` at the deadline; it rejects only with a
   * `RequestKeyConflictError`, and stays pending when the proxy is closed.
   */
  open(request: HumanRequest, options: OpenRequestOptions): OpenedRequest;
  /**
   * The source gave up (an MCP request aborted, an agent run stopped): the request `id` (the proxy's, `opened.id`) is cancelled
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
  /** The proxy's secret (`secret`, else the API key), read when first needed (a lazy proxy may not have it yet). */
  readSecret: () => string | undefined;
  access: RequestRouteAccess;
  /** Whether the proxy has `identify` (else every page is of team `''`). */
  teams: boolean;
  writeAudit: (entry: ProxyAuditEntry) => Promise<void>;
  logger: TaskProxyLogger;
  onStoreError: (error: unknown) => void;
  /** Told of every request that waits and of every one that ended. Default: `NO_NOTIFIER`. Closed with the proxy. */
  notifier?: Notifier;
  /** Told of every request the store changed, on any instance, once this instance started (the Slack messages' updates). */
  onRequestChange?: ((id: string) => void) | undefined;
}

/** How often an instance says it is alive, and for how long each time; how often it sweeps. */
const [HEARTBEAT_EVERY_MS, HEARTBEAT_TTL_MS, SWEEP_EVERY_MS] = [1000, 3000, 1000];
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
  const changes = createChangeWatchers();
  const secret = createSecretAgreement(store, settings.readSecret, settings.logger);

  const ctx: RequestsContext = {
    store,
    owner: randomId(),
    now: () => Date.now(),
    logger: settings.logger,
    onStoreError: settings.onStoreError,
    notifier: settings.notifier ?? NO_NOTIFIER,
    sealer: createAnswerSealer(settings.readSecret),
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
    const beat = () => Promise.all([store.heartbeat(ctx.owner, HEARTBEAT_TTL_MS), secret.check()]).then(() => undefined);
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
      changes.heard(id);
      if (ctx.held.has(id) || ctx.onAnswer !== undefined) delivery.react(id);
      settings.onRequestChange?.(id);
    });
    unsubscribe.catch(ctx.onStoreError);
    return started;
  }
  if (ctx.onAnswer !== undefined) void start();

  let warnedNoTeams = false;

  function open(request: HumanRequest, openOptions: OpenRequestOptions): OpenedRequest {
    const problem = checkHumanRequest(request);
    if (problem !== undefined) throw new TypeError(`proxy.requests.open: ${problem}`);
    if (closed) throw new Error('proxy.requests.open: the proxy is closed');
    const mismatch = secret.mismatch();
    if (mismatch !== undefined) throw new Error(`proxy.requests.open: ${mismatch}`);
    const { team, user, durable, key, expiresAt: given } = (openOptions ?? {}) as Partial<OpenRequestOptions>;
    if (typeof team !== 'string') throw new TypeError('proxy.requests.open: options.team must be a string');
    if (user !== undefined && typeof user !== 'string') throw new TypeError('proxy.requests.open: options.user must be a string');
    if (durable !== undefined && typeof durable !== 'boolean')
      throw new TypeError('proxy.requests.open: options.durable must be true or false');
    if (key !== undefined && (typeof key !== 'string' || key === '' || key.length > MAX_HUMAN_REQUEST_ID_LENGTH))
      throw new TypeError(
        `proxy.requests.open: options.key must be a non-empty string of at most ${MAX_HUMAN_REQUEST_ID_LENGTH} characters`,
      );
    const expiresAt = given === undefined ? undefined : readDeadline(given);
    if (given !== undefined && expiresAt === undefined)
      throw new TypeError('proxy.requests.open: options.expiresAt must be an ISO 8601 time or milliseconds since the epoch');
    if (team !== '' && !settings.teams && !warnedNoTeams) {
      warnedNoTeams = true;
      ctx.logger.warn(
        `proxy.requests: a request was opened for team ${JSON.stringify(team)}, but the proxy has no identify: every page is of team "" and nobody sees it. Give createTaskProxy an identify, or open with team ''.`,
      );
    }

    let id: string;
    if (key === undefined) id = newRequestId();
    else {
      const keyedBy = settings.readSecret();
      if (keyedBy === undefined) throw new Error("proxy.requests.open: a key needs createTaskProxy's secret (or apiKey), which is not set");
      id = keyedRequestId(keyedBy, team, request.source, key);
    }
    const content = requestContent(request);
    const existing = ctx.held.get(id);
    if (existing !== undefined) {
      if (existing.content !== content || existing.record.user !== user)
        throw new TypeError(
          `proxy.requests.open: the key ${JSON.stringify(key)} of team ${JSON.stringify(team)} is open with another question; a key names one question until it ends`,
        );
      return existing.promise;
    }

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
      key,
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
    let reject!: (error: Error) => void;
    const promise = new Promise<HumanAnswer>((settle, fail) => {
      resolve = settle;
      reject = fail;
    });
    const held: HeldRequest = {
      id,
      pageId: pageIdOf(record),
      sourceId: request.id,
      record,
      content,
      // A keyed request taken over from the store is the question the store holds: its id once known.
      promise: Object.defineProperties(promise, {
        id: { get: () => held.pageId, enumerable: true },
        stored: { get: () => written, enumerable: true },
      }) as unknown as OpenedRequest,
      resolve,
      reject,
      written: false,
    };
    ctx.held.set(id, held);
    ctx.stats.opened += 1;
    const written = start().then(() => rewrite(held));
    written.catch(ctx.onStoreError);
    return held.promise;
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
        const storedRequest = sourceRequestOf(stored);
        if (
          (stored.state === 'open' || stored.state === 'answered') &&
          (storedRequest === undefined || requestContent(storedRequest) !== held.content || stored.user !== held.record.user)
        ) {
          // Another question under the same key, from another process: never merged into it.
          ctx.held.delete(held.id);
          held.reject(
            new RequestKeyConflictError(
              `proxy.requests.open: the key ${JSON.stringify(held.record.key)} of team ${JSON.stringify(held.record.team)} is open with another question; a key names one question until it ends`,
            ),
          );
          return;
        }
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
      held.pageId = pageIdOf(written);
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
    const storeId = storeIdOf(id);
    // A page's id names one question of a key: an earlier one is not the one the key holds now.
    const named = (record: { id: string; key?: string | undefined; openedAt: number }) => id === storeId || pageIdOf(record) === id;
    const found = ctx.held.get(storeId);
    const held = found !== undefined && named(found.record) ? found : undefined;
    let delivering = false;
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        const [record] = await store.readRequests([storeId]);
        if (record === undefined || !named(record)) break;
        const now = ctx.now();
        // An answer on its way to the source is not taken back: the source gets it.
        delivering = record.state === 'answered' && (record.durable || record.opener !== ctx.owner || held === undefined);
        if (delivering || (record.state !== 'open' && record.state !== 'answered')) break;
        if ((await replaceRecord(store, record, { ...NO_ANSWER, state: 'cancelled', endedAt: now }, now)) === undefined) continue;
        ctx.stats.cancelled += 1;
        ctx.notifier.ended(pageIdOf(record));
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
      return afterStart(() => listRequestsRoute(ctx, settings.access, request));
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
    return afterStart(() => answerRequestRoute(ctx, settings.access, changes.watch, request, id));
  }

  /** A route, once this instance has checked its secret against the others' (its first request waits for that). */
  async function afterStart(serve: () => Promise<Response>): Promise<Response> {
    await start();
    const mismatch = secret.mismatch();
    if (mismatch !== undefined) return errorEnvelope(500, `The proxy is misconfigured: ${mismatch}`, { code: 'secret_mismatch' });
    return serve();
  }

  return {
    requests: { open, cancel } satisfies ProxyRequests,
    route,
    /** An answer from another channel (an e-mail's link), through the page's one path, once this instance started. */
    take: (attempt: AnswerAttempt) => afterStart(() => takeAnswer(ctx, settings.access, changes.watch, attempt)),
    stats: (): TaskProxyRequestStats => ctx.stats.snapshot(ctx.held.size),
    close: async (): Promise<void> => {
      if (closed) return;
      closed = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      changes.wakeAll();
      const stop = await unsubscribe?.catch(() => undefined);
      await Promise.all([stop?.().catch(ctx.onStoreError), ctx.notifier.close().catch(ctx.onStoreError)]);
    },
  };
}

const positive = (value: number | undefined) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

import type { TaskProxyLogger } from './logger';
import type { TaskEndpointName } from '../client';
import type { ProxyAuditEntry } from './teams/audit-log';
import type { ProxyStore } from './stores/proxy-store';
import type { TaskProxyNotifyOptions } from './notify/notify-options';
import type { TaskProxyToolCallOptions } from './notify/notify-tool-call-deadlines';
import type { HumanAnswer, HumanRequest } from '../request';

/** Defaults of `TaskProxyEventOptions`, and of how long the proxy remembers an answer. */
export const TASK_PROXY_DEFAULTS = Object.freeze({
  pollIntervalMs: Object.freeze({ status: 2000, gif: 3000 }),
  heartbeatMs: 15_000,
  idleMs: 30_000,
  maxTasksPerStream: 500,
  maxBufferedBytes: 1024 * 1024,
  firstPollJitterMs: 100,
  maxConcurrentPolls: 32,
  answeredTtlMs: 24 * 60 * 60_000,
  maxResponseBytes: 10 * 1024 * 1024,
  auditRetentionMs: 90 * 24 * 60 * 60_000,
  maxStreamsPerUser: 16,
  maxRunsPerUser: 2000,
  maxPollers: 10_000,
  requestsEndedKeepMs: 60_000,
  requestsAnswerWaitMs: 10_000,
  controlLeaseMs: 5000,
});

/** Options of the event stream of `createTaskProxy` (`GET {basePath}/events`). */
export interface TaskProxyEventOptions {
  /**
   * Milliseconds between two requests of a run's status (`status`) and, once the run is over, of
   * its GIF (`gif`): one upstream request per run per interval, however many streams name it. The
   * next request starts an interval after the last one started, and at least half an interval after
   * a slow answer. Default: `{ status: 2000, gif: 3000 }`, the browser store's.
   */
  pollIntervalMs?: { status?: number; gif?: number };
  /** Milliseconds between heartbeats (a comment line) on every stream. Default: 15000. */
  heartbeatMs?: number;
  /** A run no stream has named for this many ms is no longer polled. Default: 30000. */
  idleMs?: number;
  /** Most runs one stream may name; more is answered 400. Default: 500. */
  maxTasksPerStream?: number;
  /**
   * Bytes a stream may hold for a client that reads slower than changes come; past it the stream
   * is dropped (the client reconnects, or polls) and its memory freed. Default: 1048576 (1 MiB).
   */
  maxBufferedBytes?: number;
  /**
   * Run `status` values meaning "still going". A value in neither this list nor
   * `terminalRunStatuses` is not taken for over: it is polled on, more slowly the longer the run
   * says it (doubling from `pollIntervalMs.status` up to 30 s). Values named here are taken out of
   * the default terminal list. Give the browser store's `nonTerminalRunStatuses` here too.
   * Default: `DEFAULT_NON_TERMINAL_RUN_STATUSES`.
   */
  nonTerminalRunStatuses?: Iterable<string>;
  /**
   * Run `status` values meaning the run is over: its status is no longer polled, and its result
   * and GIF are read. Replaces the default list: to add a word, give
   * `[...DEFAULT_TERMINAL_RUN_STATUSES, 'archived']`. Values named here are taken out of the
   * default non-terminal list (unless `nonTerminalRunStatuses` is given too, which then wins).
   * Give the browser store's `terminalRunStatuses` here too. Default: `DEFAULT_TERMINAL_RUN_STATUSES`.
   */
  terminalRunStatuses?: Iterable<string>;
  /** A run's first request waits a random 0 to this many ms, so runs named together do not poll in step. Default: 100. */
  firstPollJitterMs?: number;
  /**
   * Most upstream polls of this instance open at once; more wait their turn, so a thousand runs
   * named together do not open a thousand connections to the service. Default: 32.
   */
  maxConcurrentPolls?: number;
  /** Upper bound of the first retry delay after a failed poll, in ms. Default: 1000. */
  retryBaseMs?: number;
  /** Upper bound of every retry delay, in ms (`Retry-After` may ask for more and is obeyed). Default: 30000. */
  retryCapMs?: number;
  /** Source of randomness in [0, 1) for jitter. Default: `Math.random`. */
  random?: () => number;
}

/** Options of `createTaskProxy`. */
export interface TaskProxyOptions {
  /**
   * The task service address (`{base_url}` in the spec); `/api/v1/...` is appended. A function is
   * called on the first request instead (see `apiKey`). Default: none, with `apiKey` none too: a
   * proxy for requests alone (`proxy.requests`, the inbox of any agent), whose service routes
   * answer 404 and which polls nothing; it then needs `secret`.
   */
  upstream?: string | (() => string | undefined);
  /**
   * The key added to every forwarded request as `x-api-key`. It never reaches the browser: it is
   * removed from everything the upstream sends back (bodies, parsed when JSON, and the headers
   * passed on), as is, in any letter case, JSON `\u`-escaped, URL-encoded, or base64 (standard
   * or URL-safe). Required.
   *
   * Given as a function (`() => process.env.TASKS_KEY`), or as a string that is empty, it is read
   * on the first request, not when the proxy is made: a framework that loads the route module at
   * build time (`next build`) does not need the key. Until both `upstream` and `apiKey` are set,
   * every request is answered 500 with `code: "proxy_not_configured"` and an `error` naming the
   * missing setting (never a value); once both are read, they are kept. Default: none (see
   * `upstream`).
   */
  apiKey?: string | (() => string | undefined);
  /**
   * The proxy's own secret, the same on every instance (e.g. `openssl rand -base64 32`, at least 32
   * characters): the answers of `proxy.requests` are sealed under a key derived from it before
   * they reach the store, a request's `key` becomes its id through it, and notifications' ids and
   * signatures are keyed with it. An instance whose secret differs from the others' on one store
   * says so in its log and answers the requests' routes 500 (`code: "secret_mismatch"`). A function
   * is read when first needed, as `apiKey` is. Required without `apiKey`. Default: the API key, as
   * before this option, so running deployments keep their sealed answers.
   */
  secret?: string | (() => string | undefined);
  /**
   * Path the proxy is mounted under, stripped before matching, e.g. `/api/hitl` when the
   * browser client's `baseUrl` is `/api/hitl`. Default: `''` (mounted at the root).
   */
  basePath?: string;
  /**
   * Where people reach the proxy from outside: the absolute http(s) address `basePath` is mounted
   * under, as a browser would open it, without `basePath` itself, e.g. `https://app.example.com`
   * for a proxy at `https://app.example.com/api/hitl` with `basePath: '/api/hitl'` (a path is kept:
   * `https://example.com/tools` when a reverse proxy serves the app under `/tools` and strips it).
   * The links that answer a request from a message start with it:
   * `{publicUrl}{basePath}/act/{token}`. Required as soon as a `notify` channel has `actions`
   * (`emailChannel`'s); a query or fragment is refused. A function is read when a link is made, as
   * `apiKey` is. Default: none (messages carry the inbox's `notify.link` only).
   */
  publicUrl?: string | (() => string | undefined);
  /** The `fetch` used to reach the upstream. Default: `globalThis.fetch`, looked up at call time. */
  fetch?: (input: Request) => Promise<Response>;
  /** Largest request body forwarded; a larger one is answered 413. Default: 1 MiB (1048576). */
  maxBodyBytes?: number;
  /**
   * Largest upstream answer read, in bytes. The answer is read as it arrives and dropped once past
   * it (502 to the browser; the event stream reports the run's poll as failed), so a huge or
   * endless answer never takes more memory than this. Default: 10 MiB (10485760).
   */
  maxResponseBytes?: number;
  /** Milliseconds to wait for the upstream before answering 504; 0 disables it. Default: 30000. */
  timeoutMs?: number;
  /**
   * Decides whether a request may use the proxy at all, e.g. by checking your app's session
   * cookie. Refused requests are answered 403 and never reach the upstream; the event stream is
   * asked once per run of the caller's team it names, the audit trail once. `access` says who asks
   * (see `identify`), for which endpoint and task; the body is already read, so `authorize` never
   * has to (and a `tool-input`'s `toolCallId` is in `access`). Without it, anyone who can reach the
   * proxy spends your key. Default: every request is allowed.
   */
  authorize?: (request: Request, access: ProxyAccess) => boolean | Promise<boolean>;
  /**
   * The event stream at `GET {basePath}/events`, for clients made with `events: true`: one upstream
   * poller per run for every browser, changes pushed to every page. `false` answers it 404, and
   * such clients poll. Default: on, with the defaults of `TaskProxyEventOptions`.
   */
  events?: false | TaskProxyEventOptions;
  /**
   * Where the proxy keeps what its instances share: the tool calls answered, which instance polls
   * which run, who still wants a run, the latest change of each. Give every instance the same one
   * when there are several (`createRedisProxyStore` from `hitl-react/server/redis`).
   * Default: `createMemoryProxyStore()`, for one instance.
   */
  store?: ProxyStore;
  /**
   * How long an accepted answer is remembered: a later one for the same call gets 409 until then.
   * Also how long the time a pending call was first seen is kept after it was last seen.
   * Default: 86400000 (24 h).
   */
  answeredTtlMs?: number;
  /**
   * Called with every error of the store, as it happens (answers are then refused with 503; the
   * event streams go on, each instance polling its own streams' runs). Default: the answers' store
   * errors go to `logger.error`; the hub logs only when the store fails and when it works again.
   */
  onStoreError?: (error: unknown) => void;
  /**
   * Where the proxy says what went wrong, one line per condition, not per poll: the service
   * refuses the key, cannot be reached or answers unusable data (and when that ends); the store
   * fails and works again; this instance takes over runs another one polled. `console` and pino,
   * winston or bunyan loggers fit as they are. The API key is removed from every line.
   * Default: `console`, each line starting with `hitl-react:`.
   */
  logger?: TaskProxyLogger;

  // Teams, the audit trail and the limits per user.

  /**
   * Who is asking: `{ user, team }` from your app's session (a cookie, a header your auth proxy
   * sets), or `null` for nobody, answered 401. With it, a task created through the proxy belongs to
   * the creator's team (kept in `store`, so every instance agrees); a request naming another
   * team's task, or one the proxy did not create, is answered 404 (on the event stream, that run
   * alone gets the final not-found status event) and never reaches the service (see
   * `TaskProxy.assignTask` for tasks made elsewhere), and `GET /api/v1/tasks` lists the team's
   * tasks only, from the store. Default: none; every caller is `{ user: '', team: '' }` and every
   * task is reachable, as with a proxy that knows no teams.
   */
  identify?: (request: Request) => ProxyIdentity | null | Promise<ProxyIdentity | null>;
  /**
   * Called with every create, answer, stop-run and stop-task, once the caller's answer is known
   * (also kept in `store`: `TaskProxy.auditLog`, `GET {basePath}/audit`). An answer's text is never
   * in it, nor any digest of it a guess could be checked against without `auditDigestKey`: at most
   * `inputHmac` (see `auditDigestKey`). Default: none.
   */
  onAudit?: (entry: ProxyAuditEntry) => void;
  /**
   * A secret of this deployment (at least 32 characters, e.g. `openssl rand -base64 32`; the same
   * on every instance) under which the proxy keeps a keyed digest of each answer, `inputHmac`
   * (HMAC-SHA256 of the task id, the call id and the input), in the server-side audit records
   * only: `onAudit` and `TaskProxy.auditLog`, never `GET {basePath}/audit`. With it, two answers to
   * one call can be told apart, and an answer someone claims checked, by whoever holds the key.
   * No digest is kept for an answer with a secret field (type `password`, `autocomplete`
   * `current-password`, `new-password`, `one-time-code`, `webauthn` or `cc-*`), nor for one that
   * is not an answer to a `form_input` form the proxy read from the service. A function is read
   * on each answer (`() => process.env.AUDIT_DIGEST_KEY`), so the build needs no key; while it
   * gives nothing, no digest is kept. Default: none (no digest at all).
   */
  auditDigestKey?: string | (() => string | undefined);
  /** How long the store keeps an audit entry, in ms. Default: 7776000000 (90 days). */
  auditRetentionMs?: number;
  /** What one user may hold open, and this instance may poll; past it, 429 with `Retry-After`. */
  limits?: TaskProxyLimits;
  /**
   * Notifications outside the tab: webhooks (Standard Webhooks or Slack), e-mail and web push when
   * a request (or a call of the task service the proxy sees pending) starts waiting, and
   * escalations when nobody answers it in time; once per item and rule across every instance
   * sharing `store` (see `TaskProxyNotifyOptions`). With it, pages hand their web push
   * subscription to `POST {basePath}/push/subscriptions` (`subscribeToPush` of
   * `hitl-react/service-worker`; `authorize` is asked with `endpoint: 'pushSubscriptions'`).
   * Default: none.
   */
  notify?: TaskProxyNotifyOptions;
  /** Deadlines of the task service's pending calls, and what happens at them (see `TaskProxyToolCallOptions`). Default: none. */
  toolCalls?: TaskProxyToolCallOptions;
  /** The requests of any source opened with `proxy.requests.open` (see `TaskProxyRequestOptions`). */
  requests?: TaskProxyRequestOptions;
  /**
   * The hand-offs of the agent's browser (`GET`/`POST {basePath}/control/{id}`): `leaseMs`, how long
   * a page holds control without renewing it, so a page that closed or crashed loses control that
   * long after its last renewal (pages renew about every 1500 ms; 1000 or more). Default:
   * `{ leaseMs: 5000 }`.
   */
  control?: { leaseMs?: number };
}

/** Which request `requests.onAnswer` is given the answer of. */
export interface OpenedRequestInfo {
  /** The proxy's id of the request (`opened.id`). */
  readonly id: string;
  readonly team: string;
  /** The source's key it was opened with (`open`'s `key`), if any. */
  readonly key?: string;
}

/**
 * Options of the requests opened with `proxy.requests.open` (an MCP elicitation, a LangGraph
 * interrupt, any `HumanRequest`), listed at `GET {basePath}/requests` and answered at
 * `POST {basePath}/requests/{id}/answer`.
 */
export interface TaskProxyRequestOptions {
  /**
   * Receives the answer of each `durable` request, exactly once across the instances sharing the
   * store: the request as its source gave it, the answer under the source's id (`requestId` is
   * `request.id`), and the proxy's `id`, the `team` and the source's `key` it was opened with. The instance that opened the request takes its
   * answer first while it runs (here, and in the promise `open` returned); once that instance is
   * gone (or leaves it for 10 s), any live instance with `onAnswer` takes it: the one whose claim
   * wins. At a durable request's deadline it receives `{ action: 'cancel', expired: true }`. A
   * rejection (or a throw) leaves the answer in the store, tried again 5 s later; a claim is held
   * 30 s and renewed while `onAnswer` runs. While no live instance can take it, the answer waits in
   * the store (the page was told `202`, `delivered: false`). An instance without `onAnswer` hands
   * the durable requests it opened to their promise only. Default: none.
   */
  onAnswer?: (request: HumanRequest, answer: HumanAnswer, opened: OpenedRequestInfo) => void | Promise<void>;
  /**
   * The deadline of a request that names none (neither `open`'s `expiresAt` nor the request's
   * `deadline`), in ms after it was opened, per `source` (`{ mcp: 600000, default: 3600000 }`).
   * At the deadline the source gets `{ action: 'cancel', expired: true }` and pages say it expired.
   * Default: none (no deadline).
   */
  deadlineMs?: { readonly [source: string]: number | undefined; readonly default?: number | undefined };
  /** How long a request that ended (answered, cancelled, expired) is still listed, so pages can say what became of it, in ms. Default: 60000. */
  endedKeepMs?: number;
  /**
   * How long `POST {basePath}/requests/{id}/answer` waits for the source to take the answer
   * before it says so: a `durable` request's answer is then kept (202, `delivered: false`), any
   * other gets 504 `answer_in_doubt`. Default: 10000.
   */
  answerWaitMs?: number;
}

/** Who asks, as `identify` names them. */
export interface ProxyIdentity {
  readonly user: string;
  readonly team: string;
}

/**
 * What `authorize` is asked about: an endpoint of the protocol table, the event stream, the audit
 * trail, the list of requests (`requests`), an answer to one (`answerRequest`), or a page handing
 * in (or taking back) its web push subscription (`pushSubscriptions`, with `notify` only), or the
 * control of a hand-off (`control`: its holder, a take or a release; with `taskId` and
 * `toolCallId` for a call of the service, `requestId` for a request).
 */
export type ProxyEndpointName = TaskEndpointName | 'events' | 'audit' | 'requests' | 'answerRequest' | 'pushSubscriptions' | 'control';

/** The second argument of `authorize`. */
export interface ProxyAccess {
  /** The caller, as `identify` named them (`{ user: '', team: '' }` without `identify`). */
  readonly identity: ProxyIdentity;
  readonly endpoint: ProxyEndpointName;
  /** The task named by the path, or (for `events`) the one the stream names; for `audit`, its `taskId=`. */
  readonly taskId?: string | undefined;
  /** The run named by `runId=`, or by the stream's `run=<taskId>/<runId>`. */
  readonly runId?: string | undefined;
  /** For `submitToolInput`: the call the body answers; for `control`, the hand-off's call (with `taskId`). */
  readonly toolCallId?: string | undefined;
  /** For `answerRequest`: the request the body answers; for `control`, the hand-off's request. */
  readonly requestId?: string | undefined;
}

/**
 * Limits of `createTaskProxy` against a client that would flood the service or the proxy. The
 * limits per user apply with `identify` only (without it, every browser would share one user's).
 */
export interface TaskProxyLimits {
  /** Event streams one user (`identify`'s `user`, in their team) may hold open on this instance. Default: 16. */
  maxStreamsPerUser?: number;
  /** Runs one user's open streams on this instance may name in all. Default: 2000. */
  maxRunsPerUser?: number;
  /** Runs this instance follows at once (each a poller while a stream names it, or did within `idleMs`). Default: 10000. */
  maxPollers?: number;
}

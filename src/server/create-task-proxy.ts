import {
  AUDIT_PATH,
  createTaskClient,
  errorEnvelope,
  IDEMPOTENCY_KEY_HEADER,
  isTaskApiError,
  DEFAULT_MAX_BODY_BYTES,
  EVENTS_PATH,
  isUnsafePathParameter,
  matchTaskEndpoint,
  readLimited,
} from '../client';
import { createAnswerGate, type AnswerStats } from './forward/answer-gate';
import { readAnswerBody } from './forward/answer-body';
import { createServiceAnswers } from './forward/service-answers';
import { RunWatches } from './hub/run-watches';
import { NO_NOTIFIER } from './notify/notifier';
import { createForwarder } from './forward/forward-request';
import { AUDITED_ENDPOINTS, createAnswerDigests, MIN_AUDIT_DIGEST_KEY_LENGTH, type ProxyAuditEntry } from './teams/audit-log';
import { createEventHub } from './hub/create-event-hub';
import { createEventsRoute } from './hub/events-route';
import { createMemoryProxyStore } from './stores/create-memory-proxy-store';
import type { EventHubStats } from './hub/event-hub';
import { consoleLogger, scrubbedLogger, storeErrorLog } from './logger';
import { createKeyScrubber, createStringScrubber } from './forward/scrub-key';
import { capResponse } from './forward/cap-response';
import { TASK_PROXY_DEFAULTS, type ProxyAccess, type TaskProxyOptions } from './task-proxy-options';
import { listTeamTasks } from './teams/team-tasks';
import { createTeamAccess, teamMethods } from './teams/team-access';
import { ToolCallClock } from './forward/tool-call-clock';
import { checkToolCallOptions, createToolCallDeadlines, watchOptionsOf } from './notify/notify-tool-call-deadlines';
import { normaliseBasePath, notAllowed, notFoundMessage, stripBasePath } from './proxy-paths';
import type { ProxyRequests } from './requests/proxy-requests';
import type { AnsweredServiceCall, ServiceCallAnswers } from './requests/service-calls';
import type { TaskProxyRequestStats } from './requests/request-stats';
import { createTaskProxyRequests, MIN_SECRET_LENGTH } from './requests/task-proxy-requests';
import { createLazyProxy, NO_CORE_STATS, type ConfiguredOptions, type CoreStats, type ProxyCore } from './forward/lazy-task-proxy';

/** The handler `createTaskProxy` returns: a web-standard request handler with a way to stop it. */
export interface TaskProxy {
  (request: Request): Promise<Response>;
  /** Ends this instance's event streams and pollers (clients reconnect elsewhere). The store is not closed. */
  close(): Promise<void>;
  /** What the event hub of this instance is doing, and how its answers ended. */
  stats(): TaskProxyStats;
  /**
   * Hands a task to `team`: one created before the proxy knew teams, by another app, or moved from
   * another team (which then gets 404 for it). `readableName` is what the team's task list shows;
   * default: the task's id.
   */
  assignTask(taskId: string, team: string, options?: { readableName?: string }): Promise<void>;
  /**
   * The audit trail of `team` (of one of its tasks, with `taskId`), newest first, with what only
   * the server keeps (`inputHmac`); `limit` default 100, at most 500; `before`: an entry's `id`,
   * for the entries older than it.
   */
  auditLog(query: { team: string; taskId?: string; limit?: number; before?: string }): Promise<ProxyAuditEntry[]>;
  /**
   * Requests of any source (an MCP elicitation, a LangGraph interrupt, any `HumanRequest`) for the
   * people of a team: `open` one and await its answer, `cancel` it when the source gives up. They
   * are listed at `GET {basePath}/requests` and answered at `POST {basePath}/requests/{id}/answer`
   * (see `TaskProxyRequestOptions`). Works before a lazy proxy's first request.
   */
  readonly requests: ProxyRequests;
}

/** What `proxy.stats()` returns. */
export interface TaskProxyStats extends EventHubStats {
  /** The answers (`tool-input`) of this instance since it started, by how each ended. */
  readonly answers: AnswerStats;
  /** The requests of `proxy.requests` this instance saw: waiting, opened, answered, and the times to first view and to answer. */
  readonly requests: TaskProxyRequestStats;
}

/**
 * A key-hiding proxy in front of the task service, as a web-standard handler
 * (`(Request) => Promise<Response>`): a Next.js route handler, a Hono/Remix/Deno handler, or a
 * Node server through `toNodeListener`.
 *
 * It forwards exactly the ten endpoints of the service (method and path shape) with the key
 * added, and only the query parameters each endpoint takes. Everything else is answered with
 * the service's own error envelope: 404 for any other path, 405 (with `Allow`) for any other
 * method on one of its paths, 403 when `authorize` refuses, 413 for a body over `maxBodyBytes`,
 * 502 when the upstream cannot be reached, redirects or answers more than `maxResponseBytes`,
 * 504 when it does not answer within `timeoutMs`. The key is scrubbed from anything the upstream
 * sends back, in any encoding (see `TaskProxyOptions.apiKey`).
 *
 * It is also a hub for many operators: `GET {basePath}/events` streams the changes of the runs it
 * names, polled once per run for every browser (see `TaskProxyEventOptions`), and only the first
 * `tool-input` per task and `toolCallId` is forwarded; later ones get 409 with
 * `code: "already_answered"`.
 *
 * With `identify`, it knows teams: a task belongs to the team that created it through the proxy,
 * every other team gets 404 for it (the service never hears of it), `GET /api/v1/tasks` lists the
 * team's own, and every create, answer and stop is kept in an audit trail (`onAudit`,
 * `auditLog`, `GET {basePath}/audit`). Limits per user and per instance answer a flood with 429.
 *
 * It also holds the requests of any agent framework for a team's people (`proxy.requests.open`),
 * listed at `GET {basePath}/requests` and answered once at `POST {basePath}/requests/{id}/answer`.
 *
 * With `notify`, each task created through it is watched until its run ends, whether or not a page
 * follows it (`toolCalls.watch`), so that the calls it waits on reach people too.
 *
 * ```ts
 * // app/api/hitl/[...path]/route.ts
 * const proxy = createTaskProxy({ upstream: () => process.env.TASKS_URL, apiKey: () => process.env.TASKS_KEY, basePath: '/api/hitl' });
 * export { proxy as GET, proxy as POST, proxy as PUT };
 * ```
 */
export function createTaskProxy(options: TaskProxyOptions): TaskProxy {
  for (const name of ['upstream', 'apiKey', 'secret'] as const) {
    const value: unknown = options[name];
    if (value !== undefined && typeof value !== 'string' && typeof value !== 'function')
      throw new TypeError(`createTaskProxy: ${name} must be a string or a function that returns one`);
  }
  // A service needs both; requests alone need neither, and then a secret of their own.
  const serviceless = options.upstream === undefined && options.apiKey === undefined;
  if (serviceless && options.secret === undefined)
    throw new TypeError(
      `createTaskProxy: secret is required without apiKey (at least ${MIN_SECRET_LENGTH} characters, the same on every instance; e.g. openssl rand -base64 32)`,
    );
  if (typeof options.secret === 'string' && options.secret.length < MIN_SECRET_LENGTH)
    throw new TypeError(
      `createTaskProxy: secret must be at least ${MIN_SECRET_LENGTH} characters, the same on every instance (e.g. openssl rand -base64 32)`,
    );
  const digestKey: unknown = options.auditDigestKey;
  if (digestKey !== undefined && typeof digestKey !== 'string' && typeof digestKey !== 'function')
    throw new TypeError('createTaskProxy: auditDigestKey must be a string or a function that returns one');
  if (typeof digestKey === 'string' && digestKey !== '' && digestKey.length < MIN_AUDIT_DIGEST_KEY_LENGTH)
    throw new TypeError(
      `createTaskProxy: auditDigestKey must be at least ${MIN_AUDIT_DIGEST_KEY_LENGTH} characters (e.g. openssl rand -base64 32)`,
    );
  checkToolCallOptions(options.toolCalls);
  // Made here, so that `assignTask` and `auditLog` work before a lazy proxy is configured.
  const store = options.store ?? createMemoryProxyStore();
  // The requests and the notifier first: a lazy proxy's requests notify before it is configured.
  const requests = createTaskProxyRequests({ ...options, store });
  const settled = {
    ...options,
    store,
    notifier: requests.notifier,
    attachServiceCalls: (calls: ServiceCallAnswers) => requests.attachServiceCalls(calls),
  };
  // Both given as strings: set up now, so a malformed upstream fails at once. A missing one (an
  // environment variable unset while `next build` loads the route) is looked for per request.
  const core = serviceless
    ? createServicelessCore(normaliseBasePath(options.basePath ?? ''), requests.auditTrail)
    : typeof options.upstream === 'string' && options.upstream !== '' && typeof options.apiKey === 'string' && options.apiKey !== ''
      ? createConfiguredProxy(settled, options.upstream, options.apiKey)
      : createLazyProxy(settled, createConfiguredProxy);
  const proxy = (request: Request) => requests.route(request) ?? core(request);
  return Object.assign(proxy, teamMethods(settled.store), {
    requests: requests.requests,
    close: () => Promise.all([core.close(), requests.close()]).then(() => undefined),
    stats: (): TaskProxyStats => ({ ...core.stats(), requests: requests.stats() }),
  });
}

/**
 * The core of a proxy for requests alone (no `upstream`, no `apiKey`): no task service behind it,
 * so its routes answer 404 and nothing polls; the audit trail of the requests is still served.
 */
function createServicelessCore(basePath: string, auditTrail: (request: Request, url: URL) => Promise<Response>): ProxyCore {
  const handler = (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (stripBasePath(url.pathname, basePath) === AUDIT_PATH) return auditTrail(request, url);
    return Promise.resolve(errorEnvelope(404, 'Not found: this proxy serves requests only (it has no upstream task service)'));
  };
  return Object.assign(handler, { close: () => Promise.resolve(), stats: () => NO_CORE_STATS });
}

function createConfiguredProxy(options: ConfiguredOptions, upstreamAddress: string, apiKey: string): ProxyCore {
  let upstream: URL;
  try {
    upstream = new URL(upstreamAddress);
  } catch {
    throw new TypeError('createTaskProxy: upstream is not a valid address');
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    throw new TypeError('createTaskProxy: upstream must be an http(s) URL');
  const upstreamBase = upstream.origin + upstream.pathname.replace(/\/+$/, '');
  const basePath = normaliseBasePath(options.basePath ?? '');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxResponseBytes = options.maxResponseBytes ?? TASK_PROXY_DEFAULTS.maxResponseBytes;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const scrub = createKeyScrubber(apiKey);
  const scrubHeader = createStringScrubber(apiKey);
  const { store } = options;
  const logger = scrubbedLogger(options.logger ?? consoleLogger, scrubHeader);
  const onStoreError = options.onStoreError ?? storeErrorLog(logger);
  // A redirect would carry the key to wherever it points.
  const upstreamFetch = (request: Request) => (options.fetch ?? globalThis.fetch)(manualRedirect(request));
  const eventOptions = options.events === false ? undefined : (options.events ?? {});
  // The service's own reading of a run, for the answers: the same checks as the browser client's.
  const statusReader = createTaskClient({ baseUrl: upstreamBase, apiKey, fetch: upstreamFetch, timeoutMs });
  const teams = options.identify !== undefined;
  const { identifyCaller, isAuthorized, ownsAll, foreignTasks, recordAudit, writeAudit, authorizeTopics, auditTrail, own } =
    createTeamAccess({
      options,
      store,
      onStoreError,
      teams,
      auditRetentionMs: options.auditRetentionMs ?? TASK_PROXY_DEFAULTS.auditRetentionMs,
      logger,
    });
  // Each sighting of a pending call tells the notifier, and past its deadline may stop its run.
  const deadlines = createToolCallDeadlines(options.toolCalls, {
    store,
    notifier: options.notifier,
    logger,
    teams,
    stopRun: (taskId) => statusReader.stopRun(taskId),
    audit: writeAudit,
    serviceCalls: () => answers.calls,
  });
  // When each pending call was first seen, one time for every browser: on the stream and on status GETs.
  const toolCalls = new ToolCallClock({
    store,
    ttlMs: options.answeredTtlMs ?? TASK_PROXY_DEFAULTS.answeredTtlMs,
    onStoreError,
    onPending: (taskId, toolCall, waitingSince) => deadlines.pending(taskId, toolCall, waitingSince),
  });
  // With notifications, the tasks created here are watched until their runs end, by the hub's pollers.
  const watch = options.notifier === NO_NOTIFIER ? undefined : watchOptionsOf(options.toolCalls);
  const hub =
    eventOptions === undefined && watch === undefined
      ? undefined
      : createEventHub({
          upstream: upstreamAddress,
          apiKey,
          timeoutMs,
          // The hub's polls read at most as much of an answer as a forwarded request does.
          fetch: (request) => upstreamFetch(request).then((response) => capResponse(response, maxResponseBytes)),
          scrub,
          store,
          // The hub logs when the store fails and when it works again; the caller's handler sees every error.
          onStoreError: options.onStoreError ?? (() => undefined),
          logger,
          events: eventOptions ?? {},
          maxPollers: options.limits?.maxPollers ?? TASK_PROXY_DEFAULTS.maxPollers,
          toolCalls,
          watchIntervalMs: watch?.intervalMs ?? 0,
        });
  const watches =
    hub === undefined || watch === undefined
      ? undefined
      : new RunWatches({
          hub,
          store,
          maxMs: watch.maxMs,
          syncMs: Math.max(200, watch.intervalMs),
          // Half the runs an instance may follow: the pages' streams always have room.
          limit: Math.ceil((options.limits?.maxPollers ?? TASK_PROXY_DEFAULTS.maxPollers) / 2),
          onStoreError,
        });
  const events = createEventsRoute({
    hub: eventOptions === undefined ? undefined : hub,
    access: { identifyCaller, foreignTasks, authorizeTopics },
    teams,
    maxTasksPerStream: eventOptions?.maxTasksPerStream ?? TASK_PROXY_DEFAULTS.maxTasksPerStream,
    limits: options.limits,
    isClosed: () => closed,
    onStoreError,
  });
  const { noteCall, digestOf } = createAnswerDigests(options.auditDigestKey, (message) => logger.error(message));
  const gate = createAnswerGate({
    store,
    owner: `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 8).toString(36)}`,
    // The service may still be working on an answer the proxy stopped waiting for; without a time-out, 5 minutes.
    settleMs: timeoutMs > 0 ? timeoutMs : 300_000,
    forwardMs: timeoutMs > 0 ? timeoutMs : 300_000,
    answeredTtlMs: options.answeredTtlMs ?? TASK_PROXY_DEFAULTS.answeredTtlMs,
    recordKey: apiKey,
    async readPendingCall(taskId, runId) {
      try {
        const status = await statusReader.getRunStatus(taskId, runId === undefined ? {} : { runId });
        if (status.toolCall !== null) noteCall(taskId, status.toolCall);
        return status.toolCall?.toolCallId ?? null;
      } catch (error) {
        // No such task or run: nothing is pending there.
        if (isTaskApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    onAnswered(taskId) {
      deadlines.answered(taskId);
      void hub?.answered(taskId).catch(onStoreError);
    },
    onStoreError,
  });

  const forward = createForwarder({ upstreamBase, apiKey, fetch: upstreamFetch, timeoutMs, maxResponseBytes, scrub, scrubHeader });
  // Told once the requests' part has the answers: it hears of each call answered from then on.
  const told: { to?: ((answered: AnsweredServiceCall) => void) | undefined } = {};
  const answers = createServiceAnswers({
    gate,
    forward,
    statusReader,
    ownsAll,
    recordAudit,
    digestOf,
    noteCall,
    seen: (taskId, call) => void toolCalls.seen(taskId, call.toolCallId, Date.now(), call),
    teams,
    onStoreError,
    onAnswered: (answered) => told.to?.(answered),
  });
  told.to = options.attachServiceCalls?.(answers.calls);

  async function taskProxy(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = stripBasePath(url.pathname, basePath);
    if (path === EVENTS_PATH) return events(request, url);
    if (path === AUDIT_PATH) return auditTrail(request, url);
    const match = path === undefined ? undefined : matchTaskEndpoint(path);
    if (match === undefined || (match.taskId !== undefined && isUnsafePathParameter(match.taskId)))
      return errorEnvelope(404, notFoundMessage(url.pathname, basePath));
    const endpoint = match.endpoints.find((candidate) => candidate.method === request.method);
    if (endpoint === undefined) return notAllowed(match.endpoints.map((candidate) => candidate.method));

    // Read before `identify` and `authorize` see the request, which get a copy with the bytes: a
    // hook that reads the body must not leave the forward without one.
    let body: Uint8Array | undefined;
    if (endpoint.jsonBody) {
      const read = await readLimited(request, maxBodyBytes).catch(() => 'unreadable' as const);
      if (read === 'unreadable') return errorEnvelope(400, 'The request body could not be read');
      if (read === 'too-large') return errorEnvelope(413, `Request body larger than ${maxBodyBytes} bytes`);
      body = read;
    }
    const seen = body === undefined ? request : new Request(request, { body: body as BodyInit });
    const identity = await identifyCaller(seen);
    if (identity instanceof Response) return identity;

    const taskId = match.taskId;
    const runId = (endpoint.query as readonly string[]).includes('runId') ? (url.searchParams.get('runId') ?? undefined) : undefined;
    // An answer is read once, strictly (see `readAnswerBody`); one it refuses is answered after the
    // team's checks, so a caller who may not see the task learns nothing from its body.
    const answer =
      endpoint.name === 'submitToolInput'
        ? readAnswerBody(request.headers.get('content-type'), body ?? new Uint8Array(), request.headers.get(IDEMPOTENCY_KEY_HEADER))
        : undefined;
    const answered = answer instanceof Response ? undefined : answer;
    const action = AUDITED_ENDPOINTS[endpoint.name];
    const detail = { taskId: taskId ?? '', runId, toolCallId: answered?.toolCallId };
    const respond = (response: Response) => (action === undefined ? response : recordAudit(identity, action, response, detail));

    if (taskId !== undefined) {
      try {
        // Another team's task and an unknown one look the same: nothing tells that it exists.
        if (!(await ownsAll(identity.team, [taskId]))) return await respond(errorEnvelope(404, 'Task not found'));
      } catch (error) {
        onStoreError(error);
        return respond(errorEnvelope(503, 'The proxy cannot check this task now; try again.', { retryAfter: '1' }));
      }
    }
    const access: ProxyAccess = { identity, endpoint: endpoint.name, taskId, runId, toolCallId: answered?.toolCallId };
    if (!(await isAuthorized(seen, access))) return respond(errorEnvelope(403, 'Forbidden'));

    if (teams && endpoint.name === 'listTasks') {
      try {
        return await listTeamTasks(store, identity.team, url.searchParams);
      } catch (error) {
        onStoreError(error);
        return errorEnvelope(503, 'The task list cannot be read now; try again.', { retryAfter: '1' });
      }
    }
    if (answer !== undefined && taskId !== undefined) return answers.answerCall(identity, { taskId, runId, answer, request, url }, 'page');
    const response = await toolCalls.stamp(endpoint.name, taskId, (await forward(request, endpoint, taskId, url, body)).response);
    if (endpoint.name !== 'createTask') return respond(response);
    const created = await own(identity, response, body);
    // Watched until its run ends, so that its calls reach people with no page open.
    if (created !== '') void watches?.start(created);
    return recordAudit(identity, 'create_task', response, { taskId: created });
  }

  let closed = false;
  return Object.assign(taskProxy, {
    close: () => {
      closed = true;
      watches?.close();
      return hub?.close() ?? Promise.resolve();
    },
    stats: (): CoreStats => ({ ...(hub?.stats() ?? NO_CORE_STATS), answers: gate.stats() }),
  });
}

/**
 * Each request made by `manualRedirect`, to the request it was made from: a `Request` made from
 * another follows the other's abort signal only while the other lives (undici holds the link
 * weakly), so a time-out that aborts the first would never reach the upstream once it was
 * collected, and the proxy would wait on the service past `timeoutMs`.
 */
const madeFrom = new WeakMap<Request, Request>();

function manualRedirect(request: Request): Request {
  const made = new Request(request, { redirect: 'manual' });
  madeFrom.set(made, request);
  return made;
}

import { rememberClientScope } from './client-scope';
import { isRecord } from '../utils';
import { createEventSource } from './create-event-source';
import { AUDIT_PATH, toAuditEntry, type AuditEntry, type AuditPage } from './audit-protocol';
import {
  CONTROL_HELD_CODE,
  CONTROL_PATH,
  toControlLeaseHolder,
  toControlLeaseStatus,
  type ControlLeaseAddress,
  type ControlLeaseBody,
  type ControlLeaseHolder,
  type ControlLeaseStatus,
  type ControlLeaseTaken,
} from './control-protocol';
import { createProxySender, createRequestSender, type EndpointRequest } from './create-request-sender';
import { IDEMPOTENCY_KEY_HEADER } from './event-protocol';
import { TaskApiError } from './task-api-error';
import {
  endpointLabel,
  isGifStatus,
  isRunResult,
  isRunStatus,
  MAX_PAGE_LIMIT,
  TASK_ENDPOINTS,
  toRunResult,
  toRunStatus,
  type TaskEndpointName,
  type TaskEndpointResponses,
} from './task-endpoints';
import type {
  AuditPageRequestOptions,
  AuditTrailRequestOptions,
  ControlReleaseOptions,
  CreateTaskResponse,
  Page,
  PageRequestOptions,
  RequestOptions,
  RunListItem,
  TaskClient,
  TaskListItem,
} from './types';

/**
 * The proxy's requests, below `baseUrl`: the same path as `REQUESTS_PATH` of `src/request`'s
 * requests protocol, which this layer may not import (test/node/client checks they agree).
 */
const REQUESTS_PATH = '/requests';

/** Options of `createTaskClient`. */
export interface CreateTaskClientOptions {
  /**
   * The service address (`{base_url}` in the spec), or the address of a proxy made with
   * `createTaskProxy`. The client appends `/api/v1/...`. A trailing slash is ignored. In a
   * browser it may be a path such as `/api/hitl`, resolved against the page's address.
   */
  baseUrl: string;
  /**
   * Sent as the `x-api-key` header, never in a URL, never logged. Leave it out in a browser
   * app and point `baseUrl` at your own backend (`createTaskProxy`), which adds the key.
   * Default: none.
   */
  apiKey?: string;
  /** Extra headers for every request (e.g. a session token for your proxy). Default: none. */
  headers?: Record<string, string>;
  /** The `fetch` to use. Default: `globalThis.fetch`, looked up at call time. */
  fetch?: (input: Request) => Promise<Response>;
  /** Milliseconds before a request is given up as `timeout`; 0 disables it. Default: 30000. */
  timeoutMs?: number;
  /**
   * Follow runs through the event stream of a `createTaskProxy` at `baseUrl` (`GET {baseUrl}/events`)
   * instead of polling each run from every page: the proxy polls the service once per run for
   * everyone and pushes the changes. The store falls back to polling by itself when the stream
   * fails (an older proxy without one, a buffering middlebox) and tries the stream again later.
   * Answers, stops and refetches still go over plain HTTP. Only for a `baseUrl` that is such a
   * proxy. Default: false.
   */
  events?: boolean;
}

/**
 * The client's methods, each resolving with its endpoint's type in the protocol table: building
 * the client against this type keeps `TaskClient` and `TaskEndpointResponses` in agreement.
 */
type TaskClientMethods = {
  [Name in TaskEndpointName]: (...args: Parameters<TaskClient[Name]>) => Promise<TaskEndpointResponses[Name]>;
};

function checkPage(page: number | undefined, limit: number | undefined): { page: number; limit: number } {
  const p = page ?? 1;
  const l = limit ?? MAX_PAGE_LIMIT;
  if (!Number.isInteger(p) || p < 1) throw new RangeError(`page must be an integer of 1 or more, got ${String(page)}`);
  if (!Number.isInteger(l) || l < 1) throw new RangeError(`limit must be an integer from 1 to ${MAX_PAGE_LIMIT}, got ${String(limit)}`);
  return { page: p, limit: Math.min(l, MAX_PAGE_LIMIT) };
}

/** What `createTaskClient` made: the data its methods return, and its stream's events, passed the wire checks as they were read. */
const checkedSources = new WeakSet<object>();

/**
 * True for a client made by `createTaskClient`, and for its event stream: what they hand on was
 * checked already, so the store checks only what other clients and sources give it.
 */
export const isCheckedSource = (source: object | undefined): boolean => source !== undefined && checkedSources.has(source);

const isCreateTaskResponse = (data: unknown): data is CreateTaskResponse => isRecord(data) && typeof data.taskId === 'string';
const isTaskListItem = (item: unknown): item is TaskListItem => isRecord(item) && typeof item.id === 'string';
const isRunListItem = (item: unknown): item is RunListItem => isRecord(item) && typeof item.id === 'string';
const isArray = (data: unknown): data is unknown[] => Array.isArray(data);

/**
 * Creates a `TaskClient` that speaks the spec's wire format over `fetch`.
 *
 * Every failure rejects with a `TaskApiError`; no request hangs past `timeoutMs`, even when the
 * caller passes its own signal.
 */
export function createTaskClient(options: CreateTaskClientOptions): TaskClient {
  const settings = {
    baseUrl: options.baseUrl,
    // Kept in a closure, not on the returned object, so it cannot show up when the client is logged or serialised.
    apiKey: options.apiKey,
    headers: { ...options.headers },
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 30_000,
  };
  const send = createRequestSender(settings);
  const proxySend = createProxySender(settings);

  async function getAuditPage(o?: AuditPageRequestOptions): Promise<AuditPage> {
    const query: Record<string, string> = {};
    if (o?.taskId !== undefined) query.taskId = o.taskId;
    if (o?.limit !== undefined) query.limit = String(o.limit);
    if (o?.before !== undefined) query.before = o.before;
    const envelope = await proxySend(AUDIT_PATH, { query, signal: o?.signal });
    const data = envelope?.data;
    if (!Array.isArray(data))
      throw new TaskApiError(`GET ${AUDIT_PATH} answered without the expected data`, {
        kind: 'parse',
        status: 200,
        endpoint: `GET ${AUDIT_PATH}`,
      });
    // Entries are read as text only; anything else the proxy might send is left out.
    const entries = data.flatMap((value) => toAuditEntry(value) ?? []);
    const next = envelope?.next;
    return { entries, next: typeof next === 'string' && next !== '' ? next : undefined };
  }

  const getAuditTrail = async (taskId: string, o?: AuditTrailRequestOptions): Promise<AuditEntry[]> =>
    (await getAuditPage({ ...o, taskId })).entries;

  async function listRequests(o?: RequestOptions): Promise<{ requests: unknown[]; now: number }> {
    const envelope = await proxySend(REQUESTS_PATH, { signal: o?.signal, priority: o?.priority });
    const data = envelope?.data;
    if (!Array.isArray(data))
      throw new TaskApiError(`GET ${REQUESTS_PATH} answered without the expected data`, {
        kind: 'parse',
        status: 200,
        endpoint: `GET ${REQUESTS_PATH}`,
      });
    const now = envelope?.now;
    return { requests: data, now: typeof now === 'number' && Number.isFinite(now) ? now : Date.now() };
  }

  async function answerRequest(
    id: string,
    answer: { readonly requestId: string; readonly action: string },
    o?: RequestOptions,
  ): Promise<{ delivered: boolean }> {
    if (typeof id !== 'string' || id === '') throw new TypeError('id must be a non-empty string');
    const path = `${REQUESTS_PATH}/${encodeURIComponent(id)}/answer`;
    const envelope = await proxySend(path, { body: answer, signal: o?.signal, label: `${REQUESTS_PATH}/{id}/answer` });
    const data = envelope?.data;
    return { delivered: !isRecord(data) || data.delivered !== false };
  }

  /** One exchange with the control lease of a hand-off, its answer checked: a take must give control. */
  async function control(
    id: string,
    action: 'read' | 'take' | 'release',
    address: ControlLeaseAddress & { lease?: string },
    o: ControlReleaseOptions | undefined,
  ): Promise<ControlLeaseStatus | ControlLeaseTaken> {
    if (typeof id !== 'string' || id === '') throw new TypeError('id must be a non-empty string');
    const post = action !== 'read';
    const endpoint = `${post ? 'POST' : 'GET'} ${CONTROL_PATH}/{id}`;
    const toolCallId: Record<string, string> = address.toolCallId === undefined ? {} : { toolCallId: address.toolCallId };
    let data: unknown;
    try {
      const envelope = await proxySend(`${CONTROL_PATH}/${encodeURIComponent(id)}`, {
        query: post ? {} : toolCallId,
        body: post ? { action, lease: address.lease, ...toolCallId } : undefined,
        signal: o?.signal,
        priority: o?.priority,
        keepalive: o?.keepalive,
        label: `${CONTROL_PATH}/{id}`,
      });
      data = envelope?.data;
    } catch (error) {
      if (!(error instanceof TaskApiError) || error.code !== CONTROL_HELD_CODE) throw error;
      // The proxy says who holds it under `details`; the error carries them as its own, checked.
      const holder = toControlLeaseHolder(error.details?.details);
      throw new TaskApiError(error.message, { ...error, details: holder && { user: holder.user, since: holder.since }, cause: error });
    }
    const status = toControlLeaseStatus(data);
    if (status === undefined || (action === 'take' && (status.holder === null || !isRecord(data) || data.you !== true)))
      throw new TaskApiError(`${endpoint} answered without the expected data`, { kind: 'parse', status: 200, endpoint });
    return action === 'take' ? { holder: status.holder as ControlLeaseHolder, ttlMs: status.ttlMs, you: true } : status;
  }

  const readControl = (id: string, address?: ControlLeaseAddress, o?: RequestOptions) => control(id, 'read', address ?? {}, o);
  // A take resolves only once `control` found the holder and `you: true` in it.
  const takeControl = (id: string, body: ControlLeaseBody, o?: RequestOptions) =>
    control(id, 'take', body, o) as Promise<ControlLeaseTaken>;
  const releaseControl = (id: string, body: ControlLeaseBody, o?: ControlReleaseOptions) => control(id, 'release', body, o);

  /** A 2xx envelope whose `data` is not what the endpoint returns. */
  function malformed(name: TaskEndpointName, what: string): TaskApiError {
    const endpoint = endpointLabel(TASK_ENDPOINTS[name]);
    return new TaskApiError(`${endpoint} answered ${what}`, { kind: 'parse', status: 200, endpoint });
  }

  /** `data` of the answer, once `check` accepts it. */
  async function fetchData<Name extends TaskEndpointName, T>(
    name: Name,
    request: EndpointRequest<Name>,
    check: (data: unknown) => data is T,
  ): Promise<T> {
    const envelope = await send(name, request);
    const data = envelope?.data;
    if (!check(data)) throw malformed(name, 'without the expected data');
    return data;
  }

  /** One page of a list endpoint; page fields the answer leaves out are taken from the request. */
  async function fetchPage<T>(
    name: 'listTasks' | 'listRuns',
    taskId: string | undefined,
    o: PageRequestOptions | undefined,
    isItem: (item: unknown) => item is T,
  ): Promise<Page<T>> {
    const requested = checkPage(o?.page, o?.limit);
    const envelope = await send(name, { taskId, options: { ...requested, signal: o?.signal, priority: o?.priority } });
    const data = envelope?.data;
    if (!isArray(data)) throw malformed(name, 'without the expected data');
    if (!data.every(isItem)) throw malformed(name, 'with malformed items');
    return {
      data,
      total: typeof envelope?.total === 'number' ? envelope.total : data.length,
      page: typeof envelope?.page === 'number' ? envelope.page : requested.page,
      limit: typeof envelope?.limit === 'number' ? envelope.limit : requested.limit,
    };
  }

  const methods: TaskClientMethods = {
    async createTask(body, o) {
      const data = await fetchData('createTask', { options: o, body }, isCreateTaskResponse);
      return { taskId: data.taskId };
    },

    listTasks: (o) => fetchPage('listTasks', undefined, o, isTaskListItem),

    listRuns: (taskId, o) => fetchPage('listRuns', taskId, o, isRunListItem),

    async getRunStatus(taskId, o) {
      return toRunStatus(await fetchData('getRunStatus', { taskId, options: o }, isRunStatus));
    },

    async getRunResult(taskId, o) {
      return toRunResult(await fetchData('getRunResult', { taskId, options: o }, isRunResult));
    },

    getRunGif: (taskId, o) => fetchData('getRunGif', { taskId, options: o }, isGifStatus),

    async submitToolInput(taskId, body, o) {
      if (typeof body.input !== 'string') throw new TypeError('input must be a string; JSON-encode structured answers');
      const key = o?.idempotencyKey;
      if (key !== undefined && (typeof key !== 'string' || key === '')) throw new TypeError('idempotencyKey must be a non-empty string');
      await send('submitToolInput', {
        taskId,
        options: o,
        body: { input: body.input, toolCallId: body.toolCallId },
        headers: key === undefined ? undefined : { [IDEMPOTENCY_KEY_HEADER]: key },
      });
    },

    async stopRun(taskId, o) {
      await send('stopRun', { taskId, options: o });
    },

    async stopTask(taskId, o) {
      await send('stopTask', { taskId, options: o });
    },

    async checkApiKey(o) {
      try {
        const envelope = await send('checkApiKey', { options: o });
        return envelope?.data === 'ok';
      } catch (error) {
        if (error instanceof TaskApiError && (error.kind === 'api' || error.isAuthError)) return false;
        throw error;
      }
    },
  };
  const proxyMethods = { getAuditTrail, getAuditPage, listRequests, answerRequest, readControl, takeControl, releaseControl };
  const client: TaskClient =
    options.events !== true
      ? { ...methods, ...proxyMethods }
      : {
          ...methods,
          ...proxyMethods,
          events: createEventSource({ baseUrl: options.baseUrl, headers: { ...options.headers }, fetch: options.fetch }),
        };
  checkedSources.add(client);
  if (client.events !== undefined) checkedSources.add(client.events);
  // Only the platform's fetch reaches the same service from every tab; a custom one may not.
  return options.fetch === undefined ? rememberClientScope(client, options.baseUrl) : client;
}

import { isRecord } from '../utils';
import { createDeadline } from './deadline';
import { TaskApiError } from './task-api-error';
import type { GifStatus, Page, RunListItem, RunResult, RunStatus, TaskClient, TaskListItem } from './types';

/** The service's maximum page size (spec §8). */
export const MAX_PAGE_LIMIT = 30;

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
}

type Method = 'GET' | 'POST' | 'PUT';

interface Call {
  method: Method;
  /** Path with `{taskId}` placeholder, as in the spec; used in error messages. */
  template: string;
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** An empty 2xx body is a success (the spec does not show the body of this endpoint). */
  emptyBodyOk?: boolean;
}

/** Parses a `Retry-After` header (seconds or HTTP-date) into milliseconds from now. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * `response.text()`, but settled by the abort signal too: a `fetch` that is not the platform's
 * (a test double, a wrapper) may hand back a body the signal does not reach, and the time-out
 * must hold anyway.
 */
function readText(response: Response, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    response
      .text()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function checkPage(page: number | undefined, limit: number | undefined): { page: number; limit: number } {
  const p = page ?? 1;
  const l = limit ?? MAX_PAGE_LIMIT;
  if (!Number.isInteger(p) || p < 1) throw new RangeError(`page must be an integer of 1 or more, got ${String(page)}`);
  if (!Number.isInteger(l) || l < 1) throw new RangeError(`limit must be an integer from 1 to ${MAX_PAGE_LIMIT}, got ${String(limit)}`);
  return { page: p, limit: Math.min(l, MAX_PAGE_LIMIT) };
}

function errorText(body: unknown): string | undefined {
  if (isRecord(body) && typeof body.error === 'string' && body.error !== '') return body.error;
  return undefined;
}

/**
 * Creates a `TaskClient` that speaks the spec's wire format over `fetch`.
 *
 * Every failure rejects with a `TaskApiError`; no request hangs past `timeoutMs`, even when the
 * caller passes its own signal.
 */
export function createTaskClient(options: CreateTaskClientOptions): TaskClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  // Kept in a closure, not on the returned object, so it cannot show up when the client is logged or serialised.
  const apiKey = options.apiKey;
  const extraHeaders = { ...options.headers };

  async function send(call: Call): Promise<unknown> {
    const endpoint = `${call.method} ${call.template}`;
    if (call.signal?.aborted) {
      throw new TaskApiError(`${endpoint} was aborted`, { kind: 'aborted', endpoint, cause: call.signal.reason });
    }
    let url: URL;
    try {
      // A path-only baseUrl (a same-origin proxy) needs the page's address to resolve against.
      url = new URL(base + call.path, typeof location === 'undefined' ? undefined : location.href);
    } catch (cause) {
      throw new TypeError(`baseUrl "${options.baseUrl}" is not a valid address (a path-only baseUrl needs a page to resolve against)`, {
        cause,
      });
    }
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers = new Headers(extraHeaders);
    headers.set('accept', 'application/json');
    if (apiKey !== undefined) headers.set('x-api-key', apiKey);
    if (call.body !== undefined) headers.set('content-type', 'application/json');

    const deadline = createDeadline(timeoutMs, call.signal);

    const abortError = (cause?: unknown) =>
      deadline.timedOut
        ? new TaskApiError(`${endpoint} timed out after ${timeoutMs} ms`, { kind: 'timeout', endpoint, cause })
        : new TaskApiError(`${endpoint} was aborted`, { kind: 'aborted', endpoint, cause: call.signal?.reason ?? cause });

    try {
      let response: Response;
      try {
        const request = new Request(url, {
          method: call.method,
          headers,
          body: call.body === undefined ? null : JSON.stringify(call.body),
          signal: deadline.signal,
        });
        const doFetch = options.fetch ?? globalThis.fetch;
        response = await doFetch(request);
      } catch (cause) {
        if (deadline.signal.aborted) throw abortError(cause);
        throw new TaskApiError(`${endpoint} failed: the service could not be reached`, { kind: 'network', endpoint, cause });
      }

      let text: string;
      try {
        text = await readText(response, deadline.signal);
      } catch (cause) {
        if (deadline.signal.aborted) throw abortError(cause);
        throw new TaskApiError(`${endpoint} failed while reading the response`, {
          kind: 'network',
          endpoint,
          status: response.status,
          cause,
        });
      }

      const empty = text.trim() === '';
      let body: unknown;
      let parsed = false;
      if (!empty) {
        try {
          body = JSON.parse(text);
          parsed = true;
        } catch {
          // Not JSON (an error page, a cut-off answer): handled below, by status.
        }
      }

      if (!response.ok) {
        const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
        const message = (parsed && errorText(body)) || `${endpoint} failed with HTTP ${response.status}`;
        throw new TaskApiError(message, { kind: 'http', status: response.status, endpoint, retryAfterMs });
      }
      if (empty) {
        if (call.emptyBodyOk) return undefined;
        throw new TaskApiError(`${endpoint} answered with an empty body`, { kind: 'parse', status: response.status, endpoint });
      }
      if (!parsed || !isRecord(body)) {
        throw new TaskApiError(`${endpoint} answered with a body that is not a JSON object`, {
          kind: 'parse',
          status: response.status,
          endpoint,
        });
      }
      // An object without a boolean `success` is not the envelope (spec §2.1): some other server answered.
      if (typeof body.success !== 'boolean') {
        throw new TaskApiError(`${endpoint} answered with JSON that is not the service's envelope`, {
          kind: 'parse',
          status: response.status,
          endpoint,
        });
      }
      if (body.success !== true) {
        throw new TaskApiError(errorText(body) ?? `${endpoint} was refused by the service`, {
          kind: 'api',
          status: response.status,
          endpoint,
        });
      }
      return body;
    } finally {
      deadline.dispose();
    }
  }

  /** A 2xx envelope whose `data` is not what the endpoint returns. */
  function malformed(call: Call, what: string): TaskApiError {
    const endpoint = `${call.method} ${call.template}`;
    return new TaskApiError(`${endpoint} answered ${what}`, { kind: 'parse', status: 200, endpoint });
  }

  function expectData<T>(envelope: unknown, call: Call, check: (data: unknown) => data is T): T {
    const data = isRecord(envelope) ? envelope.data : undefined;
    if (!check(data)) throw malformed(call, 'without the expected data');
    return data;
  }

  async function list<T>(call: Call, isItem: (item: unknown) => item is T): Promise<Page<T>> {
    const envelope = await send(call);
    const data = expectData(envelope, call, (d): d is unknown[] => Array.isArray(d));
    const env = envelope as Record<string, unknown>;
    const requested = call.query as { page: number; limit: number };
    if (!data.every(isItem)) throw malformed(call, 'with malformed items');
    return {
      data,
      total: typeof env.total === 'number' ? env.total : data.length,
      page: typeof env.page === 'number' ? env.page : requested.page,
      limit: typeof env.limit === 'number' ? env.limit : requested.limit,
    };
  }

  const taskPath = (taskId: string) => {
    // encodeURIComponent leaves dots alone, and URL parsing resolves `.`/`..` segments (even
    // percent-encoded), so such an id would silently address another path.
    if (typeof taskId !== 'string' || taskId === '' || taskId === '.' || taskId === '..') {
      throw new RangeError(`taskId must be a non-empty string other than "." and "..", got ${JSON.stringify(taskId)}`);
    }
    return `/api/v1/task/${encodeURIComponent(taskId)}`;
  };

  const isRunStatus = (d: unknown): d is RunStatus =>
    isRecord(d) && typeof d.status === 'string' && (d.toolCall === null || d.toolCall === undefined || isToolCall(d.toolCall));
  const isToolCall = (t: unknown) => isRecord(t) && typeof t.toolCallId === 'string' && isRecord(t.tool) && typeof t.tool.name === 'string';

  return {
    async createTask(body, o) {
      const call: Call = { method: 'POST', template: '/api/v1/task/create', path: '/api/v1/task/create', body, signal: o?.signal };
      const envelope = await send(call);
      return { taskId: expectData(envelope, call, (d): d is { taskId: string } => isRecord(d) && typeof d.taskId === 'string').taskId };
    },

    async listTasks(o) {
      const query = checkPage(o?.page, o?.limit);
      return list<TaskListItem>(
        { method: 'GET', template: '/api/v1/tasks', path: '/api/v1/tasks', query, signal: o?.signal },
        (i): i is TaskListItem => isRecord(i) && typeof i.id === 'string',
      );
    },

    async listRuns(taskId, o) {
      const query = checkPage(o?.page, o?.limit);
      return list<RunListItem>(
        { method: 'GET', template: '/api/v1/task/{taskId}/runs', path: `${taskPath(taskId)}/runs`, query, signal: o?.signal },
        (i): i is RunListItem => isRecord(i) && typeof i.id === 'string',
      );
    },

    async getRunStatus(taskId, o) {
      const call: Call = {
        method: 'GET',
        template: '/api/v1/task/{taskId}/run/status',
        path: `${taskPath(taskId)}/run/status`,
        query: { runId: o?.runId },
        signal: o?.signal,
      };
      const data = expectData(await send(call), call, isRunStatus);
      return { ...data, toolCall: data.toolCall ?? null };
    },

    async getRunResult(taskId, o) {
      const call: Call = {
        method: 'GET',
        template: '/api/v1/task/{taskId}/run/result',
        path: `${taskPath(taskId)}/run/result`,
        query: { runId: o?.runId },
        signal: o?.signal,
      };
      const data = expectData(await send(call), call, (d): d is RunResult => isRecord(d) && typeof d.status === 'string');
      return {
        ...data,
        error: data.error ?? null,
        output: isRecord(data.output) ? data.output : {},
        dataTable: Array.isArray(data.dataTable) ? data.dataTable.filter(isRecord) : [],
      };
    },

    async getRunGif(taskId, o) {
      const call: Call = {
        method: 'GET',
        template: '/api/v1/task/{taskId}/run/gif',
        path: `${taskPath(taskId)}/run/gif`,
        query: { runId: o?.runId },
        signal: o?.signal,
      };
      return expectData(await send(call), call, (d): d is GifStatus => isRecord(d) && typeof d.status === 'string');
    },

    async submitToolInput(taskId, body, o) {
      if (typeof body.input !== 'string') throw new TypeError('input must be a string; JSON-encode structured answers');
      await send({
        method: 'POST',
        template: '/api/v1/task/{taskId}/run/tool-input',
        path: `${taskPath(taskId)}/run/tool-input`,
        query: { runId: o?.runId },
        body: { input: body.input, toolCallId: body.toolCallId },
        signal: o?.signal,
        emptyBodyOk: true,
      });
    },

    async stopRun(taskId, o) {
      await send({
        method: 'PUT',
        template: '/api/v1/task/{taskId}/run/stop',
        path: `${taskPath(taskId)}/run/stop`,
        query: { runId: o?.runId },
        signal: o?.signal,
      });
    },

    async stopTask(taskId, o) {
      await send({ method: 'PUT', template: '/api/v1/task/{taskId}/stop', path: `${taskPath(taskId)}/stop`, signal: o?.signal });
    },

    async checkApiKey(o) {
      const call: Call = { method: 'GET', template: '/api/v1/check', path: '/api/v1/check', signal: o?.signal };
      try {
        const envelope = await send(call);
        return isRecord(envelope) && envelope.data === 'ok';
      } catch (error) {
        if (error instanceof TaskApiError && (error.kind === 'api' || error.isAuthError)) return false;
        throw error;
      }
    },
  };
}

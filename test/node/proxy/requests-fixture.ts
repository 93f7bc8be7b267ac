/**
 * What the tests of `proxy.requests` share: proxy instances over real HTTP on one memory store
 * (standing in for Redis), each behind its own server; the store can be emptied (a Redis that
 * restarted empty) and its clock moved ahead (a heartbeat lapses at once); every record written,
 * audit entry and log line is kept. Callers are named by `identify` from the header an auth proxy
 * would set (`user@team`). `useRequestsFixture()` registers the hooks of a test file.
 *
 * The proxy gives every request an id of its own (`opened.id`); tests name a request by its
 * source's id (`room('el-1')`), and `pid('el-1')` is the proxy's id of the request the test opened
 * under it on an instance of `instance()` (the latest, when it was opened more than once). `answer`
 * takes either: a known source id in its path and in `body.requestId` becomes the proxy's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HumanAnswer, HumanRequest } from '../../../src/request';
import {
  createMemoryProxyStore,
  createTaskProxy,
  toNodeListener,
  type ProxyAuditEntry,
  type ProxyRequests,
  type ProxyStore,
  type TaskProxy,
  type TaskProxyOptions,
} from '../../../src/server';

export const KEY = 'sk_live_requests_5b2e7d';
const BASE = '/api/hitl';
export const SECRET = 'Room-4417-nobody-may-read';

/** The state of the running test. */
export const fx = {
  /** How far the shared store's clock is ahead: a heartbeat lapses at once when it moves. */
  skew: 0,
  /** The memory store behind `store`; replaced by an empty one, it is a Redis that restarted empty. */
  inner: undefined as unknown as ProxyStore,
  /** The store every instance shares. */
  store: undefined as unknown as ProxyStore,
  /** Every request record written to the store, as JSON. */
  written: [] as string[],
  audited: [] as ProxyAuditEntry[],
  logged: [] as string[],
};

const servers: Server[] = [];
const proxies: TaskProxy[] = [];
/** What `open` returned for each request the running test opened, by its source's id: its `id` is the proxy's (read when asked). */
const opened = new Map<string, { readonly id: string }>();

/** The proxy's id of the request the running test opened under the source's id `sourceId`. */
export function pid(sourceId: string): string {
  const id = opened.get(sourceId)?.id;
  if (id === undefined) throw new Error(`no request was opened with the source's id ${JSON.stringify(sourceId)} in this test`);
  return id;
}

/** The source's id of the request the proxy knows as `proxyId` (`undefined` for an id this test's instances never gave). */
export function sid(proxyId: string): string | undefined {
  for (const [sourceId, each] of opened) if (each.id === proxyId) return sourceId;
  return undefined;
}

/** `proxy.requests` that keeps the proxy's id of every request it opens, for `pid`. */
export function rememberingIds(requests: ProxyRequests): ProxyRequests {
  return {
    open: (request, options) => {
      const promise = requests.open(request, options);
      opened.set(request.id, promise);
      return promise;
    },
    cancel: (id) => requests.cancel(id),
  };
}

/** The proxy's id of `id` when it is the source's id of a request this test opened, else `id`. */
const toProxyId = (id: string) => opened.get(id)?.id ?? id;

export const emptyStore = () => createMemoryProxyStore({ now: () => Date.now() + fx.skew });

export function useRequestsFixture(): void {
  beforeEach(() => {
    fx.skew = 0;
    fx.inner = emptyStore();
    fx.written = [];
    fx.store = new Proxy(fx.inner, {
      get(_, name: keyof ProxyStore) {
        if (name === 'putRequest' || name === 'replaceRequest')
          return (record: unknown, ...rest: unknown[]) => {
            fx.written.push(JSON.stringify(record));
            return (fx.inner[name] as (...args: unknown[]) => unknown)(record, ...rest);
          };
        const value: unknown = Reflect.get(fx.inner, name);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(fx.inner) : value;
      },
    });
    fx.audited = [];
    fx.logged = [];
    opened.clear();
  });
  afterEach(async () => {
    await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
    await Promise.all(
      servers.splice(0).map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      ),
    );
  });
}

export const identify: TaskProxyOptions['identify'] = (request) => {
  const who = request.headers.get('x-auth-user');
  return who === null ? null : { user: who, team: who.split('@')[1] ?? '' };
};

export interface Instance {
  proxy: TaskProxy;
  url: string;
}

/** One proxy instance on the shared store, behind its own HTTP server. */
export async function instance(options: Partial<TaskProxyOptions> = {}): Promise<Instance> {
  const proxy = createTaskProxy({
    // Never reached: requests need no task service.
    upstream: 'http://127.0.0.1:9',
    apiKey: KEY,
    basePath: BASE,
    store: fx.store,
    events: false,
    identify,
    onAudit: (entry) => fx.audited.push(entry),
    logger: { info: (line) => fx.logged.push(line), warn: (line) => fx.logged.push(line), error: (line) => fx.logged.push(line) },
    ...options,
  });
  // `a.proxy.requests.open(room('el-1'), …)` remembers the proxy's id of `el-1` for `pid`.
  Object.defineProperty(proxy, 'requests', { value: rememberingIds(proxy.requests) });
  proxies.push(proxy);
  const listener = toNodeListener(proxy);
  const server = createServer(listener);
  listener.attach(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { proxy, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${BASE}` };
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

export async function call(
  at: Instance,
  who: string,
  method: string,
  path: string,
  body?: string,
  contentType = 'application/json',
): Promise<Reply> {
  const headers: Record<string, string> = { 'x-auth-user': who };
  if (body !== undefined) headers['content-type'] = contentType;
  const response = await fetch(at.url + path, { method, headers, body: body ?? null });
  const text = await response.text();
  return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>), headers: response.headers };
}

/** The caller's team's requests, as `GET {basePath}/requests` lists them. */
export const list = async (at: Instance, who: string) => {
  const reply = await call(at, who, 'GET', '/requests');
  expect(reply.status).toBe(200);
  return reply.body.data as Array<Record<string, unknown> & { request: HumanRequest; state: string }>;
};
/** Answers request `id` (the proxy's, or the source's of a request this test opened) as `who`; a known source id as `body.requestId` is sent as the proxy's. */
export const answer = (at: Instance, who: string, id: string, body: unknown) => {
  const sent =
    typeof body === 'object' && body !== null && typeof (body as { requestId?: unknown }).requestId === 'string'
      ? { ...body, requestId: toProxyId((body as { requestId: string }).requestId) }
      : body;
  return call(at, who, 'POST', `/requests/${encodeURIComponent(toProxyId(id))}/answer`, JSON.stringify(sent));
};

/** An MCP form asking for a room. */
export const room = (id: string): HumanRequest => ({
  id,
  source: 'mcp',
  kind: 'form',
  title: 'Which room?',
  schema: { type: 'object', properties: { room: { type: 'string' } }, required: ['room'] },
  allows: { decline: true, cancel: true },
});
export const roomAnswer = (id: string, value = SECRET): HumanAnswer => ({ requestId: id, action: 'accept', content: { room: value } });

/** Whether `promise` has settled by the time the calls queued now have run. */
export async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

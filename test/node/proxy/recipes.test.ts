/**
 * The recipes of the proxy, each built as an app would build it and driven over real HTTP: two of
 * teams, in front of a counting fake service (a Next.js route handler with a signed session cookie,
 * and a Node server behind an authenticating reverse proxy's headers), and a LangChain agent whose
 * interrupts wait in a team's inbox, with no service behind the proxy.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemorySaver } from '@langchain/langgraph';
import { FakeToolCallingModel, ToolMessage } from 'langchain';
import { createMemoryProxyStore, toNodeListener, type ProxyIdentity } from '../../../src/server';
import type { RequestListing } from '../../../src/request';
import { startCountingUpstream, type CountingUpstream } from './counting-upstream';
import { createReviewedAgent } from './recipes/langchain-agent';
import { nodeAuthHeaderListener } from './recipes/node-auth-header';
import { routeHandlers, signSession } from './recipes/next-session-route';

const KEY = 'sk_live_recipes_8e21aa';
const SECRET = 'session-secret-for-the-test-only';

let upstream: CountingUpstream;
const servers: Server[] = [];

beforeEach(async () => {
  upstream = await startCountingUpstream(KEY);
});
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
  await upstream.close();
});

async function serve(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/hitl`;
}

async function send(url: string, method: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>) };
}

describe('recipe: Next.js route handler with a signed session cookie', () => {
  it("lets a signed-in user work on their team's tasks only, refuses a forged or expired cookie, and lets only leads stop a task", async () => {
    const { GET, POST, PUT } = routeHandlers({ TASKS_URL: upstream.url, TASKS_KEY: KEY, SESSION_SECRET: SECRET });
    // Next.js calls the exported function of the method with the web Request; so does this server.
    const byMethod: Record<string, typeof GET> = { GET, POST, PUT };
    const base = await serve(createServer(toNodeListener((request) => (byMethod[request.method] ?? GET)(request))));
    const cookie = async (user: string, team: string, expiresAt = Date.now() + 3_600_000) =>
      ({ cookie: `theme=dark; session=${await signSession({ user, team, expiresAt }, SECRET)}` }) as Record<string, string>;
    const ada = await cookie('ada@example.com', 'support');
    const lead = await cookie('lead.grace@example.com', 'support');
    const bob = await cookie('bob@example.com', 'billing');

    const created = await send(`${base}/api/v1/task/create`, 'POST', ada, { task: 'Log in to the shop', agent: 'BROWSER_AGENT' });
    expect(created.status).toBe(200);
    const taskId = (created.body?.data as { taskId: string }).taskId;
    expect((await send(`${base}/api/v1/tasks`, 'GET', ada)).body).toMatchObject({ total: 1, data: [{ id: taskId }] });
    expect((await send(`${base}/api/v1/task/${taskId}/runs`, 'GET', bob)).status).toBe(404);
    expect((await send(`${base}/api/v1/tasks`, 'GET', bob)).body).toMatchObject({ total: 0 });

    const [payload] = (ada.cookie ?? '').split('session=')[1]?.split('.') ?? [];
    const forged = { cookie: `session=${payload}.${Buffer.from('not the signature').toString('base64url')}` };
    expect((await send(`${base}/api/v1/tasks`, 'GET', forged)).status).toBe(401);
    expect((await send(`${base}/api/v1/tasks`, 'GET', await cookie('ada@example.com', 'support', Date.now() - 1))).status).toBe(401);
    expect((await send(`${base}/api/v1/tasks`, 'GET', {})).status).toBe(401);

    expect((await send(`${base}/api/v1/task/${taskId}/stop`, 'PUT', ada)).status).toBe(403);
    expect((await send(`${base}/api/v1/task/${taskId}/stop`, 'PUT', lead)).status).toBe(200);
    const trail = await send(`${base}/audit?taskId=${taskId}`, 'GET', ada);
    expect(trail.body).toMatchObject({
      data: [
        { user: 'lead.grace@example.com', action: 'stop_task', outcome: 'accepted' },
        { user: 'ada@example.com', action: 'stop_task', status: 403, outcome: 'refused' },
        { user: 'ada@example.com', action: 'create_task', outcome: 'accepted' },
      ],
    });
    expect(upstream.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/v1/task/create',
      `PUT /api/v1/task/${taskId}/stop`,
    ]);
  });
});

describe('recipe: a Node server behind an authenticating reverse proxy', () => {
  const AUTH_PROXY_SECRET = 'shared-with-the-auth-proxy';
  const fromAuthProxy = (email: string, groups: string) => ({
    'x-auth-proxy-secret': AUTH_PROXY_SECRET,
    'x-forwarded-email': email,
    'x-forwarded-groups': groups,
  });

  it('takes the user and team from the auth proxy, and refuses a request that did not come through it', async () => {
    const listener = nodeAuthHeaderListener({ TASKS_URL: upstream.url, TASKS_KEY: KEY, AUTH_PROXY_SECRET });
    const server = createServer(listener);
    listener.attach(server);
    const base = await serve(server);
    const ada = fromAuthProxy('ada@example.com', 'support,everyone');
    const bob = fromAuthProxy('bob@example.com', 'billing');

    const created = await send(`${base}/api/v1/task/create`, 'POST', ada, { task: 'Refund order 12', agent: 'BROWSER_AGENT' });
    const taskId = (created.body?.data as { taskId: string }).taskId;
    expect((await send(`${base}/api/v1/task/${taskId}/run/status`, 'GET', ada)).status).toBe(200);
    expect((await send(`${base}/api/v1/task/${taskId}/run/status`, 'GET', bob)).status).toBe(404);
    // Around the auth proxy: the same headers without its secret, or with a wrong one.
    const { 'x-auth-proxy-secret': _secret, ...spoofed } = ada;
    expect((await send(`${base}/api/v1/task/${taskId}/run/status`, 'GET', spoofed)).status).toBe(401);
    expect((await send(`${base}/api/v1/task/${taskId}/run/status`, 'GET', { ...ada, 'x-auth-proxy-secret': 'guess' })).status).toBe(401);
    expect(upstream.requests.filter((request) => request.taskId === taskId)).toHaveLength(1);
  });
});

describe('recipe: a LangChain agent whose interrupts wait in the inbox', () => {
  const email = { name: 'send_email', args: { to: 'ann@example.com', subject: 'Invoice' }, id: 'call-1' };
  /** The caller, as the app's sign-in would say: here, two headers. */
  const identify = (request: Request): ProxyIdentity | null => {
    const user = request.headers.get('x-user');
    const team = request.headers.get('x-team');
    return user && team ? { user, team } : null;
  };
  const ada = { 'x-user': 'ada@example.com', 'x-team': 'support' };
  const bob = { 'x-user': 'bob@example.com', 'x-team': 'billing' };

  beforeEach(() => {
    vi.stubEnv('HITL_SECRET', 'a-secret-of-this-test-only-32-characters-long');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** The listings of the caller's team, once `ready` says they are there. */
  async function listed(base: string, headers: Record<string, string>, ready: (listings: RequestListing[]) => boolean) {
    for (let attempt = 0; attempt < 400; attempt++) {
      const { body } = await send(`${base}/requests`, 'GET', headers);
      const listings = (body?.data ?? []) as RequestListing[];
      if (ready(listings)) return listings;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the request was never listed');
  }
  const isOpen = (listings: RequestListing[]) => listings.some((listing) => listing.state === 'open');

  it("lists the interrupt to the team only, and resumes the agent once with the person's decision", async () => {
    const { proxy, run } = createReviewedAgent({ model: new FakeToolCallingModel({ toolCalls: [[email], []] }), identify });
    const base = await serve(createServer(toNodeListener(proxy)));
    const done = run('thread-1', 'support', 'Send Ann the invoice');

    const [listing] = await listed(base, ada, isOpen);
    expect(listing?.request).toMatchObject({ kind: 'approval', source: 'langgraph', actions: [{ name: 'send_email', args: email.args }] });
    expect((await send(`${base}/requests`, 'GET', bob)).body?.data).toEqual([]);
    const id = listing?.request.id ?? '';
    const edit = { requestId: id, action: 'accept', decisions: [{ type: 'edit', args: { to: 'bob@example.com', subject: 'Invoice 42' } }] };
    expect(await send(`${base}/requests/${id}/answer`, 'POST', bob, edit)).toMatchObject({ status: 404 });
    expect(await send(`${base}/requests/${id}/answer`, 'POST', ada, { ...edit, action: 'approve' })).toMatchObject({ status: 400 });
    expect(await send(`${base}/requests/${id}/answer`, 'POST', ada, edit)).toEqual({
      status: 200,
      body: { success: true, data: { delivered: true } },
    });

    const result = await done;
    expect(result.__interrupt__).toBeUndefined();
    const replies = result.messages.filter((message) => ToolMessage.isInstance(message)).map((message) => message.content);
    expect(replies).toEqual(['Sent "Invoice 42" to bob@example.com']);
    expect(await send(`${base}/requests/${id}/answer`, 'POST', ada, edit)).toMatchObject({
      status: 409,
      body: { code: 'already_answered', answeredBy: 'ada@example.com' },
    });
    await proxy.close();
  });

  it('after a restart, the thread goes on from its checkpoint and finds the request the pages show', async () => {
    const store = createMemoryProxyStore();
    const checkpointer = new MemorySaver();
    const first = createReviewedAgent({ model: new FakeToolCallingModel({ toolCalls: [[email], []] }), identify, store, checkpointer });
    void first.run('thread-2', 'support', 'Send Ann the invoice');
    const [before] = await listed(await serve(createServer(toNodeListener(first.proxy))), ada, isOpen);
    // The process stops, its promise with it: pages soon say the request can no longer be answered.
    await first.proxy.close();
    // The model already called the tool: on the checkpoint, the next turn is the last.
    const second = createReviewedAgent({ model: new FakeToolCallingModel({ toolCalls: [[]] }), identify, store, checkpointer });
    const base = await serve(createServer(toNodeListener(second.proxy)));
    await listed(base, ada, (listings) => listings.some((listing) => listing.state === 'unanswerable'));

    // The restarted server goes on with the thread: the same request opens again.
    const done = second.run('thread-2', 'support');
    const listings = await listed(base, ada, isOpen);
    expect(listings.map((listing) => [listing.request.id, listing.state])).toEqual([[before?.request.id, 'open']]);
    const [after] = listings;
    const id = after?.request.id ?? '';
    const approve = { requestId: id, action: 'accept', decisions: [{ type: 'approve' }] };
    expect((await send(`${base}/requests/${id}/answer`, 'POST', ada, approve)).status).toBe(200);
    const replies = (await done).messages.filter((message) => ToolMessage.isInstance(message)).map((message) => message.content);
    expect(replies).toEqual(['Sent "Invoice" to ann@example.com']);
    await second.proxy.close();
  });
});

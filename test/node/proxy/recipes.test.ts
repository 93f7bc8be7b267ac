/**
 * The two recipes of teams at the proxy, each built as an app would build it and driven over real
 * HTTP in front of a counting fake service: a Next.js route handler with a signed session cookie,
 * and a Node server behind an authenticating reverse proxy's headers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeListener } from '../../../src/server';
import { startCountingUpstream, type CountingUpstream } from './counting-upstream';
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

/**
 * One inbox for every agent, across proxy instances, in Debian's Chromium: two proxy instances in
 * processes of their own on one redis-server, each running real agents (an MCP client whose
 * server elicits, a LangChain agent with `humanInTheLoopMiddleware`) whose requests it opens with
 * `proxy.requests.open`. Pages of two teams read their inbox through either instance.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';
import { startRedisServer, type RedisServer } from '../../scripts/lib/redis-server';
import { startSimulatorServer, type SimulatorServer } from '../../src/testing';
import { startInstance, startPageServer, type Instance } from './proxy-instances';
import { bundleSourcePage, inboxPageSource } from './source-page';

const API_KEY = 'sk_inbox_requests_Q7w2';
/** A wait only a frozen page, proxy or agent would exceed. */
const WAIT = { timeout: 20_000 };

const PAGE_SOURCE = inboxPageSource('Operator');

let redis: RedisServer;
let simulator: SimulatorServer;
let a: Instance;
let b: Instance;
let pages: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  const script = bundleSourcePage(PAGE_SOURCE, 'inbox-requests-page.tsx');
  [redis, simulator] = await Promise.all([startRedisServer(), startSimulatorServer({ apiKey: API_KEY, seed: 'inbox-requests' })]);
  const settings = { upstream: simulator.url, apiKey: API_KEY, redisUrl: `redis://127.0.0.1:${redis.port}`, prefix: 'inbox-requests:' };
  [a, b] = await Promise.all([startInstance('a', settings), startInstance('b', settings)]);
  pages = await startPageServer(await script, { a, b });
  origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  browser = await chromium.launch(chromiumLaunchOptions);
}, 60_000);

afterEach(() => {
  // An instance says so when an agent failed, or got its answer under an id not its own.
  expect([...(a?.messages ?? []), ...(b?.messages ?? [])].filter((message) => message.failed !== undefined)).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  for (const instance of [a, b]) instance?.child.kill('SIGKILL');
  await new Promise<void>((resolve) => (pages === undefined ? resolve() : pages.close(() => resolve())));
  pages?.closeAllConnections();
  await simulator?.close();
  await redis?.stop();
});

async function openInbox(via: 'a' | 'b', team: string, user: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/?via=${via}&team=${team}&user=${user}`);
  return page;
}

/** Every answer POST a page makes through its instance, all at once: the statuses, in order. */
function postAnswers(page: Page, via: 'a' | 'b', id: string, count: number, room: string): Promise<number[]> {
  return page.evaluate(
    async ({ via, id, count, room, team }) => {
      const send = () =>
        fetch(`/${via}/api/hitl/requests/${encodeURIComponent(id)}/answer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-team': team, 'x-user': `racer-${via}` },
          body: JSON.stringify({ requestId: id, action: 'accept', content: { room } }),
        }).then((response) => response.status);
      return Promise.all(Array.from({ length: count }, send));
    },
    { via, id, count, room, team: 'red' },
  );
}

describe('one inbox across instances and frameworks, in Chromium', () => {
  it('answers an MCP elicitation and a LangChain interrupt opened on A from a page on B; another team never sees them', async () => {
    a.child.send({ open: 'mcp', team: 'red', tag: 'mcp-1' });
    a.child.send({ open: 'langchain', team: 'red', tag: 'lc-1' });
    const [mcp, langchain] = await Promise.all([
      a.next((message) => message.opened !== undefined && message.tag === 'mcp-1'),
      a.next((message) => message.opened !== undefined && message.tag === 'lc-1'),
    ]);
    // Listed and answered under the proxy's ids, never the agents' own.
    for (const opened of [mcp, langchain]) {
      expect(opened.opened).toMatch(/^req_[\w-]{22}$/);
      expect(opened.opened).not.toBe(opened.sourceId);
    }

    const red = await openInbox('b', 'red', 'ann');
    const blue = await openInbox('a', 'blue', 'bob');
    const list = red.getByRole('list', { name: /waiting/i });
    await list.getByRole('button', { name: /Which room for mcp-1\?/ }).waitFor(WAIT);
    await list.getByRole('button', { name: /Approval requested|send_email/ }).waitFor(WAIT);

    await list.getByRole('button', { name: /Which room for mcp-1\?/ }).click();
    await red.getByRole('textbox', { name: /Room/ }).fill('Blue room');
    await red.getByRole('button', { name: 'Submit' }).click();
    const mcpDone = await a.next((message) => message.done === mcp.opened);
    expect(mcpDone.answers).toBe(1);
    expect(JSON.stringify(mcpDone.result)).toContain('Blue room');

    await list.getByRole('button', { name: /Approval requested|send_email/ }).click();
    await red.getByRole('button', { name: 'Approve' }).click();
    const langchainDone = await a.next((message) => message.done === langchain.opened);
    expect(langchainDone.answers).toBe(1);
    expect(langchainDone.result).toEqual([{ tool: 'send_email', args: { to: 'ann@example.com', subject: 'Invoice' } }]);

    // Team blue's page, through the very instance that holds both, listed nothing all along.
    await blue.getByText('Nothing is waiting for you.').waitFor(WAIT);
    expect(await blue.getByText(/Which room|send_email/).count()).toBe(0);
    const foreign = await blue.evaluate(async (id) => {
      const headers = { 'content-type': 'application/json', 'x-team': 'blue', 'x-user': 'bob' };
      const list = (await fetch('/a/api/hitl/requests', { headers }).then((response) => response.json())) as { data: unknown[] };
      const answer = await fetch(`/a/api/hitl/requests/${encodeURIComponent(id)}/answer`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ requestId: id, action: 'accept', content: { room: 'Mine' } }),
      });
      return { listed: list.data.length, status: answer.status };
    }, mcp.opened!);
    expect(foreign).toEqual({ listed: 0, status: 404 });
    await red.context().close();
    await blue.context().close();
  });

  it('gives one 2xx and 99 × 409 to 100 racing answers from two pages across two instances, and the agent one answer', async () => {
    a.child.send({ open: 'mcp', team: 'red', tag: 'race' });
    // Another customer's agent (team blue) asks the very same question.
    a.child.send({ open: 'mcp', team: 'blue', tag: 'twin', question: 'race' });
    const [{ opened, sourceId }, twin] = await Promise.all([
      a.next((message) => message.opened !== undefined && message.tag === 'race'),
      a.next((message) => message.opened !== undefined && message.tag === 'twin'),
    ]);
    // Two connections elicit the same question under one JSON-RPC id (each starts its ids again):
    // one source id, two requests, and the twin's source giving up leaves the raced one open.
    expect(twin.sourceId).toBe(sourceId);
    expect(twin.opened).not.toBe(opened);
    a.child.send({ cancel: twin.opened });
    const twinDone = await a.next((message) => message.done === twin.opened);
    expect(twinDone.answers).toBe(1);
    expect(JSON.stringify(twinDone.result)).toContain('cancel');
    const onB = await openInbox('b', 'red', 'ann');
    const onA = await openInbox('a', 'red', 'cid');
    await onB.getByRole('button', { name: /Which room for race\?/ }).waitFor(WAIT);
    await onA.getByRole('button', { name: /Which room for race\?/ }).waitFor(WAIT);

    const [fromB, fromA] = await Promise.all([postAnswers(onB, 'b', opened!, 50, 'B'), postAnswers(onA, 'a', opened!, 50, 'A')]);
    const statuses = [...fromB, ...fromA];
    expect(statuses.filter((status) => status >= 200 && status < 300)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    const done = await a.next((message) => message.done === opened);
    expect(done.answers).toBe(1);
    // Both pages now say it was answered, and by whom.
    for (const page of [onA, onB])
      await page
        .getByText(/Answered by racer-[ab]/)
        .first()
        .waitFor(WAIT);
    await onA.context().close();
    await onB.context().close();
  });

  it('cancels at the deadline: the agent gets its cancel and every open page says the request expired', async () => {
    a.child.send({ open: 'mcp', team: 'red', tag: 'late', expiresAt: Date.now() + 4000 });
    const { opened } = await a.next((message) => message.opened !== undefined && message.tag === 'late');
    const onB = await openInbox('b', 'red', 'ann');
    const onA = await openInbox('a', 'red', 'cid');
    for (const page of [onA, onB]) await page.getByRole('button', { name: /Which room for late\?/ }).click(WAIT);
    const done = await a.next((message) => message.done === opened);
    expect(done.answers).toBe(1);
    expect(JSON.stringify(done.result)).toContain('cancel');
    for (const page of [onA, onB]) await page.getByText('This request expired.').first().waitFor(WAIT);
    await onA.context().close();
    await onB.context().close();
  });
});

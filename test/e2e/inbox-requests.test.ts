/**
 * One inbox for every agent, across proxy instances, in Debian's Chromium: two proxy instances in
 * processes of their own on one redis-server, each running real agents (an MCP client whose
 * server elicits, a LangChain agent with `humanInTheLoopMiddleware`) whose requests it opens with
 * `proxy.requests.open`. Pages of two teams read their inbox through either instance.
 *
 * Take the wheel there too: the simulator's agent meets a CAPTCHA and calls `human_control`; two
 * operators of one team open it. One takes control by keyboard alone, passes the challenge in the
 * live view and hands back, while the other's view stays read-only and says who holds it; the run
 * goes on, and the audit trail says who did what. A holder whose tab crashed (no goodbye at all; a
 * page closed says so at `pagehide`) loses control within seconds; a deadline ends a hand-off, and
 * the agent hears it expired.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';
import { startRedisServer, type RedisServer } from '../../scripts/lib/redis-server';
import { humanControlTool } from '../../src/schema';
import { createHumanControlScenario, startSimulatorServer, type SimulatorServer } from '../../src/testing';
import { axeViolations } from './axe';
import { startInstance, startPageServer, type Instance } from './proxy-instances';
import { bundleSourcePage, inboxPageSource } from './source-page';

const API_KEY = 'sk_inbox_requests_Q7w2';
/** A wait only a frozen page, proxy or agent would exceed. */
const WAIT = { timeout: 20_000 };

const PAGE_SOURCE = inboxPageSource('Operator');
/** The agent of a "hurried" task gives the person a few seconds only. */
const HURRIED_SECONDS = 3;

let redis: RedisServer;
let simulator: SimulatorServer;
let a: Instance;
let b: Instance;
let pages: Server;
let origin: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const script = bundleSourcePage(PAGE_SOURCE, 'inbox-requests-page.tsx');
  const hurried = { ...createHumanControlScenario({ timeoutSeconds: HURRIED_SECONDS }), name: 'hurried-hand-off', keywords: ['hurried'] };
  [redis, simulator] = await Promise.all([
    startRedisServer(),
    startSimulatorServer({ apiKey: API_KEY, seed: 'inbox-requests', timeScale: 0.2, scenarios: [hurried, createHumanControlScenario()] }),
  ]);
  const settings = { upstream: simulator.url, apiKey: API_KEY, redisUrl: `redis://127.0.0.1:${redis.port}`, prefix: 'inbox-requests:' };
  [a, b] = await Promise.all([startInstance('a', settings), startInstance('b', settings)]);
  pages = await startPageServer(await script, { a, b });
  origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  browser = await chromium.launch(chromiumLaunchOptions);
}, 60_000);

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
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

/** Operator `user` of `team`, their inbox reaching the proxy through instance `via`. */
async function openInbox(via: 'a' | 'b', team: string, user: string): Promise<Page> {
  // A live page forbids scripts; axe is put into it past its policy, as a browser extension would be.
  const context = await browser.newContext({ bypassCSP: true });
  contexts.push(context);
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

const BLUE = (user: string) => ({ 'content-type': 'application/json', 'x-team': 'blue', 'x-user': user });

/** A task of team blue, created through instance A as `user` would from their app. */
async function createTask(task: string, user = 'alice'): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${a.port}/api/hitl/api/v1/task/create`, {
    method: 'POST',
    headers: BLUE(user),
    body: JSON.stringify({ task, agent: 'BROWSER_AGENT', tools: [humanControlTool()] }),
  });
  const { data } = (await response.json()) as { data: { taskId: string } };
  return data.taskId;
}

/** The run's status as the service says it, through instance B. */
async function runStatus(taskId: string): Promise<{ status: string; toolCall: { tool: { name: string } } | null }> {
  const response = await fetch(`http://127.0.0.1:${b.port}/api/hitl/api/v1/task/${encodeURIComponent(taskId)}/run/status`, {
    headers: BLUE('alice'),
  });
  return ((await response.json()) as { data: { status: string; toolCall: { tool: { name: string } } | null } }).data;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WAIT.timeout;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Opens the hand-off of task `task` in the inbox's panel. */
async function openHandOff(page: Page, task: string): Promise<void> {
  const item = page.getByRole('list', { name: /waiting/i }).getByRole('button', { name: task });
  await item.waitFor(WAIT);
  await item.click();
  await page.getByRole('button', { name: 'Take control', exact: true }).waitFor(WAIT);
}

/** The live view's frame once its document is the simulator's live page. */
async function liveFrame(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('iframe[title="Live view of the agent’s browser"]', WAIT);
  const frame = await element.contentFrame();
  if (frame === null) throw new Error('the live view has no frame');
  await frame.waitForLoadState();
  return frame;
}

const interactive = (page: Page) => page.locator('[data-interactive]').getAttribute('data-interactive');

async function auditOf(
  taskId: string,
): Promise<Array<{ action: string; user: string; outcome: string; durationMs?: number; via?: string }>> {
  const response = await fetch(`http://127.0.0.1:${b.port}/api/hitl/audit?taskId=${encodeURIComponent(taskId)}`, {
    headers: BLUE('alice'),
  });
  return ((await response.json()) as { data: Array<{ action: string; user: string; outcome: string; durationMs?: number; via?: string }> })
    .data;
}

/** Presses Tab until `name`d element has focus (a keyboard user's way there); fails past `most` presses. */
async function tabTo(page: Page, test: () => Promise<boolean>, most = 30, key = 'Tab'): Promise<void> {
  for (let pressed = 0; pressed < most; pressed++) {
    if (await test()) return;
    await page.keyboard.press(key);
  }
  throw new Error(`nothing wanted took focus after ${most} presses of ${key}`);
}

describe('take the wheel, in Chromium through two proxy instances on one Redis', () => {
  it('one operator takes control by keyboard, passes the challenge and hands back; the other sees who holds it; the run goes on; the audit says who', async () => {
    const taskId = await createTask('Check out past a CAPTCHA');
    await until(
      () => runStatus(taskId),
      (status) => status.toolCall?.tool.name === 'human_control',
    );
    const alice = await openInbox('a', 'blue', 'alice');
    const bob = await openInbox('b', 'blue', 'bob');
    const carol = await openInbox('a', 'red', 'carol');
    await Promise.all([openHandOff(alice, 'Check out past a CAPTCHA'), openHandOff(bob, 'Check out past a CAPTCHA')]);
    for (const page of [alice, bob]) {
      await page.getByText('Tick the box and type the code shown').waitFor(WAIT);
      expect(await interactive(page)).toBe('false');
      expect(await axeViolations(page)).toEqual([]);
    }

    // Alice, by keyboard alone: to "Take control", then into the frame.
    await tabTo(alice, () =>
      alice.getByRole('button', { name: 'Take control', exact: true }).evaluate((button) => button === document.activeElement),
    );
    await alice.keyboard.press('Enter');
    await alice.getByText('You have control. The agent waits until you hand back.').waitFor(WAIT);
    expect(await interactive(alice)).toBe('true');
    // Bob's view stays read-only, and says who holds it.
    await bob.getByText(/alice has control since \d{1,2}:\d{2}/).waitFor(WAIT);
    expect(await interactive(bob)).toBe('false');
    expect(await bob.getByRole('button', { name: 'Take control', exact: true }).getAttribute('aria-disabled')).toBe('true');
    expect(await axeViolations(alice)).toEqual([]);
    expect(await axeViolations(bob)).toEqual([]);

    // In the frame: the box, the code the page shows, the button; all by keyboard. Taking control
    // put the focus on the frame, made anew with control's sandbox; its page has loaded once it shows the code.
    const frame = await liveFrame(alice);
    const code = ((await frame.locator('#challenge-shown .code').textContent()) ?? '').trim();
    expect(code).toMatch(/^\w{4,}$/);
    expect(await alice.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    expect(await axeViolations(frame)).toEqual([]);
    await tabTo(alice, () => frame.getByRole('checkbox').evaluate((box) => box === document.activeElement));
    await alice.keyboard.press('Space');
    await alice.keyboard.press('Tab');
    await alice.keyboard.type(code);
    await alice.keyboard.press('Enter');
    const passed = await liveFrame(alice);
    await passed.getByText(/Challenge passed/).waitFor(WAIT);

    // Out of the frame backwards, to "Leave the live view", on to the note and "Hand back".
    await tabTo(
      alice,
      () => alice.getByRole('button', { name: 'Leave the live view' }).evaluate((button) => button === document.activeElement),
      30,
      'Shift+Tab',
    );
    await alice.keyboard.press('Enter');
    await alice.keyboard.type('Passed the CAPTCHA');
    await tabTo(alice, () => alice.getByRole('button', { name: 'Hand back' }).evaluate((button) => button === document.activeElement));
    await alice.keyboard.press('Enter');

    // The agent goes on, and finishes the checkout.
    const ended = await until(
      () => runStatus(taskId),
      (status) => status.status !== 'running',
    );
    expect(ended.status).toBe('completed');
    const trail = await auditOf(taskId);
    const byAlice = trail.filter((entry) => entry.user === 'alice').map((entry) => entry.action);
    expect(byAlice).toEqual(expect.arrayContaining(['take_control', 'release_control', 'answer']));
    const release = trail.find((entry) => entry.action === 'release_control');
    expect(release).toMatchObject({ user: 'alice', outcome: 'accepted' });
    expect(release?.durationMs).toBeGreaterThan(0);
    expect(JSON.stringify(trail)).not.toContain(code);
    expect(trail.filter((entry) => entry.action === 'answer')).toHaveLength(1);
    // Team red saw nothing of it.
    expect(await carol.getByText(/CAPTCHA/).count()).toBe(0);
    expect(await axeViolations(alice)).toEqual([]);
  });

  it('a holder whose tab crashed loses control within seconds, the other operator takes it, and a run that ends ends the hand-off', async () => {
    const task = 'Another checkout past a CAPTCHA';
    const taskId = await createTask(task);
    await until(
      () => runStatus(taskId),
      (status) => status.toolCall?.tool.name === 'human_control',
    );
    const alice = await openInbox('a', 'blue', 'alice');
    const bob = await openInbox('b', 'blue', 'bob');
    await Promise.all([openHandOff(alice, task), openHandOff(bob, task)]);
    await alice.getByRole('button', { name: 'Take control', exact: true }).click();
    await bob.getByText(/alice has control since/).waitFor(WAIT);

    // Alice's tab crashes: it says nothing (no \`pagehide\`, no release), its renewals just stop.
    const tab = await alice.context().newCDPSession(alice);
    const crashed = alice.waitForEvent('crash', WAIT);
    // The call itself never returns: the page it would answer from is gone.
    void tab.send('Page.crash').catch(() => undefined);
    await crashed;
    await bob.locator('button[aria-disabled="true"]', { hasText: 'Take control' }).waitFor({ state: 'detached', ...WAIT });
    await bob.getByRole('button', { name: 'Take control', exact: true }).click();
    await bob.getByText('You have control. The agent waits until you hand back.').waitFor(WAIT);
    expect(await interactive(bob)).toBe('true');

    // The run is stopped while Bob holds control: the hand-off ends, and his frame with it.
    const stopped = await fetch(`http://127.0.0.1:${a.port}/api/hitl/api/v1/task/${encodeURIComponent(taskId)}/run/stop`, {
      method: 'PUT',
      headers: BLUE('alice'),
    });
    expect(stopped.status).toBe(200);
    await bob.locator('[data-interactive="true"]').waitFor({ state: 'detached', ...WAIT });
    expect(await axeViolations(bob)).toEqual([]);
    const trail = await until(
      () => auditOf(taskId),
      (entries) => entries.filter((entry) => entry.action === 'release_control').length === 2,
    );
    const releases = trail.filter((entry) => entry.action === 'release_control');
    expect(releases.find((entry) => entry.user === 'alice')).toMatchObject({ outcome: 'lapsed' });
    expect(releases.find((entry) => entry.user === 'bob')).toMatchObject({ outcome: 'ended' });
    expect(trail.filter((entry) => entry.action === 'take_control').map((entry) => entry.user)).toEqual(
      expect.arrayContaining(['alice', 'bob']),
    );
  });

  it('a deadline ends the hand-off, and the agent hears it expired', async () => {
    const taskId = await createTask('A hurried checkout');
    // The proxy answers the call at its deadline itself, once, whichever instance sees it first.
    const ended = await until(
      () => runStatus(taskId),
      (status) => status.status !== 'running',
    );
    expect(ended.status).toBe('failed');
    const result = (await (
      await fetch(`http://127.0.0.1:${a.port}/api/hitl/api/v1/task/${encodeURIComponent(taskId)}/run/result`, { headers: BLUE('bob') })
    ).json()) as { data: { error?: { code?: string } } };
    expect(result.data.error?.code).toBe('HAND_OFF_EXPIRED');
    const trail = await auditOf(taskId);
    expect(trail.filter((entry) => entry.action === 'answer')).toEqual([expect.objectContaining({ user: '', via: 'deadline' })]);
  });
});

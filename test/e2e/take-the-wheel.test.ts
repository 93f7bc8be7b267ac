/**
 * Take the wheel, in Debian's Chromium: the simulator's agent meets a CAPTCHA and calls
 * `human_control`; two operators of one team open it in their inbox, through two proxy instances
 * (processes of their own) on one redis-server. One takes control by keyboard alone, passes the
 * challenge in the live view and hands back, while the other's view stays read-only and says who
 * holds it; the run goes on, and the audit trail says who did what. A holder whose tab crashed
 * (no goodbye at all; a page closed says so at \`pagehide\`) loses control within seconds; a
 * deadline ends a hand-off, and the agent hears it expired.
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

const API_KEY = 'sk_take_the_wheel_R4p8';
/** A wait only a frozen page, proxy or agent would exceed. */
const WAIT = { timeout: 20_000 };
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
  const script = bundleSourcePage(inboxPageSource('Operator'), 'take-the-wheel-page.tsx');
  const hurried = { ...createHumanControlScenario({ timeoutSeconds: HURRIED_SECONDS }), name: 'hurried-hand-off', keywords: ['hurried'] };
  [redis, simulator] = await Promise.all([
    startRedisServer(),
    startSimulatorServer({ apiKey: API_KEY, seed: 'take-the-wheel', timeScale: 0.2, scenarios: [hurried, createHumanControlScenario()] }),
  ]);
  const settings = { upstream: simulator.url, apiKey: API_KEY, redisUrl: `redis://127.0.0.1:${redis.port}`, prefix: 'take-the-wheel:' };
  [a, b] = await Promise.all([startInstance('a', settings), startInstance('b', settings)]);
  pages = await startPageServer(await script, { a, b });
  origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  browser = await chromium.launch(chromiumLaunchOptions);
}, 60_000);

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  for (const instance of [a, b]) instance?.child.kill('SIGKILL');
  await new Promise<void>((resolve) => (pages === undefined ? resolve() : pages.close(() => resolve())));
  pages?.closeAllConnections();
  await simulator?.close();
  await redis?.stop();
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

/** Operator `user` of team blue, their inbox reaching the proxy through instance `via`. */
async function openInbox(via: 'a' | 'b', user: string, team = 'blue'): Promise<Page> {
  // The live page forbids scripts; axe is put into it past its policy, as a browser extension would be.
  const context = await browser.newContext({ bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${origin}/?via=${via}&team=${team}&user=${user}`);
  return page;
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
    const alice = await openInbox('a', 'alice');
    const bob = await openInbox('b', 'bob');
    const carol = await openInbox('a', 'carol', 'red');
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
    const alice = await openInbox('a', 'alice');
    const bob = await openInbox('b', 'bob');
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

/**
 * An answer never waits behind polls, in Debian's Chromium. A page's store watches 40 runs and one
 * that asks, over HTTP/1.1 (six connections to the host), through the proxy in front of the HTTP
 * simulator. The page's server then holds every status request: the six connections are taken and
 * the polls due meanwhile wait in the browser. The answer sent now reaches the server among the first
 * requests once the connections free, ahead of the polls that waited before it: the store sends its
 * polls at low priority and the browser sends what a person does first.
 *
 * What is asserted is an order, never a time: each step waits for its event, with a bound only a
 * hang breaks.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';
import { formInputTool } from '../../src/schema';
import { createTaskProxy, toNodeListener, type TaskProxy } from '../../src/server';
import { startSimulatorServer, type SimulatorServer } from '../../src/testing';
import { askScenario, busyScenario } from './e2e-scenarios';
import { bundleSourcePage } from './source-page';

const API_KEY = 'sk_answer_priority_e2e_R4t8';
const WATCHED = 40;
/** A bound only a hang breaks: every wait below is for an event. */
const HANG = { timeout: 60_000, interval: 50 };

const PAGE_SOURCE = `
import { createTaskClient } from './src';
import { getRunStore, resourceKeys } from './src/store-entry';
const store = getRunStore(createTaskClient({ baseUrl: '/api/hitl' }));
const status = (taskId) => store.getSnapshot(resourceKeys.status(taskId));
window.__watch = (ids) => ids.forEach((taskId) => store.watch(resourceKeys.status(taskId), { pollIntervalMs: 500 }));
window.__loaded = (ids) => ids.every((taskId) => status(taskId).data !== undefined);
window.__fetching = (ids) => ids.filter((taskId) => status(taskId).isFetching).length;
window.__pendingCall = (taskId) => status(taskId).data?.toolCall?.toolCallId;
window.__answer = (taskId, toolCallId) => void store.submitToolInput({ taskId, toolCallId }, JSON.stringify({ Name: 'Ada' }));
window.__answerState = (taskId, toolCallId) => store.getToolInput(taskId, toolCallId).state;
`;

interface PageWindow {
  __watch(ids: string[]): void;
  __loaded(ids: string[]): boolean;
  __fetching(ids: string[]): number;
  __pendingCall(taskId: string): string | undefined;
  __answer(taskId: string, toolCallId: string): void;
  __answerState(taskId: string, toolCallId: string): string;
}

/** The page's origin: the page, and the proxy, whose status requests it can hold. */
class PageServer {
  /** Method and path of every request to the proxy, in the order they reached the server. */
  readonly arrivals: string[] = [];
  private held: Array<() => void> | undefined;
  private constructor(
    private readonly server: Server,
    private readonly proxy: TaskProxy,
  ) {}

  static async start(upstream: string): Promise<PageServer> {
    const script = await bundleSourcePage(PAGE_SOURCE, 'answer-priority-page.tsx');
    const proxy = createTaskProxy({ upstream, apiKey: API_KEY, basePath: '/api/hitl', events: false });
    const listener = toNodeListener(proxy);
    const html =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Priority</title><link rel="icon" href="data:,"></head><body><script type="module" src="/app.js"></script></body></html>';
    const self: { server?: PageServer } = {};
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      if (path === '/' || path === '/app.js') {
        response.writeHead(200, { 'content-type': `text/${path === '/' ? 'html' : 'javascript'}; charset=utf-8` });
        response.end(path === '/' ? html : script);
        return;
      }
      self.server?.arrivals.push(`${request.method ?? ''} ${path}`);
      const held = self.server?.held;
      if (held !== undefined && path.endsWith('/run/status')) held.push(() => listener(request, response));
      else listener(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    self.server = new PageServer(server, proxy);
    return self.server;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get heldCount(): number {
    return this.held?.length ?? 0;
  }

  /** Holds every status request from now on, unanswered, until `release()`. */
  hold(): void {
    this.held = [];
  }

  /** Answers the held status requests and stops holding. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const forward of held) forward();
  }

  async close(): Promise<void> {
    this.release();
    await this.proxy.close();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

let simulator: SimulatorServer;
let server: PageServer;
let browser: Browser;

beforeAll(async () => {
  simulator = await startSimulatorServer({
    apiKey: API_KEY,
    seed: 'answer-priority',
    scenarios: [busyScenario('watch'), askScenario('ask', 'Confirm', [{ type: 'text', label: 'Name', required: true }])],
  });
  server = await PageServer.start(simulator.url);
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await simulator?.close();
});

const createTask = async (task: string) =>
  (await simulator.service.client.createTask({ task, agent: 'BROWSER_AGENT', tools: [formInputTool()] })).taskId;

it('sends an answer ahead of the polls waiting for a connection to the host', async () => {
  const watched: string[] = [];
  for (let index = 0; index < WATCHED; index += 1) watched.push(await createTask(`watch ${index + 1}`));
  const asking = await createTask('ask for a name');
  const all = [...watched, asking];

  const page = await browser.newPage();
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => typeof (window as unknown as Partial<PageWindow>).__watch === 'function', null, HANG);
  await page.evaluate((ids) => (window as unknown as PageWindow).__watch(ids), all);
  await page.waitForFunction((ids) => (window as unknown as PageWindow).__loaded(ids), all, HANG);
  const toolCallId = await page.evaluate((taskId) => (window as unknown as PageWindow).__pendingCall(taskId), asking);
  expect(toolCallId).toEqual(expect.any(String));
  const call = [asking, toolCallId ?? ''] as const;

  server.hold();
  // Every connection to the host carries a held poll, and most runs' polls wait in the browser.
  await expect.poll(() => server.heldCount, HANG).toBeGreaterThanOrEqual(6);
  await page.waitForFunction((ids) => (window as unknown as PageWindow).__fetching(ids) >= ids.length - 5, all, HANG);
  const waitingPolls = await page.evaluate((ids) => (window as unknown as PageWindow).__fetching(ids), all);
  const heldBefore = server.heldCount;

  // Released once the browser's network stack has the answer: released as the page's script calls
  // `fetch`, a loaded machine could free the connections before the request reaches the browser.
  const answerIssued = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/run/tool-input'), HANG);
  await page.evaluate(([taskId, callId]) => (window as unknown as PageWindow).__answer(taskId, callId), call);
  await answerIssued;
  const before = server.arrivals.length;
  server.release();

  await expect
    .poll(() => page.evaluate(([taskId, callId]) => (window as unknown as PageWindow).__answerState(taskId, callId), call), HANG)
    .toBe('submitted');
  const after = server.arrivals.slice(before);
  const answerAt = after.findIndex((arrival) => arrival.startsWith('POST ') && arrival.endsWith('/run/tool-input'));
  console.info(
    `answer-priority: ${heldBefore} polls held, ${waitingPolls} runs polling in the page; the answer was request ${answerAt + 1} after the release`,
  );
  // Over six connections freed at once, what a person does is among the first six sent, however
  // many polls waited before it.
  expect(answerAt).toBeGreaterThanOrEqual(0);
  expect(answerAt).toBeLessThan(6);
  expect(
    simulator.service.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/run/tool-input')),
  ).toHaveLength(1);
  await page.close();
});

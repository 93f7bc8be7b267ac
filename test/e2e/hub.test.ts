/**
 * The proxy as a hub, in Debian's Chromium: 5 pages in 2 browser contexts watch one run, all
 * through the proxy over real HTTP in front of the HTTP simulator; once with one proxy instance
 * (in-memory store), once with two instances on one `redis-server` (each context talks to its own
 * instance). Checks the issue's "done when": the service sees one page's worth of status requests,
 * a change reaches every page, pages keep working by polling when the stream is killed, and two
 * answers to one call from two contexts reach the service once.
 *
 * How fast is printed, not bounded (a busy machine makes every timer late): the goals (one poll per
 * run per interval ±5 %, a change on screen within one interval plus the way to the tab) are
 * measured by `npm run bench -- --only hub` ("upstream status requests per interval", "change to
 * stream"). Here a rate is bounded only to tell one poller from several, a delay only by a hang.
 *
 * Two answers race for real however busy the machine is: the instances hold the answers they get
 * until both have come, then let them through together (`raceAnswers`), rather than trusting two
 * pages' timers to fire within 50 ms of each other.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { formInputTool } from '../../src/schema';
import { createTaskProxy, toNodeListener, type ProxyStore, type TaskProxy } from '../../src/server';
import { createRedisProxyStore, type RedisProxyStore } from '../../src/server/redis';
import { startSimulatorServer, type SimulatorServer } from '../../src/testing';
import { askScenario, busyScenario } from './e2e-scenarios';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';
import { startRedisServer, type RedisServer } from '../../scripts/lib/redis-server';

const API_KEY = 'sk_hub_e2e_V4pL8q';
const INTERVAL_MS = 1000;
const WAIT = { timeout: 30_000 };
/** A change that takes this long to reach a page is stuck, not slow. */
const HANG_MS = 10 * INTERVAL_MS;

const SCENARIOS = [busyScenario('watch'), askScenario('ask', 'Confirm', [{ type: 'text', label: 'Code', required: true }])];

/** The page: a RunViewer over a client of the same-origin proxy; it notes when it first saw each status. */
const PAGE_SOURCE = `
import { createRoot } from 'react-dom/client';
import { createTaskClient, RunViewer, TaskClientProvider } from '../../src';
const params = new URLSearchParams(location.search);
const client = createTaskClient({ baseUrl: '/api/hitl', events: params.get('events') === '1' });
const seen = {};
window.__seen = seen;
createRoot(document.getElementById('root')).render(
  <TaskClientProvider client={client}>
    <RunViewer taskId={params.get('taskId')} pollIntervalMs={${INTERVAL_MS}} liveView={false}
      onStatusChange={(status) => { seen[status.status] ??= Date.now(); }} />
  </TaskClientProvider>,
);
`;

/** The page's script, bundled once for both stores' describe blocks. */
let pageScript: Promise<string> | undefined;

async function bundlePage(): Promise<string> {
  const result = await build({
    stdin: { contents: PAGE_SOURCE, resolveDir: import.meta.dirname, loader: 'tsx', sourcefile: 'hub-page.tsx' },
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** One proxy instance behind its own origin, which also serves the page; its `/events` can be switched off. */
interface Instance {
  url: string;
  proxy: TaskProxy;
  server: Server;
  /** Requests the pages sent to this instance, with when they arrived. */
  log: Array<{ method: string; path: string; at: number }>;
  killStream(): void;
}

async function startInstance(upstream: string, store: ProxyStore | undefined, script: string, race: AnswerRace): Promise<Instance> {
  const proxy = createTaskProxy({
    upstream,
    apiKey: API_KEY,
    basePath: '/api/hitl',
    store,
    events: { pollIntervalMs: { status: INTERVAL_MS } },
  });
  const listener = toNodeListener(proxy);
  const log: Instance['log'] = [];
  const streams = new Set<ServerResponse>();
  let killed = false;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<!doctype html><html lang="en"><head><title>Hub</title></head><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>',
      );
      return;
    }
    if (path === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(script);
      return;
    }
    log.push({ method: req.method ?? 'GET', path, at: Date.now() });
    const gate = race.gate;
    if (gate !== undefined && req.method === 'POST' && path.endsWith('/tool-input')) {
      gate.held.push(() => listener(req, res));
      if (gate.held.length < gate.count) return;
      race.gate = undefined;
      for (const release of gate.held) release();
      return;
    }
    if (path === '/api/hitl/events') {
      if (killed) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"success":false,"error":"Not found"}');
        return;
      }
      streams.add(res);
      res.on('close', () => streams.delete(res));
    }
    listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    proxy,
    server,
    log,
    killStream() {
      killed = true;
      for (const res of streams) res.destroy();
    },
  };
}

/** Status requests per interval the service saw from `since` on, for one task: polls per interval, from the first to the last. */
function statusRate(simulator: SimulatorServer, taskId: string, since: number): number {
  const times = simulator.service.requests
    .filter((request) => request.path.endsWith(`/task/${taskId}/run/status`) && request.startedAt >= since)
    .map((request) => request.startedAt);
  if (times.length < 2) return times.length;
  return ((times.length - 1) / ((times.at(-1) as number) - (times[0] as number))) * INTERVAL_MS;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One hub's: while `gate` is set, answers (`POST …/tool-input`) wait at whichever of its instances they reach until `count` have come. */
interface AnswerRace {
  gate: { count: number; held: Array<() => void> } | undefined;
}
/** Holds the next `count` answers across the hub's instances and lets them into the proxies together. */
function raceAnswers(race: AnswerRace, count: number): void {
  race.gate = { count, held: [] };
}

// The two hubs run at once, each with its own simulator, store, browser and pages (most of their
// time is poll intervals); within a hub the tests run in order, on its pages. Each asserts with
// its own `expect`, as concurrent tests must.
describe.concurrent.each(['memory', 'redis'] as const)('the proxy hub with a %s store, in Chromium', (kind) => {
  const race: AnswerRace = { gate: undefined };
  let simulator: SimulatorServer;
  let redis: RedisServer | undefined;
  const stores: RedisProxyStore[] = [];
  let instances: Instance[];
  let browser: Browser;
  /** The pages' two contexts, then the baseline's own. */
  let contexts: BrowserContext[];
  /** Five pages: three in the first context, two in the second. */
  let pages: Page[];
  /** A page polling a run of its own, beside the five: what one page alone costs the service. */
  let baseline: Page;

  /** The instance a context talks to: the first for context 0; with Redis, the second for context 1. */
  const instanceOf = (page: Page) => instances[contexts.indexOf(page.context()) % instances.length] as Instance;
  const open = async (page: Page, taskId: string, events: boolean) => {
    await page.goto(`${instanceOf(page).url}/?taskId=${taskId}&events=${events ? 1 : 0}`);
    await page.waitForFunction(() => (window as unknown as { __seen: Record<string, number> }).__seen.running !== undefined, null, WAIT);
  };
  const seenAt = (page: Page, status: string) =>
    page.evaluate((name) => (window as unknown as { __seen: Record<string, number> }).__seen[name], status);

  beforeAll(async () => {
    simulator = await startSimulatorServer({ apiKey: API_KEY, seed: `hub-${kind}`, scenarios: SCENARIOS });
    const script = await (pageScript ??= bundlePage());
    if (kind === 'redis') {
      redis = await startRedisServer();
      for (let i = 0; i < 2; i++) stores.push(createRedisProxyStore({ url: redis.url, prefix: 'e2e:' }));
      instances = [
        await startInstance(simulator.url, stores[0], script, race),
        await startInstance(simulator.url, stores[1], script, race),
      ];
    } else {
      instances = [await startInstance(simulator.url, undefined, script, race)];
    }
    browser = await chromium.launch(chromiumLaunchOptions);
    // The baseline in a context of its own: the tabs of one context share their polling.
    contexts = [await browser.newContext(), await browser.newContext(), await browser.newContext()];
    pages = [];
    for (const [context, count] of [
      [contexts[0], 3],
      [contexts[1], 2],
    ] as const)
      for (let i = 0; i < count; i++) pages.push(await (context as BrowserContext).newPage());
    baseline = await (contexts[2] as BrowserContext).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    for (const instance of instances ?? []) {
      await instance.proxy.close();
      await new Promise<void>((resolve) => {
        instance.server.close(() => resolve());
        instance.server.closeAllConnections();
      });
    }
    await Promise.all(stores.splice(0).map((store) => store.close()));
    await simulator?.close();
    await redis?.stop();
  });

  it.sequential(
    'sends the service one page’s worth of status requests for five pages, and shows a change in every page',
    async ({ expect }) => {
      const { taskId } = await simulator.service.client.createTask({ task: 'watch the shop' });
      const { taskId: aloneId } = await simulator.service.client.createTask({ task: 'watch the shop alone' });

      // One page polling a run on its own (the baseline) and, at the same time, five pages in two
      // contexts watching another run through the stream; the rates are counted per run.
      await open(baseline, aloneId, false);
      const alone = Date.now();
      for (const page of pages) await open(page, taskId, true);
      const together = Date.now() + INTERVAL_MS;
      await sleep(7 * INTERVAL_MS);
      const single = statusRate(simulator, aloneId, alone);
      const five = statusRate(simulator, taskId, together);
      await baseline.goto('about:blank');
      console.log(`status requests per interval: ${single} for one page alone, ${five} for five pages through the hub`);
      // One poller polls about once an interval (a busy machine only makes it late); two pollers would
      // be 2, five pages on their own 5.
      expect(single).toBeGreaterThan(0.5);
      expect(five).toBeGreaterThan(0.5);
      expect(five).toBeLessThanOrEqual(1.5);
      // The pages themselves asked for no status: only the hub did.
      expect(
        instances
          .flatMap((instance) => instance.log)
          .filter((entry) => entry.path.endsWith(`/task/${taskId}/run/status`) && entry.at >= together),
      ).toEqual([]);

      const changedAt = Date.now();
      await simulator.service.client.stopRun(taskId);
      for (const page of pages)
        await page.waitForFunction(
          () => (window as unknown as { __seen: Record<string, number> }).__seen.stopped !== undefined,
          null,
          WAIT,
        );
      const delays = await Promise.all(pages.map(async (page) => ((await seenAt(page, 'stopped')) as number) - changedAt));
      console.log(`the change reached the five pages after ${delays.join(', ')} ms`);
      expect(Math.max(...delays)).toBeLessThanOrEqual(HANG_MS);
    },
  );

  it.sequential('keeps the pages working by polling when the proxy answers 404 for /events', async ({ expect }) => {
    const { taskId } = await simulator.service.client.createTask({ task: 'watch the shop again' });
    for (const page of pages) await open(page, taskId, true);
    for (const instance of instances) instance.killStream();
    const killedAt = Date.now();

    // The pages poll the proxy themselves now (each at least once; when depends on the machine's
    // load, so it is waited for), and still see the run change.
    const polls = () =>
      instances.flatMap((instance) => instance.log).filter((entry) => entry.path.endsWith('/run/status') && entry.at >= killedAt);
    await expect.poll(() => polls().length, WAIT).toBeGreaterThanOrEqual(pages.length);
    await simulator.service.client.stopRun(taskId);
    for (const page of pages)
      await page.waitForFunction(() => (window as unknown as { __seen: Record<string, number> }).__seen.stopped !== undefined, null, WAIT);
  });

  it.sequential(
    'forwards one of two answers sent from two contexts at once; the other page says it was answered elsewhere',
    async ({ expect }) => {
      const { taskId } = await simulator.service.client.createTask({ task: 'ask for a code', tools: [formInputTool()] });
      const pair = [pages[0], pages[3]] as [Page, Page];
      for (const page of pair) {
        await open(page, taskId, true);
        await page.getByRole('textbox', { name: /Code/ }).fill(page === pair[0] ? 'first' : 'second');
      }
      const posted = instances.map((instance) => instance.log.length);
      raceAnswers(race, 2);
      // Both press "Submit" at the same moment of the one clock they share (this machine's); the two
      // answers then enter the proxies together, whenever each arrives.
      const at = Date.now() + 500;
      await Promise.all(
        pair.map((page) =>
          page.evaluate((when) => {
            const submit = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Submit');
            setTimeout(() => submit?.click(), when - Date.now());
          }, at),
        ),
      );
      await expect
        .poll(
          () => instances.flatMap((instance, i) => instance.log.slice(posted[i])).filter((entry) => entry.method === 'POST').length,
          WAIT,
        )
        .toBe(2);
      // Both came: neither page held its answer back, and the gate let them into the proxies together.
      expect(race.gate).toBeUndefined();

      const posts = instances.flatMap((instance, i) => instance.log.slice(posted[i]).filter((entry) => entry.method === 'POST'));
      expect(posts).toHaveLength(2);
      console.log(
        `the two answers arrived ${Math.abs((posts[0]?.at ?? 0) - (posts[1]?.at ?? 0))} ms apart and entered the proxies together`,
      );
      await expect
        .poll(async () => (await Promise.all(pair.map((page) => page.getByText(/answered elsewhere/).count()))).sort(), WAIT)
        .toEqual([0, 1]);
      expect(
        simulator.service.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/tool-input')),
      ).toHaveLength(1);
      const loser = (await pair[0].getByText(/answered elsewhere/).count()) === 1 ? pair[0] : pair[1];
      await expect.poll(() => loser.getByRole('textbox', { name: /Code/ }).count(), WAIT).toBe(0);
    },
  );
});

/**
 * `npm run soak`: a fault soak of the whole answer path in Debian's Chromium. Not part of `npm test`:
 * it takes minutes, and its point is the rare interleaving that a unit test does not think of.
 *
 * The simulated service runs over HTTP with random faults (500/503, 429 with `Retry-After`, dropped
 * connections, latency); some runs' first answer is applied and then loses its reply (the connection
 * resets, or a gateway answers 502). `createTaskProxy` stands before it, so the page holds no key,
 * and the hop between the browser and the proxy drops and resets connections too. For each run a
 * tab shows `<RunViewer>`; Playwright answers the login form and, as a person would, presses
 * "Try again" or "Retry" a moment after an error shows. At the end the service's own state says
 * whether each answer was applied once, twice, or lost, and which runs got stuck.
 *
 *   --runs N         runs to drive (default 100)
 *   --concurrency N  runs under way at once, one tab each (default 10)
 *   --seed S         seed of the fault dice, for a rerun under the same faults (default: random, printed)
 *   --deadline S     seconds a run may take before it counts as stuck (default 120)
 *   --events         the page follows runs through the proxy's event stream instead of polling
 *   --one-browser    every tab in one browser profile, as one person with many tabs (default: a
 *                    profile per run, as many people). Chromium opens at most six HTTP/1.1
 *                    connections per origin and profile, so with --events a sixth tab starves them all
 *   --verbose        prints what each tab showed, change by change (always done for a run that failed)
 *   --instances N    proxy instances, each a process of its own on one Redis (a redis-server the
 *                    soak starts), behind a round-robin balancer on the page's origin (default 1:
 *                    one proxy in the soak's process, in memory)
 *   --kill-every S   with --instances: every S seconds one instance is killed (SIGKILL), mid-answer
 *                    or not, and a new one started (default 0: never)
 *   --redis-every S  with --instances: every S seconds Redis is killed and started again, empty
 *                    (default 0: never)
 *
 * Exits 1 when any answer was lost or reached the service twice, or any run got stuck.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Locator } from 'playwright-core';
import { createTaskClient } from '../src/client';
import { formInputTool } from '../src/schema';
import { createTaskProxy, toNodeListener, type TaskProxy } from '../src/server';
import { loginScenario, startSimulatorServer, type RandomFaults, type SimulatorServer } from '../src/testing';
import { fillFormInput } from '../src/testing/playwright';
import { createRandom, hashSeed, type Random } from '../src/testing/seeded-random';
import { chromiumLaunchOptions } from './lib/chromium';
import { startRedisServer, type RedisServer } from './lib/redis-server';

const repoRoot = resolve(import.meta.dirname, '..');
/** Where the page's server mounts the proxy; the page's client uses it as its `baseUrl`. */
const BASE_PATH = '/api/hitl';

/**
 * The service's random faults, one roll per API request: about a fifth fail with 500/503, a few
 * lose their connection before being handled, and a tight rate limit answers 429 with
 * `Retry-After` whenever ten tabs poll in step. Latency keeps requests overlapping, as on a network.
 */
const SERVICE_FAULTS: RandomFaults = {
  errorRate: 0.2,
  networkErrorRate: 0.03,
  rateLimit: { requests: 10, windowMs: 1000 },
  latencyMs: { min: 5, max: 150 },
};

/**
 * Shares of runs whose first answer to reach the service is applied and then loses its reply: the
 * connection resets, or a gateway answers 502. These are the faults that test exactly-once: the
 * page cannot tell them from an answer that never arrived.
 */
const AFTER_APPLY = { reset: 0.05, badGateway: 0.05 };

/** Between the browser and the proxy: requests dropped before they are forwarded, and connections reset after. */
const EDGE = { drop: 0.02, reset: 0.02 };

/** How long a person takes to read an error before pressing its button, and to type the form, in ms. */
const REACTION_MS = { min: 800, max: 4000 };
const TYPING_MS = { min: 300, max: 1500 };

/** Pause between two looks at a tab. */
const LOOK_EVERY_MS = 200;

/** The page: one `<RunViewer>` for the task named in its address, through the proxy, with no key. */
const PAGE_ENTRY = `
import { createRoot } from 'react-dom/client';
import { createTaskClient, RunViewer, TaskClientProvider } from './src';
import './src/styles.css';

const params = new URLSearchParams(location.search);
const client = createTaskClient({ baseUrl: ${JSON.stringify(BASE_PATH)}, events: params.get('events') === '1' });
createRoot(document.getElementById('root')).render(
  <TaskClientProvider client={client}>
    <main>
      <h1>Soak</h1>
      {/* No live view: ten tabs each reloading an iframe would only slow the machine down. */}
      <RunViewer taskId={params.get('task') ?? ''} liveView={false} />
    </main>
  </TaskClientProvider>,
);
`;

const PAGE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Soak</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/app.css"></head><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>`;

interface Settings {
  runs: number;
  concurrency: number;
  seed: string;
  deadlineMs: number;
  events: boolean;
  oneBrowser: boolean;
  verbose: boolean;
  instances: number;
  killEveryMs: number;
  redisEveryMs: number;
}

function readSettings(): Settings {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '100' },
      concurrency: { type: 'string', default: '10' },
      seed: { type: 'string' },
      deadline: { type: 'string', default: '120' },
      events: { type: 'boolean', default: false },
      'one-browser': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      instances: { type: 'string', default: '1' },
      'kill-every': { type: 'string', default: '0' },
      'redis-every': { type: 'string', default: '0' },
    },
  });
  const seconds = (name: string, text: string) => {
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`--${name} must be a number of seconds, got "${text}"`);
    return value * 1000;
  };
  const positive = (name: string, text: string) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`--${name} must be a whole number of 1 or more, got "${text}"`);
    return value;
  };
  return {
    runs: positive('runs', values.runs),
    concurrency: positive('concurrency', values.concurrency),
    seed: values.seed ?? String(Math.floor(Math.random() * 2 ** 32)),
    deadlineMs: positive('deadline', values.deadline) * 1000,
    events: values.events,
    oneBrowser: values['one-browser'],
    verbose: values.verbose,
    instances: positive('instances', values.instances),
    killEveryMs: seconds('kill-every', values['kill-every']),
    redisEveryMs: seconds('redis-every', values['redis-every']),
  };
}

/** Counts of what the soak's own fault layers did (the service's are read from its request log). */
interface InjectedCounts {
  edgeDropped: number;
  edgeReset: number;
  /** Edge resets of a `tool-input` request: the proxy had forwarded the answer. */
  edgeResetAnswers: number;
  /** Errors `toNodeListener` reported from the proxy: a 500 the proxy made itself. */
  proxyErrors: string[];
  /** Proxy instances killed (SIGKILL) and Redis restarts, with --instances. */
  kills: number;
  redisRestarts: number;
  /**
   * Every answer (`tool-input` POST) that reached the proxy, by task: the proxy's status, and what
   * the edge did to it. More than the person sent means the browser sent one again by itself.
   */
  answerPosts: Map<string, string[]>;
}

/** What a person sees in one tab, read in the page. */
interface Reading {
  /** The viewer's `data-state`. */
  state: string | null;
  /** The form's wrapper's `data-state` (`idle`, `submitting`, `error`), or null when no form shows. */
  form: string | null;
  /** The text of a failed send, when "Try again" is offered. */
  submitError: string | null;
  /** "Sent. Waiting for the agent…" shows. */
  sent: boolean;
  /** The note of a call that is no longer pending. */
  stale: string | null;
  /** The texts of alerts offering "Retry" (status, result, recording). */
  retryAlerts: string[];
  /** The result's summary, once shown. */
  result: string | null;
  /** The recording's `data-state`. */
  gif: string | null;
  /** "Loading…" texts showing. */
  loading: string[];
}

/** Reads a tab; runs in the page. */
function readTab(): Reading {
  const viewer = document.querySelector('.hitl-run-viewer');
  const trim = (element: Element | null | undefined): string => (element?.textContent ?? '').trim();
  const submitError = viewer?.querySelector('.hitl-run-viewer-submit-error[data-state="error"]');
  const stale = viewer?.querySelector('.hitl-run-viewer-stale');
  const summary = viewer?.querySelector('.hitl-run-result-summary, .hitl-run-result-error');
  return {
    state: viewer?.getAttribute('data-state') ?? null,
    form: viewer?.querySelector('.hitl-run-viewer-tool-call')?.getAttribute('data-state') ?? null,
    submitError: submitError ? trim(submitError.querySelector('[role="alert"]') ?? submitError) : null,
    sent: viewer?.querySelector('.hitl-run-viewer-sent') != null,
    stale: stale ? trim(stale.querySelector('p')) : null,
    retryAlerts: [...(viewer?.querySelectorAll('.hitl-run-viewer-error') ?? [])].map((alert) => trim(alert.querySelector('p'))),
    result: summary ? trim(summary) : null,
    gif: viewer?.querySelector('.hitl-run-gif')?.getAttribute('data-state') ?? null,
    loading: [...(viewer?.querySelectorAll('.hitl-run-viewer-loading, .hitl-run-gif[data-state="loading"]') ?? [])].map((element) =>
      trim(element),
    ),
  };
}

function describe(reading: Reading | undefined): string {
  if (reading === undefined) return 'the page never showed the viewer';
  const parts = [`viewer ${reading.state ?? 'missing'}`];
  if (reading.form !== null) parts.push(`form ${reading.form}`);
  if (reading.submitError !== null) parts.push(`"${reading.submitError}"`);
  if (reading.stale !== null) parts.push(`"${reading.stale}"`);
  for (const alert of reading.retryAlerts) parts.push(`"${alert}"`);
  for (const text of reading.loading) parts.push(`"${text}"`);
  if (reading.gif !== null) parts.push(`recording ${reading.gif}`);
  return parts.join(', ');
}

/** What the soak did in one run's tab. */
interface Drive {
  index: number;
  taskId: string;
  /** The fault queued for this run's first answer at the service, if any. */
  afterApply: 'reset' | 'bad-gateway' | null;
  username: string;
  password: string;
  submits: number;
  tryAgains: number;
  retries: number;
  /** Why the run counts as stuck, if it does. */
  stuck: string | null;
  /** What the tab said about the answer, each change in order: "Sent…", a failed send, a stale note. */
  notes: string[];
  /** The note still showing when the driver stopped looking, if any. */
  finalNote: string | null;
  /** That note is a failed send offering "Try again". */
  finalIsError: boolean;
  /** What the tab showed, each change with the seconds since the run started. */
  timeline: string[];
  pageErrors: string[];
  keySeen: boolean;
  elapsedMs: number;
}

/** What the service holds of one run, and what that makes of it. */
interface Verdict {
  drive: Drive;
  runStatus: string;
  /** Answers the service recorded (applied). */
  applied: number;
  /** `tool-input` requests that reached the service's handler (applied, refused, or applied and then faulted). */
  reached: number;
  /** The answers that reached the proxy, as `InjectedCounts.answerPosts` has them. */
  posts: string[];
  /** More answers reached the proxy than the person sent: the browser resent one by itself. */
  resentByBrowser: boolean;
  /** The recorded answer is not what was typed. */
  wrong: boolean;
  lost: boolean;
  /** A second answer reached the service for a call it had applied. */
  twice: boolean;
  stuck: boolean;
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const between = (random: Random, range: { min: number; max: number }) => range.min + random() * (range.max - range.min);

/** Bundles the page from source, as the e2e tests do: the library exactly as it stands in `src/`. */
async function bundlePage(): Promise<{ js: string; css: string }> {
  const result = await build({
    stdin: { contents: PAGE_ENTRY, loader: 'tsx', resolveDir: repoRoot, sourcefile: 'soak-page.tsx' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    // Nothing is written; an outdir is what makes esbuild put the imported CSS in a file of its own.
    outdir: resolve(repoRoot, 'soak-out'),
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const text = (extension: string) => result.outputFiles.find((file) => file.path.endsWith(extension))?.text ?? '';
  return { js: text('.js'), css: text('.css') };
}

/**
 * The proxy, with the faults of a flaky network between it and the browser: some API requests are
 * dropped before they are forwarded, and some connections reset after the proxy has carried them
 * out, so the page cannot know whether its answer arrived. The event stream is left alone: it is
 * one long request, whose loss the client already survives by reconnecting.
 */
function withEdgeFaults(
  proxy: (request: Request) => Promise<Response>,
  random: Random,
  counts: InjectedCounts,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const path = new URL(request.url).pathname;
    if (!path.startsWith(`${BASE_PATH}/api/v1/`)) return proxy(request);
    const answerOf = request.method === 'POST' ? /\/task\/([^/]+)\/run\/tool-input$/.exec(path)?.[1] : undefined;
    const posts = answerOf === undefined ? [] : (counts.answerPosts.get(answerOf) ?? []);
    if (answerOf !== undefined) counts.answerPosts.set(answerOf, posts);
    const roll = random();
    if (roll < EDGE.drop) {
      counts.edgeDropped += 1;
      posts.push('dropped');
      return Response.error();
    }
    const response = await proxy(request);
    if (roll < EDGE.drop + EDGE.reset) {
      counts.edgeReset += 1;
      if (answerOf !== undefined) counts.edgeResetAnswers += 1;
      posts.push(`${response.status} reset`);
      await response.body?.cancel().catch(() => undefined);
      return Response.error();
    }
    posts.push(String(response.status));
    return response;
  };
}

/** Serves the page and, under `BASE_PATH`, the proxy, on one origin, as an app would. */
async function startAppServer(page: { js: string; css: string }, api: (request: Request) => Promise<Response>, counts: InjectedCounts) {
  const apiListener = toNodeListener(api, {
    onError: (error) => counts.proxyErrors.push(error instanceof Error ? error.message : String(error)),
  });
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path.startsWith(`${BASE_PATH}/`)) {
      apiListener(request, response);
      return;
    }
    const files: Record<string, [string, string]> = {
      '/': ['text/html; charset=utf-8', PAGE_HTML],
      '/app.js': ['text/javascript; charset=utf-8', page.js],
      '/app.css': ['text/css; charset=utf-8', page.css],
    };
    const file = files[path];
    response.writeHead(file === undefined ? 404 : 200, { 'content-type': file?.[0] ?? 'text/plain', 'cache-control': 'no-store' });
    response.end(file?.[1] ?? 'Not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

/** Everything a run's driver needs. */
interface Soak {
  settings: Settings;
  simulator: SimulatorServer;
  apiKey: string;
  browser: Browser;
  /** The profile every tab shares with --one-browser. */
  shared: BrowserContext | undefined;
  appUrl: string;
  random: Random;
  stopping: { now: boolean };
}

/**
 * Creates the run's task as the app's backend would: straight at the service with the key, trying
 * again after a fault. Safe to repeat: every random fault hits before the service handles a request.
 */
async function createTask(soak: Soak, index: number, deadline: number): Promise<string> {
  const client = createTaskClient({ baseUrl: soak.simulator.url, apiKey: soak.apiKey, timeoutMs: 10_000 });
  for (let attempt = 0; ; attempt++) {
    try {
      const { taskId } = await client.createTask({ task: `Log in to Acme Shop (soak run ${index + 1})`, tools: [formInputTool()] });
      return taskId;
    } catch (error) {
      if (Date.now() > deadline || soak.stopping.now) throw error;
      await wait(Math.min(2000, 200 * 2 ** attempt));
    }
  }
}

function emptyDrive(index: number, taskId: string, afterApply: Drive['afterApply'], random: Random): Drive {
  return {
    index,
    taskId,
    afterApply,
    username: `soak-user-${index + 1}`,
    password: `soak-pw-${Math.floor(random() * 1e9).toString(36)}`,
    submits: 0,
    tryAgains: 0,
    retries: 0,
    stuck: null,
    notes: [],
    finalNote: null,
    finalIsError: false,
    timeline: [],
    pageErrors: [],
    keySeen: false,
    elapsedMs: 0,
  };
}

/** Drives one run in its own tab until its result and recording show, or the deadline passes. */
async function driveRun(soak: Soak, index: number): Promise<Drive> {
  const started = Date.now();
  const deadline = started + soak.settings.deadlineMs;
  const { random } = soak;
  let taskId: string;
  try {
    taskId = await createTask(soak, index, deadline);
  } catch (error) {
    return {
      ...emptyDrive(index, '(none)', null, random),
      elapsedMs: Date.now() - started,
      stuck: `the task could not be created: ${String(error)}`,
    };
  }
  const roll = random();
  const afterApply = roll < AFTER_APPLY.reset ? 'reset' : roll < AFTER_APPLY.reset + AFTER_APPLY.badGateway ? 'bad-gateway' : null;
  if (afterApply !== null) {
    soak.simulator.service.faults.inject({
      type: afterApply === 'reset' ? 'network' : 'http-502',
      afterHandling: true,
      match: { method: 'POST', path: `/api/v1/task/${taskId}/run/tool-input` },
    });
  }

  const drive = emptyDrive(index, taskId, afterApply, random);
  const context = soak.shared ?? (await newProfile(soak.browser));
  const page = await context.newPage();
  page.on('pageerror', (error) => drive.pageErrors.push(error.message));
  page.on('request', (request) => {
    if (request.url().includes(soak.apiKey)) drive.keySeen = true;
  });
  try {
    const query = new URLSearchParams({ task: taskId, ...(soak.settings.events ? { events: '1' } : {}) });
    await page.goto(`${soak.appUrl}/?${query}`, { timeout: 30_000 });
    const viewer = page.locator('.hitl-run-viewer');
    let reading: Reading | undefined;
    let lastSubmitAt = Number.NEGATIVE_INFINITY;
    let tryAgainAt: number | undefined;
    let retryAt: number | undefined;
    let lastShown = '';

    for (;;) {
      if (soak.stopping.now) {
        drive.stuck = 'the soak was interrupted';
        break;
      }
      const now = Date.now();
      reading = await page.evaluate(readTab);
      const note = reading.submitError ?? reading.stale ?? (reading.sent ? 'Sent' : null);
      if (note !== null && note !== drive.notes.at(-1)) drive.notes.push(note);
      drive.finalNote = note;
      drive.finalIsError = reading.submitError !== null;
      const shown = describe(reading);
      if (shown !== lastShown) drive.timeline.push(`${((now - started) / 1000).toFixed(1)} s ${(lastShown = shown)}`);
      const terminal = reading.state === 'completed' || reading.state === 'failed' || reading.state === 'stopped';
      const gifSettled = reading.gif !== null && reading.gif !== 'loading' && reading.gif !== 'pending';
      if (terminal && reading.result !== null && gifSettled && reading.retryAlerts.length === 0) break;
      if (now > deadline) {
        drive.stuck = `not done after ${Math.round(soak.settings.deadlineMs / 1000)} s: ${describe(reading)}`;
        break;
      }

      // The form, ready for an answer: typed once; again only if it comes back long after a send.
      if (reading.form === 'idle' && now - lastSubmitAt > 3000) {
        await wait(between(random, TYPING_MS));
        let failure = '';
        try {
          await fillFormInput(viewer, { Username: drive.username, Password: drive.password }, { submit: true, timeout: 10_000 });
        } catch (error) {
          failure = ` (the helper said: ${(error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''})`;
        }
        // Judged by the page, not by the helper: a click can land even when the helper then times
        // out, and a send that left the form idle did not happen.
        await wait(300);
        const sent = (await page.evaluate(readTab)).form !== 'idle';
        if (sent) {
          drive.submits += 1;
          lastSubmitAt = Date.now();
        }
        drive.timeline.push(
          `${((Date.now() - started) / 1000).toFixed(1)} s ${sent ? 'submitted' : 'could not submit'} the form${failure}`,
        );
        continue;
      }

      // A failed send: read it, then press "Try again", as a person would.
      if (reading.submitError === null) tryAgainAt = undefined;
      else if (tryAgainAt === undefined) tryAgainAt = now + between(random, REACTION_MS);
      else if (now >= tryAgainAt) {
        tryAgainAt = undefined;
        const button = viewer.locator('.hitl-run-viewer-submit-error').getByRole('button', { name: 'Try again' });
        const outcome = await press(button);
        if (outcome === true) drive.tryAgains += 1;
        drive.timeline.push(
          `${((Date.now() - started) / 1000).toFixed(1)} s ${outcome === true ? 'pressed' : `could not press (${outcome})`} "Try again"`,
        );
      }

      // A status, result or recording that could not be loaded: "Retry" after a moment.
      if (reading.retryAlerts.length === 0) retryAt = undefined;
      else if (retryAt === undefined) retryAt = now + between(random, REACTION_MS);
      else if (now >= retryAt) {
        retryAt = undefined;
        const buttons = viewer.locator('.hitl-run-viewer-error').getByRole('button', { name: 'Retry' });
        for (const button of await buttons.all()) {
          const outcome = await press(button);
          if (outcome === true) drive.retries += 1;
          drive.timeline.push(
            `${((Date.now() - started) / 1000).toFixed(1)} s ${outcome === true ? 'pressed' : `could not press (${outcome})`} "Retry"`,
          );
        }
      }
      await wait(LOOK_EVERY_MS);
    }

    drive.keySeen ||= (await page.content()).includes(soak.apiKey);
  } catch (error) {
    drive.stuck ??= `the driver failed: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    drive.elapsedMs = Date.now() - started;
    await (soak.shared === undefined ? context.close() : page.close()).catch(() => undefined);
  }
  return drive;
}

/** A browser profile of its own: its own cookies, cache and connections. */
async function newProfile(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  // tsx compiles this script, and the Playwright helpers it imports from source, with esbuild's
  // keepNames: a function handed to the page calls `__name` for its inner functions, which only
  // Node has. Vitest and the built package do not do that; here the page gets a stand-in.
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  return context;
}

/**
 * Clicks a button that may have gone in the meantime: true, or why it could not. The wait is long
 * because Playwright's check that the button is still (two animation frames alike) took over a
 * second in a busy tab on this two-core machine, while the button stood there ready.
 */
async function press(button: Locator): Promise<true | string> {
  try {
    await button.click({ timeout: 10_000 });
    return true;
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  }
}

/** Judges a run by what the service holds: its answers, and the `tool-input` requests its log shows. */
function judge(soak: Soak, drive: Drive, counts: InjectedCounts): Verdict {
  const { service } = soak.simulator;
  const run = service.getTask(drive.taskId)?.runs[0];
  const answers = run?.answers ?? [];
  const answerPath = `/api/v1/task/${drive.taskId}/run/tool-input`;
  const attempts = service.requests.filter((entry) => entry.method === 'POST' && entry.path === answerPath);
  // The login asks once, so every answer to the task is for the same call. Random faults hit before
  // the handler; the one queued for this run hits its first attempt after handling it.
  const reached = attempts.filter((entry, position) => entry.fault === null || (position === 0 && drive.afterApply !== null)).length;
  const perCall = new Map<string, number>();
  for (const answer of answers) perCall.set(answer.toolCallId, (perCall.get(answer.toolCallId) ?? 0) + 1);
  const wrong = answers.some((answer) => {
    const expected = JSON.stringify([
      { label: 'Username', value: drive.username },
      { label: 'Password', value: drive.password },
    ]);
    return answer.input !== expected;
  });
  const posts = counts.answerPosts.get(drive.taskId) ?? [];
  return {
    drive,
    runStatus: run?.status ?? 'missing',
    applied: answers.length,
    reached,
    posts,
    resentByBrowser: posts.length > drive.submits + drive.tryAgains,
    wrong,
    lost: drive.submits > 0 && answers.length === 0,
    twice: [...perCall.values()].some((count) => count > 1) || (answers.length > 0 && reached > answers.length),
    stuck: drive.stuck !== null || run?.status !== 'completed',
  };
}

/** The service's faults, by kind, over the API requests of its log. */
function serviceFaults(soak: Soak): { requests: number; byKind: Map<string, number> } {
  const byKind = new Map<string, number>();
  let requests = 0;
  for (const entry of soak.simulator.service.requests) {
    if (!entry.path.startsWith('/api/v1/')) continue;
    requests += 1;
    if (entry.fault !== null) byKind.set(entry.fault, (byKind.get(entry.fault) ?? 0) + 1);
  }
  return { requests, byKind };
}

/**
 * The answer was applied, yet the page ends saying it could not be sent (the person would send it
 * again) or that someone else answered (each run has one person; matched on the English default).
 */
const misleads = (verdict: Verdict) =>
  verdict.applied > 0 && (verdict.drive.finalIsError || /answered elsewhere/.test(verdict.drive.finalNote ?? ''));

function report(soak: Soak, verdicts: Verdict[], counts: InjectedCounts, wallMs: number): boolean {
  const pad = (value: string | number, width: number) => String(value).padStart(width);
  console.log('\nPer run:');
  for (const verdict of verdicts) {
    const { drive } = verdict;
    const answer = verdict.lost
      ? 'LOST'
      : verdict.twice
        ? 'TWICE'
        : verdict.applied === 1
          ? 'applied once'
          : verdict.applied === 0
            ? 'not answered'
            : `applied ${verdict.applied}`;
    const flags = [
      drive.afterApply === null ? '' : `after-apply ${drive.afterApply}`,
      verdict.resentByBrowser ? 'the browser resent the answer itself' : '',
      verdict.wrong ? 'WRONG ANSWER' : '',
      verdict.stuck ? `STUCK (${drive.stuck ?? `the service says ${verdict.runStatus}`})` : '',
      drive.pageErrors.length > 0 ? `page errors: ${drive.pageErrors.join(' | ')}` : '',
      drive.keySeen ? 'KEY SEEN BY THE PAGE' : '',
    ].filter(Boolean);
    console.log(
      `  ${pad(drive.index + 1, 3)} ${drive.taskId} ${verdict.runStatus.padEnd(9)} ${answer.padEnd(12)} reached ${verdict.reached}` +
        ` (proxy: ${verdict.posts.join(', ') || 'none'})` +
        `  submit ${drive.submits} try-again ${drive.tryAgains} retry ${drive.retries}  ${(drive.elapsedMs / 1000).toFixed(1)} s` +
        `${drive.notes.length === 0 ? '' : `  ${drive.notes.map((note) => `"${note}"`).join(' → ')}`}${flags.length === 0 ? '' : `  ${flags.join('; ')}`}`,
    );
    const failed = verdict.lost || verdict.twice || verdict.stuck || verdict.wrong || drive.pageErrors.length > 0;
    if (soak.settings.verbose || failed || misleads(verdict)) for (const line of drive.timeline) console.log(`        ${line}`);
  }

  const count = (test: (verdict: Verdict) => boolean) => verdicts.filter(test).length;
  const appliedOnce = count((verdict) => verdict.applied === 1 && !verdict.twice && !verdict.wrong);
  const twice = count((verdict) => verdict.twice);
  const lost = count((verdict) => verdict.lost);
  const stuck = count((verdict) => verdict.stuck);
  const wrong = count((verdict) => verdict.wrong);
  const pageErrors = count((verdict) => verdict.drive.pageErrors.length > 0);
  const keySeen = count((verdict) => verdict.drive.keySeen);
  const misleading = count(misleads);
  const resent = count((verdict) => verdict.resentByBrowser);
  const { requests, byKind } = serviceFaults(soak);
  const kind = (name: string) => byKind.get(name) ?? 0;
  const queued = verdicts.filter((verdict) => verdict.drive.afterApply !== null);
  const notes = new Map<string, number>();
  for (const verdict of verdicts) {
    const last = verdict.drive.finalNote ?? '(nothing)';
    notes.set(last, (notes.get(last) ?? 0) + 1);
  }
  const sum = (pick: (drive: Drive) => number) => verdicts.reduce((total, verdict) => total + pick(verdict.drive), 0);

  const { settings } = soak;
  console.log(
    `\nSoak: ${verdicts.length} runs, ${settings.concurrency} at a time, ${settings.events ? 'event stream' : 'polling'}, ${settings.oneBrowser ? 'one browser profile' : 'a browser profile per run'}, seed ${settings.seed}, ` +
      `wall time ${(wallMs / 1000).toFixed(1)} s`,
  );
  console.log(`  applied once  ${pad(appliedOnce, 4)}`);
  console.log(`  applied twice ${pad(twice, 4)}   (a second answer for one toolCallId reached the service)`);
  console.log(`  lost          ${pad(lost, 4)}   (submitted, never reached the service)`);
  console.log(
    `  stuck         ${pad(stuck, 4)}   (not terminal, or the page not showing result and recording, after ${settings.deadlineMs / 1000} s)`,
  );
  if (wrong > 0) console.log(`  wrong answer  ${pad(wrong, 4)}`);
  if (pageErrors > 0) console.log(`  page errors   ${pad(pageErrors, 4)} runs`);
  if (keySeen > 0) console.log(`  key seen      ${pad(keySeen, 4)} runs`);
  console.log(`  misleading    ${pad(misleading, 4)}   (applied, yet the page ended offering "Try again" or saying someone else answered)`);
  console.log(
    `Faults: service, ${requests} API requests: ${kind('http-500')} × 500, ${kind('http-503')} × 503, ${kind('rate-limit')} × 429 ` +
      `(Retry-After), ${kind('network') - queued.filter((verdict) => verdict.drive.afterApply === 'reset').length} dropped; ` +
      `answer applied, then its reply lost: ${queued.filter((verdict) => verdict.drive.afterApply === 'reset').length} reset, ` +
      `${queued.filter((verdict) => verdict.drive.afterApply === 'bad-gateway').length} × 502 (queued for ${queued.length} runs, ` +
      `${soak.simulator.service.faults.pending} never hit).`,
  );
  console.log(
    `        browser ↔ proxy: ${counts.edgeDropped} dropped before forwarding, ${counts.edgeReset} reset after ` +
      `(${counts.edgeResetAnswers} of them answers). Proxy errors (500): ${counts.proxyErrors.length}` +
      `${counts.proxyErrors.length === 0 ? '' : ` — ${[...new Set(counts.proxyErrors)].slice(0, 3).join(' | ')}`}.`,
  );
  if (soak.settings.instances > 1)
    console.log(
      `        proxy: ${soak.settings.instances} instances on Redis; ${counts.kills} killed (SIGKILL) and replaced, ` +
        `Redis restarted empty ${counts.redisRestarts} times.`,
    );
  console.log(`Browser: resent an answer by itself (a connection closed under a request) in ${resent} runs.`);
  console.log(
    `Person: ${sum((drive) => drive.submits)} submits, ${sum((drive) => drive.tryAgains)} × "Try again", ${sum((drive) => drive.retries)} × "Retry".`,
  );
  console.log(
    `Said about the answer at the end: ${[...notes]
      .sort((a, b) => b[1] - a[1])
      .map(([note, times]) => `${times} × "${note}"`)
      .join(', ')}`,
  );
  return twice === 0 && lost === 0 && stuck === 0 && wrong === 0 && keySeen === 0;
}

async function main(): Promise<number> {
  const settings = readSettings();
  const seed = hashSeed(settings.seed);
  const started = Date.now();
  const counts: InjectedCounts = {
    edgeDropped: 0,
    edgeReset: 0,
    edgeResetAnswers: 0,
    proxyErrors: [],
    kills: 0,
    redisRestarts: 0,
    answerPosts: new Map(),
  };
  const stopping = { now: false };
  const onSignal = () => {
    stopping.now = true;
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // A fresh key per soak, never printed: only the proxy and the task creator hold it.
  const apiKey = `soak_${createRandom(seed)().toString(36).slice(2)}_${Date.now().toString(36)}`;

  let simulator: SimulatorServer | undefined;
  let proxy: TaskProxy | undefined;
  let cluster: ProxyCluster | undefined;
  let appServer: Server | undefined;
  let browser: Browser | undefined;
  try {
    const page = await bundlePage();
    simulator = await startSimulatorServer({
      apiKey,
      seed: settings.seed,
      scenarios: [loginScenario],
      faults: SERVICE_FAULTS,
      cors: false,
      // The judgement reads every tool-input request of the soak from the log.
      requestLogLimit: 10_000_000,
    });
    let api: (request: Request) => Promise<Response>;
    if (settings.instances > 1) {
      cluster = await startProxyCluster(settings, simulator.url, apiKey, createRandom(hashSeed(`${seed}:chaos`)), counts);
      api = cluster.forward;
    } else {
      proxy = createTaskProxy({ upstream: simulator.url, apiKey, basePath: BASE_PATH, timeoutMs: 15_000 });
      api = proxy;
    }
    appServer = await startAppServer(page, withEdgeFaults(api, createRandom(hashSeed(`${seed}:edge`)), counts), counts);
    browser = await chromium.launch(chromiumLaunchOptions);
    const soak: Soak = {
      settings,
      simulator,
      apiKey,
      browser,
      shared: settings.oneBrowser ? await newProfile(browser) : undefined,
      appUrl: `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`,
      random: createRandom(hashSeed(`${seed}:person`)),
      stopping,
    };
    console.log(
      `Soak: ${settings.runs} runs, ${settings.concurrency} at a time, seed ${settings.seed}; ` +
        `service ${simulator.url}, page and proxy ${soak.appUrl}`,
    );

    const drives: Drive[] = [];
    let next = 0;
    const worker = async () => {
      while (next < settings.runs && !stopping.now) {
        const index = next++;
        const drive = await driveRun(soak, index);
        drives.push(drive);
        const mark = drive.stuck === null ? 'done' : `STUCK: ${drive.stuck}`;
        console.log(
          `  [${pad2(drives.length, settings.runs)}/${settings.runs}] run ${index + 1} ${mark} in ${(drive.elapsedMs / 1000).toFixed(1)} s`,
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, settings.runs) }, worker));
    drives.sort((a, b) => a.index - b.index);
    const verdicts = drives.map((drive) => judge(soak, drive, counts));
    const clean = report(soak, verdicts, counts, Date.now() - started) && drives.length === settings.runs;
    return clean ? 0 : 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await browser?.close().catch(() => undefined);
    if (appServer !== undefined) {
      const server = appServer;
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    }
    await proxy?.close();
    await cluster?.stop();
    await simulator?.close();
  }
}

/** Proxy instances in processes of their own on one Redis, behind a round-robin balancer, and the faults that strike them. */
interface ProxyCluster {
  /** The balancer: a request goes to the next instance; one that cannot be reached is a 502, as from a load balancer. */
  forward: (request: Request) => Promise<Response>;
  stop(): Promise<void>;
}

async function startProxyCluster(
  settings: Settings,
  upstream: string,
  apiKey: string,
  random: Random,
  counts: InjectedCounts,
): Promise<ProxyCluster> {
  let redis: RedisServer = await startRedisServer();
  /** Every instance ever started, so that stopping also ends one still starting. */
  const children = new Set<ChildProcess>();
  let stopped = false;
  const spawnInstance = async (): Promise<{ child: ChildProcess; base: string }> => {
    const child = fork(new URL('./soak-proxy.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, UPSTREAM: upstream, API_KEY: apiKey, REDIS_URL: redis.url, BASE_PATH },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    if (stopped) child.kill('SIGKILL');
    const { port } = await new Promise<{ port: number }>((done, fail) => {
      child.once('message', (message) => done(message as { port: number }));
      child.once('exit', (code) => fail(new Error(`a proxy instance exited with ${String(code)}`)));
    });
    return { child, base: `http://127.0.0.1:${port}` };
  };
  const instances = await Promise.all(Array.from({ length: settings.instances }, spawnInstance));
  let next = 0;
  const timers: Array<ReturnType<typeof setInterval>> = [];
  if (settings.killEveryMs > 0)
    timers.push(
      setInterval(() => {
        const index = Math.floor(random() * instances.length);
        instances[index]?.child.kill('SIGKILL');
        counts.kills += 1;
        void spawnInstance().then((instance) => {
          instances[index] = instance;
        });
      }, settings.killEveryMs),
    );
  if (settings.redisEveryMs > 0)
    timers.push(
      setInterval(() => {
        const port = redis.port;
        void redis
          .kill()
          .then(() => (stopped ? undefined : startRedisServer(port)))
          .then((started) => {
            if (started === undefined) return;
            redis = started;
            counts.redisRestarts += 1;
          });
      }, settings.redisEveryMs),
    );
  return {
    async forward(request) {
      const instance = instances[next++ % instances.length];
      const url = new URL(request.url);
      try {
        const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
        return await fetch(`${instance?.base ?? ''}${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body,
          signal: request.signal,
        });
      } catch {
        return Response.json({ success: false, error: 'The proxy instance could not be reached' }, { status: 502 });
      }
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      for (const child of children) child.kill('SIGKILL');
      await redis.stop();
    },
  };
}

function pad2(value: number, of: number): string {
  return String(value).padStart(String(of).length);
}

process.exitCode = await main().catch((error: unknown) => {
  console.error('soak: failed to run:', error);
  return 2;
});
// Everything it started is closed by now; a child process still being started must not hold the soak open.
process.exit();

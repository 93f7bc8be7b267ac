/**
 * `npm run test:examples`: the examples that are apps of their own (examples/vite-react18,
 * examples/next-app) as users run them. The package is packed once (scripts/lib/packed-package.ts);
 * each example is copied to a temporary folder, gets the tarball in place of `hitl-react` in its
 * own package.json, is installed with npm and built with its own build script, then served on
 * 127.0.0.1 (port 0) with its proxy in front of the simulated service (`startSimulatorServer` of
 * the installed package, port 0). Debian's Chromium (playwright-core) plays the round trip: start a
 * task whose run asks with `form_input`, fill the form by its labels, send it, see the run complete,
 * with no console error or warning and no page error (React's warnings are console errors).
 *
 * The Vite app is built with React's development build (NODE_ENV=development), the one that warns;
 * Next builds for production (`next build`, telemetry off) and is served with `next start`. The
 * Next.js app is built and played twice: with `cacheComponents` (create-next-app 16's default, as
 * its next.config.ts has it) and without. Its proxy route keeps its state on Redis when `REDIS_URL`
 * is set: the build gets the address of a server that only counts connections, and fails on any
 * connection or `ECONNREFUSED` line (a store that connects when `next build` loads the route);
 * `next start` gets a redis-server of its own (scripts/lib/redis-server.ts), which the journeys'
 * answers must reach. `next build`'s table must list the proxy's route as rendered at each request
 * (never prerendered or cached) and the `<Inbox>` page as prerendered.
 *
 * Not part of `npm test` (it installs from the registry and builds two apps); `.ci/run` runs it
 * after `npm test`. Options: `--only vite-react18|next-app`, `--keep` (leave the temporary folders).
 * Exits 1 on any failure; every server and browser it started is stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { packedTarball, REPO_ROOT, run } from './lib/packed-package';
import { chromiumLaunchOptions } from './lib/chromium';
import { startRedisServer, type RedisServer } from './lib/redis-server';

const API_KEY = 'sim_examples_key_5b1e';
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const keep = args.includes('--keep');
const log = (line: string) => console.log(line);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** What one example needs to be built, served and driven. */
interface Example {
  name: string;
  /** Environment of the build (besides the process's own). */
  buildEnv: Record<string, string>;
  /** The command that serves the built app on 127.0.0.1, port 0, and prints its address. */
  serve: string[];
  /** Checks run with Node in the installed app before it is built (scripts/react18-refs-check.js). */
  nodeChecks?: { name: string; script: string }[];
  /** The app's builds, each played in turn; `configure` changes the copy before its build. Default: one, as the example is. */
  builds?: { name: string; configure?: (dir: string) => Promise<void> }[];
  /**
   * Gives the app `REDIS_URL`: at build time a server that counts connections (there must be none),
   * at `next start` a redis-server that the journeys must reach. Default: false.
   */
  redis?: boolean;
  /** The mark `next build` must print beside each of these routes in its table (`ƒ` at each request, `○` prerendered). Default: none. */
  routes?: Record<string, string>;
  /** The round trips to play, each on a fresh page. */
  journeys: { name: string; play: (page: Page, url: string) => Promise<void> }[];
}

const EXAMPLES: Example[] = [
  {
    name: 'vite-react18',
    // React's development build: the one that prints "Function components cannot be given refs".
    buildEnv: { NODE_ENV: 'development' },
    serve: ['npx', 'vite', 'preview', '--host', '127.0.0.1', '--port', '0', '--strictPort'],
    nodeChecks: [{ name: 'refs and inert on React 18 (jsdom)', script: 'scripts/react18-refs-check.js' }],
    journeys: [{ name: 'live run (React 18)', play: (page, url) => liveRun(page, url, { expectInertFrame: true }) }],
  },
  {
    name: 'next-app',
    buildEnv: { NEXT_TELEMETRY_DISABLED: '1' },
    serve: ['npx', 'next', 'start', '--hostname', '127.0.0.1', '--port', '0'],
    builds: [
      { name: "cacheComponents on (create-next-app 16's default)" },
      { name: 'cacheComponents off', configure: withoutCacheComponents },
    ],
    redis: true,
    // The proxy is never prerendered or cached; the inbox's page is prerendered.
    routes: { '/api/hitl/[...path]': 'ƒ', '/inbox': '○' },
    journeys: [
      { name: 'live run (client page)', play: (page, url) => liveRun(page, `${url}/live`, { expectInertFrame: true }) },
      { name: 'Server Component form', play: (page, url) => serverComponentForm(page, `${url}/server-form`) },
      { name: 'inbox (prerendered page)', play: (page, url) => inbox(page, url) },
    ],
  },
];

/** next.config.ts without `cacheComponents` and `partialPrefetching` (which needs it): Next.js 16 as before create-next-app turned them on. */
async function withoutCacheComponents(dir: string): Promise<void> {
  const path = join(dir, 'next.config.ts');
  const config = await readFile(path, 'utf8');
  const kept = config.split('\n').filter((line) => !/^\s*(cacheComponents|partialPrefetching):/.test(line));
  if (kept.length !== config.split('\n').length - 2)
    throw new Error(`next.config.ts does not set cacheComponents and partialPrefetching:\n${config}`);
  await writeFile(path, kept.join('\n'));
}

/** Starts a task, answers the login form by its labels, and follows the run to its end, checking where focus goes. */
async function liveRun(page: Page, url: string, options: { expectInertFrame: boolean }): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Start task' }).click();
  await page.getByLabel('Username').fill('ada.lovelace', { timeout: 30_000 });
  await page.getByLabel('Password').fill('correct horse battery staple');
  if (options.expectInertFrame) {
    const inert = await page
      .locator('iframe')
      .first()
      .evaluate((frame) => frame.hasAttribute('inert'));
    if (!inert) throw new Error('the view-only live view frame is not inert');
  }
  // Where focus goes, recorded as it moves: the "Sent" note may show for a frame only, until the
  // status without the answered call arrives.
  await page.evaluate(() => {
    const moves: string[] = [];
    Object.assign(window, { focusMoves: moves });
    document.addEventListener('focusin', (event) => {
      const target = event.target as HTMLElement;
      moves.push(`${target.className}|${target.textContent ?? ''}`);
    });
  });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Signed in as ada.lovelace.').waitFor({ timeout: 30_000 });
  // As on React 19: focus goes to the "Sent" note, then to the run's heading, where it stays at the end.
  const moves = await page.evaluate(() => (window as unknown as { focusMoves: string[] }).focusMoves);
  const sentAt = moves.findIndex((move) => move.startsWith('hitl-run-viewer-answer|') && /sent/i.test(move));
  const headingAt = moves.findIndex((move, index) => index > sentAt && move.startsWith('hitl-run-viewer-heading|'));
  if (sentAt < 0 || headingAt < 0) throw new Error(`focus did not move to "Sent", then to the run heading: ${JSON.stringify(moves)}`);
  const active = await page.evaluate(() => document.activeElement?.className ?? '');
  if (!active.includes('hitl-run-viewer-heading')) throw new Error(`at completion focus is on "${active}", not the run heading`);
}

/** The same round trip through Server Actions, with `<ToolCallForm>` rendered by a Server Component. */
async function serverComponentForm(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Start task' }).click();
  await page.getByLabel('Username').fill('ada.lovelace', { timeout: 30_000 });
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Signed in as ada.lovelace.').waitFor({ timeout: 30_000 });
}

/**
 * A call waiting in the prerendered inbox page: started on the live page, it is listed with how long
 * it has waited (a time read after hydration), opened in place, answered, and leaves.
 */
async function inbox(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/live`);
  await page.getByRole('button', { name: 'Start task' }).click();
  await page.getByLabel('Username').waitFor({ timeout: 30_000 });
  await page.goto(`${url}/inbox`);
  const item = page.getByRole('button', { name: /Log in to Acme Shop.*waiting for \d+ (sec|min)/ });
  await item.waitFor({ timeout: 30_000 });
  await item.click();
  await page.getByLabel('Username').fill('ada.lovelace', { timeout: 30_000 });
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Nothing is waiting for you.').waitFor({ timeout: 30_000 });
}

/** A TCP server that counts the connections made to it, each passed on to `target` (a port), or closed at once without one. */
async function countingServer(target?: number): Promise<{ url: string; connections(): number; close(): Promise<void> }> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    connections += 1;
    const ends = target === undefined ? [socket] : [socket, connect(target, '127.0.0.1')];
    for (const end of ends) {
      sockets.add(end);
      end.on('error', () => undefined);
      end.on('close', () => {
        sockets.delete(end);
        for (const other of ends) other.destroy();
      });
    }
    if (ends[1] === undefined) socket.destroy();
    else socket.pipe(ends[1]).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A child process in its own group, so stopping it stops what it started (npx → node). */
function start(command: string[], cwd: string, env: Record<string, string>): ChildProcess {
  const [file = '', ...rest] = command;
  return spawn(file, rest, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((done) => child.once('exit', done));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}

/** Waits for the server's address in its output: `http://127.0.0.1:<port>` with a port other than 0. */
function addressOf(child: ChildProcess, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no address after ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      // Colours and bold in Vite's banner are escape codes around the port.
      const plain = output.replaceAll(String.fromCharCode(27), '').replace(/\[[0-9;]*m/g, '');
      const match = /http:\/\/127\.0\.0\.1:([1-9][0-9]*)/.exec(plain);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${String(code)}) before it listened:\n${output}`));
    });
  });
}

/** Holds /tmp/chromium.lock (shared with the other browser tests on this machine) until `release`. */
async function chromiumLock(): Promise<() => Promise<void>> {
  const holder = spawn('flock', ['/tmp/chromium.lock', 'sh', '-c', 'echo locked; exec cat'], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    holder.stdout.on('data', () => resolve());
    holder.once('error', reject);
    holder.once('exit', (code) => reject(new Error(`flock exited with ${String(code)}`)));
  });
  return async () => {
    const exited = new Promise((done) => holder.once('exit', done));
    holder.stdin.end();
    await exited;
  };
}

/** Plays one journey on a fresh page; returns the problems found (console errors and warnings, page errors, the failure). */
async function playJourney(browser: Browser, url: string, journey: Example['journeys'][number]): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console ${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  try {
    await journey.play(page, url);
    // Late warnings (an effect after the last step) still count.
    await page.waitForTimeout(500);
  } catch (error) {
    problems.push(`failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await context.close();
  }
  return problems;
}

async function testExample(example: Example, tarball: string, release: { current?: () => Promise<void> }): Promise<string[]> {
  const source = join(REPO_ROOT, 'examples', example.name);
  const dir = await mkdtemp(join(tmpdir(), `hitl-example-${example.name}-`));
  try {
    const since = performance.now();
    await cp(source, dir, {
      recursive: true,
      filter: (path) => !/(^|\/)(node_modules|\.next|dist)(\/|$)/.test(relative(source, path)),
    });
    const manifestPath = join(dir, 'package.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { dependencies: Record<string, string> };
    manifest.dependencies['hitl-react'] = `file:${tarball}`;
    await writeFile(manifestPath, JSON.stringify(manifest, null, 2));
    const install = () => run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
    // Once more after a failure: a registry hiccup, or another npm on this machine in the shared cache.
    await install().catch(async (error: unknown) => {
      log(`  npm install failed, trying once more: ${(error instanceof Error ? error.message : String(error)).slice(0, 500)}`);
      await install();
    });
    log(`  installed in ${seconds(since)} (${dir})`);

    const checked: string[] = [];
    for (const check of example.nodeChecks ?? []) {
      // Copied into the app, so `react` and `hitl-react` are the app's own.
      const copy = join(dir, `.${check.script.split('/').pop() ?? 'check.js'}`);
      await cp(join(REPO_ROOT, check.script), copy);
      const jsdom = join(REPO_ROOT, 'node_modules/jsdom/lib/api.js');
      const { stdout } = await run('node', [copy, jsdom], dir);
      const report = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
        version: string;
        results: { name: string; element: string | null; problems: string[] }[];
      };
      const found = report.results.flatMap((result) => result.problems.map((problem) => `${result.name}: ${problem}`));
      log(
        `  ${found.length === 0 ? 'ok' : 'FAILED'}  ${check.name}: React ${report.version}, ${report.results.map((result) => `${result.name}→${result.element ?? 'null'}`).join(' ')}`,
      );
      checked.push(...found.map((problem) => `${check.name}: ${problem}`));
    }

    // The simulator of the installed package, as a user's test would start it.
    const testing = (await import(pathToFileURL(join(dir, 'node_modules/hitl-react/dist/testing.js')).href)) as Testing;
    const problems = [...checked];
    const builds = example.builds ?? [{ name: 'as it is' }];
    for (const build of builds) {
      const named = (problem: string) => (builds.length > 1 ? `${build.name}: ${problem}` : problem);
      if (builds.length > 1) log(`  ${build.name}`);
      try {
        problems.push(...(await buildAndPlay(example, dir, build, testing, release)).map(named));
      } catch (error) {
        problems.push(named(error instanceof Error ? error.message : String(error)));
      }
    }
    return problems;
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  } finally {
    if (!keep) await rm(dir, { recursive: true, force: true });
  }
}

/** What the scripts use of the installed package's `hitl-react/testing`. */
interface Testing {
  startSimulatorServer(options: { apiKey: string }): Promise<{ url: string; close(): Promise<void> }>;
}

/** Runs the app's build script; resolves with its output. */
function runBuild(dir: string, buildEnv: Record<string, string>): Promise<string> {
  const { NODE_ENV: _ignored, ...env } = process.env;
  return new Promise<string>((resolve, reject) => {
    const build = spawn('npm', ['run', 'build'], { cwd: dir, env: { ...env, ...buildEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    build.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    build.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    build.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`npm run build exited with ${String(code)}:\n${output}`)),
    );
  });
}

/** Builds the installed app (changed by `build.configure`), serves it and plays the journeys; returns the problems found. */
async function buildAndPlay(
  example: Example,
  dir: string,
  build: NonNullable<Example['builds']>[number],
  testing: Testing,
  release: { current?: () => Promise<void> },
): Promise<string[]> {
  await build.configure?.(dir);
  const problems: string[] = [];
  const counter = example.redis === true ? await countingServer() : undefined;
  let redis: RedisServer | undefined;
  let relay: Awaited<ReturnType<typeof countingServer>> | undefined;
  let server: ChildProcess | undefined;
  let simulator: Awaited<ReturnType<Testing['startSimulatorServer']>> | undefined;
  try {
    let since = performance.now();
    const output = await runBuild(dir, { ...example.buildEnv, ...(counter === undefined ? {} : { REDIS_URL: counter.url }) });
    log(`  built in ${seconds(since)}`);
    for (const [route, mark] of Object.entries(example.routes ?? {})) {
      const listed = output.split('\n').find((line) => line.trimEnd().endsWith(` ${route}`) && /^[┌├└]/.test(line));
      const ok = listed !== undefined && listed.includes(` ${mark} ${route}`);
      log(`  ${ok ? 'ok' : 'FAILED'}  ${route} built as ${mark}`);
      if (!ok) problems.push(`next build lists ${route} as "${listed?.trim() ?? '(not listed)'}", not ${mark}`);
    }
    if (counter !== undefined) {
      const refused = output.split('\n').filter((line) => /ECONNREFUSED|Redis proxy store/.test(line));
      const connected = counter.connections() > 0 || refused.length > 0;
      if (connected)
        problems.push(
          `next build connected to Redis ${counter.connections()} time(s), and printed ${refused.length} line(s) of it:\n${refused.join('\n')}`,
        );
      log(`  ${connected ? 'FAILED' : 'ok'}  no connection to Redis during the build`);
      redis = await startRedisServer();
      relay = await countingServer(redis.port);
    }

    // A service of its own: what another build's journeys left waiting would not show in this one's inbox.
    simulator = await testing.startSimulatorServer({ apiKey: API_KEY });
    server = start(example.serve, dir, {
      HITL_UPSTREAM: simulator.url,
      HITL_API_KEY: API_KEY,
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: example.buildEnv.NODE_ENV ?? 'production',
      ...(relay === undefined ? {} : { REDIS_URL: relay.url }),
    });
    const url = await addressOf(server);
    log(`  serving at ${url}, the simulator at ${simulator.url}${redis === undefined ? '' : `, Redis at ${redis.url}`}`);

    since = performance.now();
    release.current = await chromiumLock();
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      for (const journey of example.journeys) {
        const started = performance.now();
        const found = await playJourney(browser, url, journey);
        log(`  ${found.length === 0 ? 'ok' : 'FAILED'}  ${journey.name} (${seconds(started)})`);
        problems.push(...found.map((problem) => `${journey.name}: ${problem}`));
      }
    } finally {
      await browser.close();
      await release.current();
      release.current = undefined;
    }
    if (relay !== undefined) {
      // The answers went through the proxy's store: it connected at its first use, at request time.
      if (relay.connections() === 0) problems.push('the journeys never reached Redis: the proxy route does not use its store');
      log(
        `  ${relay.connections() === 0 ? 'FAILED' : 'ok'}  the proxy's store reached Redis at request time (${relay.connections()} connections)`,
      );
    }
    return problems;
  } finally {
    if (server !== undefined) await stop(server);
    await simulator?.close();
    await counter?.close();
    await relay?.close();
    await redis?.stop();
  }
}

async function main(): Promise<number> {
  const examples = EXAMPLES.filter((example) => only === undefined || example.name === only);
  if (examples.length === 0) throw new Error(`no example named ${String(only)}`);
  const started = performance.now();
  log('packing hitl-react…');
  const packed = await packedTarball({ log });
  log(`  ${packed.tarball}${packed.buildSeconds > 0 ? ` (${packed.buildSeconds.toFixed(1)} s)` : ' (cached)'}`);
  const release: { current?: () => Promise<void> } = {};
  const failures: string[] = [];
  for (const example of examples) {
    const since = performance.now();
    log(`examples/${example.name}`);
    const problems = await testExample(example, packed.tarball, release);
    for (const problem of problems) console.error(`  ${problem}`);
    log(`  ${problems.length === 0 ? 'passed' : 'FAILED'} in ${seconds(since)}`);
    failures.push(...problems.map((problem) => `${example.name}: ${problem}`));
  }
  log(`${failures.length === 0 ? 'all examples passed' : `${failures.length} problem(s)`} in ${seconds(started)}`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

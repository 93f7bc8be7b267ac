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
 * Next builds for production (`next build`, telemetry off) and is served with `next start`.
 *
 * Not part of `npm test` (it installs from the registry and builds two apps); `.ci/run` runs it
 * after `npm test`. Options: `--only vite-react18|next-app`, `--keep` (leave the temporary folders).
 * Exits 1 on any failure; every server and browser it started is stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { packedTarball, REPO_ROOT, run } from './lib/packed-package';
import { chromiumLaunchOptions } from './lib/chromium';

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
    journeys: [
      { name: 'live run (client page)', play: (page, url) => liveRun(page, `${url}/live`, { expectInertFrame: true }) },
      { name: 'Server Component form', play: (page, url) => serverComponentForm(page, `${url}/server-form`) },
    ],
  },
];

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
  const children: ChildProcess[] = [];
  let simulator: { url: string; close(): Promise<void> } | undefined;
  try {
    let since = performance.now();
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

    since = performance.now();
    const { NODE_ENV: _ignored, ...env } = process.env;
    await new Promise<void>((resolve, reject) => {
      const build = spawn('npm', ['run', 'build'], { cwd: dir, env: { ...env, ...example.buildEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      build.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      build.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited with ${String(code)}:\n${output}`))));
    });
    log(`  built in ${seconds(since)}`);

    // The simulator of the installed package, as a user's test would start it.
    const testing = (await import(pathToFileURL(join(dir, 'node_modules/hitl-react/dist/testing.js')).href)) as {
      startSimulatorServer(options: { apiKey: string }): Promise<{ url: string; close(): Promise<void> }>;
    };
    simulator = await testing.startSimulatorServer({ apiKey: API_KEY });
    const server = start(example.serve, dir, {
      HITL_UPSTREAM: simulator.url,
      HITL_API_KEY: API_KEY,
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: example.buildEnv.NODE_ENV ?? 'production',
    });
    children.push(server);
    const url = await addressOf(server);
    log(`  serving at ${url}, the simulator at ${simulator.url}`);

    since = performance.now();
    release.current = await chromiumLock();
    const browser = await chromium.launch(chromiumLaunchOptions);
    const problems: string[] = [];
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
    return [...checked, ...problems];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  } finally {
    for (const child of children) await stop(child);
    await simulator?.close();
    if (!keep) await rm(dir, { recursive: true, force: true });
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

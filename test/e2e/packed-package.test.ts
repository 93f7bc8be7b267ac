/**
 * The package as users get it: built, packed, installed into an empty app with npm, then
 * type-checked with the consumer's own settings, run in Node (its server entries also on the
 * oldest Node that `engines` claims), and bundled into a React page that a real Chromium drives
 * against the simulated service.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { lockedVersion, packedTarball, run, type Finished } from '../../scripts/lib/packed-package';
import { createTaskClient, formInputTool } from '../../src';
import { startSimulatorServer, type SimulatorServer } from '../../src/testing';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';
import { startRedisServer, type RedisServer } from '../../scripts/lib/redis-server';

const repoRoot = resolve(import.meta.dirname, '../..');
const API_KEY = 'sk_packed_package_test_3e7d';

/**
 * The oldest Node that package.json's `engines` claims (`>=20.19` is 20.19.0), read from it so
 * the claim and the Node tested never drift apart. A range with no single oldest release fails
 * here rather than testing some other version.
 */
function oldestNode(): string {
  const { engines } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } };
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines.node.trim());
  if (match === null) throw new Error(`engines.node is "${engines.node}": only ">=x.y.z" names one oldest Node to test on`);
  return `${match[1]}.${match[2] ?? 0}.${match[3] ?? 0}`;
}
const OLDEST_NODE = oldestNode();

const CONSUMER_CHECK = `
import { createTaskClient, formInputTool, type TaskClient, type ToolDefinition } from 'hitl-react';
import { startSimulatorServer, type SimulatorServer } from 'hitl-react/testing';
import { createTaskProxy } from 'hitl-react/server';

export async function check(): Promise<boolean> {
  const server: SimulatorServer = await startSimulatorServer({ apiKey: 'key' });
  const client: TaskClient = createTaskClient({ baseUrl: server.url, apiKey: 'key' });
  const tools: ToolDefinition[] = [formInputTool()];
  const { taskId } = await client.createTask({ task: 'Log in', agent: 'BROWSER_AGENT', tools });
  const proxy: (request: Request) => Promise<Response> = createTaskProxy({ upstream: server.url, apiKey: 'key' });
  void proxy;
  await server.close();
  return taskId.length > 0 && (await client.checkApiKey());
}
`;

const CONSUMER_NODE = `
import { createTaskClient, formInputTool } from 'hitl-react';
import { startSimulatorServer } from 'hitl-react/testing';

const server = await startSimulatorServer({ apiKey: 'node-key' });
try {
  const client = createTaskClient({ baseUrl: server.url, apiKey: 'node-key' });
  const keyAccepted = await client.checkApiKey();
  const { taskId } = await client.createTask({ task: 'Log in to Acme Shop', agent: 'BROWSER_AGENT', tools: [formInputTool()] });
  const status = await client.getRunStatus(taskId);
  console.log(JSON.stringify({ keyAccepted, taskId, status: status.status, tools: server.service.getTask(taskId)?.tools }));
} finally {
  await server.close();
}
`;

/**
 * A server of the inbox without a task service, on Redis, as a user on the oldest Node would run
 * it: the agent opens a request, the person lists and answers it over HTTP (twice: the second is
 * refused), and the agent gets the answer. Prints what each side saw. The Redis address is argv[2].
 */
const CONSUMER_SERVER = `
import { createServer } from 'node:http';
import { createTaskProxy, toNodeListener } from 'hitl-react/server';
import { createRedisProxyStore } from 'hitl-react/server/redis';

const store = createRedisProxyStore({ url: process.argv[2] });
const proxy = createTaskProxy({
  secret: 'oldest-node-secret-4c1e9a7f2b6d8e0a3f5c',
  basePath: '/api/hitl',
  store,
  identify: (request) => {
    const user = request.headers.get('x-user');
    return user === null ? null : { user, team: 'ops' };
  },
});
const listener = toNodeListener(proxy);
const server = createServer(listener);
listener.attach(server);
await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
const base = 'http://127.0.0.1:' + server.address().port + '/api/hitl';
const headers = { 'x-user': 'ann', 'content-type': 'application/json' };
try {
  const opened = proxy.requests.open(
    { id: 'room-1', source: 'mcp', kind: 'form', title: 'Which room for the review?', allows: { decline: true, cancel: true },
      schema: { type: 'object', properties: { room: { type: 'string' } }, required: ['room'] } },
    { team: 'ops' },
  );
  // The page polls the list until the request is in the store: the store's write is asynchronous.
  let listed = [];
  for (let polls = 0; polls < 400 && listed.length === 0; polls++) {
    if (polls > 0) await new Promise((later) => setTimeout(later, 25));
    listed = (await (await fetch(base + '/requests', { headers })).json()).data;
  }
  const answer = () =>
    fetch(base + '/requests/' + encodeURIComponent(opened.id) + '/answer', {
      method: 'POST',
      headers,
      body: JSON.stringify({ requestId: opened.id, action: 'accept', content: { room: '4417' } }),
    });
  // Said here rather than waited on: the agent would wait for its answer forever.
  if (listed.length === 0) throw new Error('the request was never listed');
  const first = await answer();
  if (first.status !== 200) throw new Error('the answer was refused: ' + first.status + ' ' + (await first.text()));
  const got = await opened;
  const second = await answer();
  console.log(JSON.stringify({ node: process.version, listed: listed.map((item) => item.request.title), statuses: [first.status, second.status], got }));
} finally {
  await proxy.close();
  server.closeAllConnections();
  await new Promise((closed) => server.close(closed));
  await store.close();
}
`;

/** The app a user writes: the provider and the viewer, nothing else. Its settings come from the page. */
const CONSUMER_APP = `
import { createRoot } from 'react-dom/client';
import { createTaskClient, RunViewer, TaskClientProvider } from 'hitl-react';
import 'hitl-react/styles.css';

declare global {
  interface Window {
    appConfig: { baseUrl: string; apiKey: string; taskId: string };
  }
}

const { baseUrl, apiKey, taskId } = window.appConfig;
const root = document.getElementById('root');
if (root === null) throw new Error('no #root');
createRoot(root).render(
  <TaskClientProvider client={createTaskClient({ baseUrl, apiKey })}>
    <main>
      <h1>Consumer app</h1>
      <RunViewer taskId={taskId} />
    </main>
  </TaskClientProvider>,
);
`;

function tsconfig(moduleResolution: 'bundler' | 'node16'): string {
  return JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      module: moduleResolution === 'bundler' ? 'ESNext' : 'Node16',
      moduleResolution,
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      // TypeScript's own lib.*.d.ts hold no declaration of ours: checking them is half the check's time.
      skipDefaultLibCheck: true,
      // TypeScript 6's default: a side-effect import such as the stylesheet's must resolve to types.
      noUncheckedSideEffectImports: true,
      types: [],
    },
    files: ['check.ts', 'app.tsx', 'typed-tools.tsx'],
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Serves the built app from `dir`, with its settings written into the page. */
async function serveApp(dir: string, config: { baseUrl: string; apiKey: string; taskId: string }): Promise<Server> {
  // `<` escaped so no value can close the script element.
  const settings = JSON.stringify(config).replace(/</g, '\\u003c');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Consumer app</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/app.css"></head>
<body><div id="root"></div><script>window.appConfig = ${settings};</script><script type="module" src="/app.js"></script></body></html>`;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (path === '/') return send(200, CONTENT_TYPES['.html'] ?? '', html);
    if (path !== '/app.js' && path !== '/app.css') return send(404, 'text/plain', 'Not found');
    readFile(join(dir, path.slice(1))).then(
      (body) => send(200, CONTENT_TYPES[extname(path)] ?? 'application/octet-stream', body),
      () => send(404, 'text/plain', 'Not found'),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

type Settled = { ok: true; value: Finished } | { ok: false; error: unknown };
/** A started command, held without an unhandled rejection until a test reads it. */
const settle = (promise: Promise<Finished>): Promise<Settled> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
async function finished(check: Promise<Settled> | undefined): Promise<Finished> {
  if (check === undefined) throw new Error('not started');
  const outcome = await check;
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

describe('the packed package in an empty app', () => {
  let checks: Record<'publint' | 'attw' | 'bundler' | 'node16', Promise<Settled>> | undefined;
  let oldestNodeBin: Promise<Settled> | undefined;
  let redis: RedisServer | undefined;
  let workDir: string | undefined;
  let appDir = '';
  let sourceDir = '';
  let tarball = '';
  let simulator: SimulatorServer | undefined;
  let staticServer: Server | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    // The oldest Node from the registry (scripts/registry-node.sh; cached after the first run),
    // fetched while the package is packed and installed.
    oldestNodeBin = settle(run('sh', [join(repoRoot, 'scripts/registry-node.sh'), OLDEST_NODE], repoRoot));
    workDir = await mkdtemp(join(tmpdir(), 'hitl-react-packed-'));
    // Built and packed from a copy of the working tree once per source state, shared with the other
    // tests that need the package and with the bench (scripts/lib/packed-package.ts).
    tarball = (await packedTarball()).tarball;
    // The package as published: what publint reads is the tarball's contents.
    sourceDir = join(workDir, 'package');
    await run('tar', ['-xzf', tarball, '-C', workDir], workDir);

    appDir = join(workDir, 'app');
    await mkdir(appDir);
    await writeFile(join(appDir, 'package.json'), JSON.stringify({ name: 'consumer-app', private: true, type: 'module' }));
    await run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        tarball,
        `react@${lockedVersion('react')}`,
        `react-dom@${lockedVersion('react-dom')}`,
        // The optional peers the simulator's HTTP server (and toNodeListener) runs on, and
        // hitl-react/server/redis's store.
        `srvx@${lockedVersion('srvx')}`,
        `redis@${lockedVersion('redis')}`,
      ],
      appDir,
    );
    // Types of React come from our own install; a consumer has them as a dev dependency.
    await mkdir(join(appDir, 'node_modules/@types'), { recursive: true });
    for (const name of ['react', 'react-dom']) {
      await symlink(join(repoRoot, 'node_modules/@types', name), join(appDir, 'node_modules/@types', name), 'dir');
    }
    // The static checks of the package are child processes that need nothing of each other or of
    // the tests below: started together here, they run beside the rest of the file.
    await writeFile(join(appDir, 'check.ts'), CONSUMER_CHECK);
    await writeFile(join(appDir, 'app.tsx'), CONSUMER_APP);
    // The compile-time checks of typed tools, each `@ts-expect-error` a mistake that must not compile.
    const typedTools = await readFile(join(repoRoot, 'test/types/typed-tools.tsx'), 'utf8');
    await writeFile(join(appDir, 'typed-tools.tsx'), typedTools.replace(`from '../../src'`, `from 'hitl-react'`));
    const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);
    const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
    for (const moduleResolution of ['bundler', 'node16'] as const)
      await writeFile(join(appDir, `tsconfig.${moduleResolution}.json`), tsconfig(moduleResolution));
    checks = {
      publint: settle(run(bin('publint'), ['--strict'], sourceDir)),
      // CSS is not a module with types; CommonJS and node10 resolution are out of scope for an ESM-only package.
      attw: settle(
        run(bin('attw'), [tarball, '--profile', 'esm-only', '--exclude-entrypoints', './styles.css', '--format', 'ascii'], sourceDir),
      ),
      bundler: settle(run(process.execPath, [tsc, '-p', 'tsconfig.bundler.json'], appDir)),
      node16: settle(run(process.execPath, [tsc, '-p', 'tsconfig.node16.json'], appDir)),
    };
    // Building and packing the package, then an install from the registry: minutes of both cores on
    // a busy machine (180 s ran out beside the suite's other files). Only a hang passes this.
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => (staticServer === undefined ? done(undefined) : staticServer.close(done)));
    await simulator?.close();
    await redis?.stop();
    if (workDir !== undefined) await rm(workDir, { recursive: true, force: true });
  });

  it('passes publint --strict and "are the types wrong" for an ESM-only package', async () => {
    expect((await finished(checks?.publint)).code).toBe(0);
    expect((await finished(checks?.attw)).code).toBe(0);
  });

  it('marks the modules that use React as client code, and keeps hitl-react/server and hitl-react/testing free of React', async () => {
    const dist = join(appDir, 'node_modules/hitl-react/dist');
    const firstLine = async (file: string) => (await readFile(join(dist, file), 'utf8')).split('\n')[0];
    // A Next.js Server Component may import a component from the main entry and render it…
    expect(await firstLine('components/tool-call-form/tool-call-form.js')).toMatch(/^["']use client["'];?$/);
    expect(await firstLine('context/task-client-provider.js')).toMatch(/^["']use client["'];?$/);
    expect(await firstLine('hooks/use-create-task.js')).toMatch(/^["']use client["'];?$/);
    // …and call what does not need React there, e.g. createTaskClient in a Server Action.
    expect(await firstLine('index.js')).not.toMatch(/use client/);
    expect(await firstLine('client/create-task-client.js')).not.toMatch(/use client/);
    expect(await firstLine('schema/form-input-tool.js')).not.toMatch(/use client/);
    // Everything the server-side entries load, followed import by import.
    const loaded = new Set<string>();
    const bare = new Set<string>();
    const follow = async (file: string): Promise<void> => {
      if (loaded.has(file)) return;
      loaded.add(file);
      const code = await readFile(file, 'utf8');
      for (const [, specifier] of code.matchAll(/(?:from|import)\s*["']([^"']+)["']/g)) {
        if (specifier === undefined) continue;
        if (specifier.startsWith('.')) await follow(resolve(join(file, '..'), specifier));
        else bare.add(specifier);
      }
    };
    await follow(join(dist, 'server.js'));
    await follow(join(dist, 'testing.js'));
    expect([...bare].filter((name) => /^(react|react-dom|@radix-ui)(\/|$)/.test(name))).toEqual([]);
    expect((await Promise.all([...loaded].map((file) => readFile(file, 'utf8')))).some((code) => code.includes('use client'))).toBe(false);
  });

  it.each(['bundler', 'node16'] as const)('type-checks with moduleResolution %s and skipLibCheck off', async (moduleResolution) => {
    expect((await finished(checks?.[moduleResolution])).code).toBe(0);
  });

  it('runs in Node: checks the key and creates a task with the form tool against the simulator', async () => {
    await writeFile(join(appDir, 'check.mjs'), CONSUMER_NODE);
    const { stdout } = await run(process.execPath, ['check.mjs'], appDir);
    const outcome = JSON.parse(stdout.trim()) as { keyAccepted: boolean; taskId: string; status: string; tools: string[] };
    expect(outcome.keyAccepted).toBe(true);
    expect(outcome.taskId).not.toBe('');
    expect(outcome.status).toBe('running');
    expect(outcome.tools).toEqual(['form_input']);
  });

  it(`runs hitl-react/server on Redis on Node ${OLDEST_NODE}, the oldest that engines claims: a request opened there is answered once over HTTP`, async () => {
    const bin = (await finished(oldestNodeBin)).stdout.trim();
    redis = await startRedisServer();
    await writeFile(join(appDir, 'server.mjs'), CONSUMER_SERVER);
    const { stdout } = await run(join(bin, 'node'), ['server.mjs', redis.url], appDir);
    expect(JSON.parse(stdout.trim())).toEqual({
      node: `v${OLDEST_NODE}`,
      listed: ['Which room for the review?'],
      // Answered, then refused as already answered.
      statuses: [200, 409],
      // The source gets the answer under its own id.
      got: { requestId: 'room-1', action: 'accept', content: { room: '4417' } },
    });
  });

  it('bundles into a React page that shows the agent form, sends the answer and shows the result in Chromium', async () => {
    await writeFile(join(appDir, 'app.tsx'), CONSUMER_APP);
    // The compile-time checks of typed tools, each `@ts-expect-error` a mistake that must not compile.
    const typedTools = await readFile(join(repoRoot, 'test/types/typed-tools.tsx'), 'utf8');
    await writeFile(join(appDir, 'typed-tools.tsx'), typedTools.replace(`from '../../src'`, `from 'hitl-react'`));
    const outdir = join(appDir, 'dist');
    await build({
      absWorkingDir: appDir,
      entryPoints: { app: join(appDir, 'app.tsx') },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      jsx: 'automatic',
      outdir,
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'error',
    });

    // The page calls the simulator directly, from another origin: that is what its CORS option is for.
    simulator = await startSimulatorServer({ apiKey: API_KEY, timeScale: 0.05 });
    const { taskId } = await createTaskClient({ baseUrl: simulator.url, apiKey: API_KEY }).createTask({
      task: 'Log in to Acme Shop and show my open orders',
      agent: 'BROWSER_AGENT',
      tools: [formInputTool()],
    });
    staticServer = await serveApp(outdir, { baseUrl: simulator.url, apiKey: API_KEY, taskId });
    const appUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}/`;

    browser = await chromium.launch(chromiumLaunchOptions);
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(appUrl);

    // A bundle that fails to start shows nothing; say why instead of only timing out.
    await page
      .getByRole('heading', { name: 'Consumer app' })
      .waitFor({ timeout: 30_000 })
      .catch((error: unknown) => {
        throw new Error(`The app did not render. Page errors: ${JSON.stringify(pageErrors)}`, { cause: error });
      });
    await page.getByLabel('Username').fill('lin.packed', { timeout: 30_000 });
    await page.getByLabel('Password').fill('packed-password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByText('Signed in as lin.packed.').waitFor({ timeout: 60_000 });
    expect(simulator.service.getTask(taskId)?.runs[0]?.status).toBe('completed');
    // The stylesheet came along: the form's own custom properties are defined on the page.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--hitl-color-accent').trim())).not.toBe(
      '',
    );
    expect(pageErrors).toEqual([]);
  });
});

/** `npm start` as a person uses it: start it, open the playground, copy the curl line it prints, run it, stop it. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { formInputTool } from '../../src/schema';
import { createSimulatedService, startSimulatorServer } from '../../src/testing';
import { createDemoClock, seedDemoData } from '../../scripts/playground-seed';
import { DEMO_API_KEY, startDemoSimulator, startPlayground } from '../../scripts/start';

/** Splits a POSIX shell command line made of bare words and single-quoted strings. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    if (char === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new Error(`unterminated quote in: ${line}`);
      current += line.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (char === '\\') {
      current += line[i + 1] ?? '';
      inWord = true;
      i += 1;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += char;
      inWord = true;
    }
  }
  if (inWord) words.push(current);
  return words;
}

/** What a curl command line asks for, for the handful of options the script uses. */
function parseCurl(line: string): { method: string; url: string; headers: Record<string, string>; body: string | undefined } {
  const words = shellWords(line);
  expect(words[0]).toBe('curl');
  let method = 'GET';
  let url = '';
  let body: string | undefined;
  const headers: Record<string, string> = {};
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as string;
    if (word === '-X') method = words[++i] ?? '';
    else if (word === '-H') {
      const [name, ...value] = (words[++i] ?? '').split(':');
      headers[(name ?? '').trim().toLowerCase()] = value.join(':').trim();
    } else if (word === '-d') body = words[++i];
    else if (/^https?:\/\//.test(word)) url = word;
  }
  return { method, url, headers, body };
}

/** A GET with a `Host` header of our choosing, which `fetch` does not allow. */
function rawGet(url: URL, host: string): Promise<{ status: number }> {
  return new Promise((resolvePromise, reject) => {
    const request = httpRequest(url, { headers: { host, 'sec-fetch-site': 'same-origin' } }, (response) => {
      response.resume();
      resolvePromise({ status: response.statusCode ?? 0 });
    });
    request.on('error', reject);
    request.end();
  });
}

describe('npm start (scripts/start.ts)', () => {
  let child: ChildProcessWithoutNullStreams | undefined;
  let output = '';
  let closed: Promise<void> | undefined;

  afterEach(() => {
    // Its own process group, so the whole npx → tsx → node chain goes, not just npx.
    if (child?.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });

  it(
    'prints the playground first, then the service, its key and a curl line that works, and stops everything on SIGTERM',
    { timeout: 90_000 },
    async () => {
      const apiKey = 'sk_start_script_test_51';
      child = spawn('npx', ['tsx', 'scripts/start.ts'], {
        cwd: process.cwd(),
        env: { ...process.env, PORT: '0', SIMULATOR_PORT: '0', SIMULATOR_API_KEY: apiKey },
        detached: true,
      });
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => (output += chunk));
      // stdout closes once every process holding it (npx, tsx and the script) has exited.
      closed = new Promise((resolve) => child?.stdout.on('close', () => resolve()));

      await vi.waitFor(() => expect(output).toMatch(/^\s*curl .+$/m), { timeout: 60_000, interval: 100 });
      const playground = /Playground:\s+(http:\/\/127\.0\.0\.1:(\d+)\/)/.exec(output);
      const address = /Address:\s+(http:\/\/127\.0\.0\.1:(\d+))/.exec(output);
      expect(playground).not.toBeNull();
      expect(address).not.toBeNull();
      expect(output.indexOf('Playground:')).toBeLessThan(output.indexOf('Address:'));
      expect(Number(playground?.[2])).toBeGreaterThan(0);
      expect(Number(address?.[2])).toBeGreaterThan(0);
      expect(output).toContain(`API key:   ${apiKey}`);

      const curl = parseCurl(/^\s*(curl .+)$/m.exec(output)?.[1] ?? '');
      expect(curl.url.startsWith(`${address?.[1]}/api/v1/`)).toBe(true);
      expect(curl.headers['x-api-key']).toBe(apiKey);

      const response = await fetch(curl.url, { method: curl.method, headers: curl.headers, body: curl.body ?? null });
      expect(response.status).toBe(200);
      const created = (await response.json()) as { success: boolean; data: { taskId: string } };
      expect(created.success).toBe(true);

      const status = await fetch(`${address?.[1]}/api/v1/task/${created.data.taskId}/run/status`, { headers: { 'x-api-key': apiKey } });
      expect(await status.json()).toMatchObject({ success: true, data: { status: 'running' } });

      // The playground serves its page, and its proxy reaches the same service without a key from the caller.
      const page = await fetch(playground?.[1] ?? '');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"></div>');
      const viaProxy = await fetch(`${playground?.[1]}api/hitl/api/v1/task/${created.data.taskId}/run/status`);
      expect(await viaProxy.json()).toMatchObject({ success: true, data: { status: 'running' } });
      const tasks = (await (await fetch(`${playground?.[1]}api/hitl/api/v1/tasks`)).json()) as { total: number };
      expect(tasks.total).toBeGreaterThan(30);

      process.kill(-(child.pid ?? 0), 'SIGTERM');
      await closed;
      expect(output).toContain('Stopped.');
      await expect(fetch(`${address?.[1]}/api/v1/check`, { headers: { 'x-api-key': apiKey } })).rejects.toThrow(TypeError);
      await expect(fetch(playground?.[1] ?? '')).rejects.toThrow(TypeError);
    },
  );
});

// Each test starts Vite's dev server, which bundles the app's dependencies before it answers:
// about 0.5 s here, 2 to 5 s with four busy processes beside the suite on two cores. The bound is
// for a hang; the tests wait for each step by its own promise.
describe('startPlayground', { timeout: 60_000 }, () => {
  it('falls back to a free port when the playground port is busy, and says so', async () => {
    const occupant = createServer();
    await new Promise<void>((resolve) => occupant.listen(0, '127.0.0.1', resolve));
    const busyPort = (occupant.address() as AddressInfo).port;
    const lines: string[] = [];
    const playground = await startPlayground({
      port: busyPort,
      simulatorPort: 0,
      seed: false,
      viteLogLevel: 'silent',
      hotReload: false,
      log: (line) => lines.push(line),
    });
    try {
      const port = Number(new URL(playground.url).port);
      expect(port).not.toBe(busyPort);
      expect(lines[0]).toBe(`Port ${busyPort} is busy; using ${port} instead.`);
      expect(lines).toContain(`  Playground:  ${playground.url}`);
      expect((await fetch(playground.url)).status).toBe(200);
    } finally {
      await playground.close();
      await new Promise((resolve) => occupant.close(resolve));
    }
  });

  it('refuses proxy requests other sites make, so another page cannot spend the key', async () => {
    const playground = await startPlayground({
      port: 0,
      simulatorPort: 0,
      seed: false,
      viteLogLevel: 'silent',
      hotReload: false,
      log: () => undefined,
    });
    try {
      const check = new URL('api/hitl/api/v1/check', playground.url);
      expect((await fetch(check, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
      // A site that points its own name at 127.0.0.1 is same-origin with itself, but says its name.
      expect((await rawGet(check, 'attacker.example')).status).toBe(403);
      expect((await fetch(check, { headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
      expect(playground.simulator.service.requests.map((request) => request.key)).toEqual(['valid']);
    } finally {
      await playground.close();
    }
  });

  it('serves the app and the library, but not the scripts that hold the demo key', async () => {
    const playground = await startPlayground({
      port: 0,
      simulatorPort: 0,
      seed: false,
      viteLogLevel: 'silent',
      hotReload: false,
      log: () => undefined,
    });
    try {
      const repo = resolve(import.meta.dirname, '../..');
      const library = await fetch(new URL(`@fs${repo}/src/index.ts`, playground.url));
      expect(library.status).toBe(200);
      const script = await fetch(new URL(`@fs${repo}/scripts/start.ts`, playground.url));
      expect(script.status).toBe(403);
      expect(await script.text()).not.toContain(DEMO_API_KEY);
    } finally {
      await playground.close();
    }
  });
});

describe('seedDemoData', () => {
  it('leaves finished tasks to page through, one with many runs, and a clock that runs on real time', async () => {
    const clock = createDemoClock();
    const service = createSimulatedService({ now: clock.now, seed: 7 });
    const before = Date.now();
    const seeded = await seedDemoData(service, clock, { taskCount: 35, busyTaskRuns: 12 });

    const tasks = service.listTasks();
    expect(tasks).toHaveLength(35);
    expect(new Set(tasks.map((task) => task.readableName)).size).toBe(35);
    const busy = service.getTask(seeded.busyTaskId);
    expect(busy?.runs).toHaveLength(12);
    const runs = tasks.flatMap((task) => task.runs);
    expect(runs.every((run) => run.status !== 'running' && run.gif.status === 'completed')).toBe(true);
    expect(new Set(runs.map((run) => run.status))).toEqual(new Set(['completed', 'failed', 'stopped']));
    expect(runs.every((run) => run.createdAt < before)).toBe(true);
    expect(busy?.runs[0]?.result.output.summary).toMatch(/^Signed in as /);

    // What a person creates afterwards starts now and runs its course from there.
    const { taskId } = await service.client.createTask({ task: 'Log in to Acme Shop', tools: [formInputTool()] });
    const created = service.getTask(taskId)?.runs[0];
    expect(created?.createdAt).toBeGreaterThanOrEqual(before);
    expect(created?.status).toBe('running');
    expect(tasks.length + 1).toBe((await service.client.listTasks()).total);
  });
});

describe('startDemoSimulator', () => {
  it('falls back to a free port when the asked one is busy, and says so', async () => {
    const occupant = await startSimulatorServer();
    const lines: string[] = [];
    const demo = await startDemoSimulator({ port: occupant.port, log: (line) => lines.push(line) });
    try {
      expect(demo.server.port).not.toBe(occupant.port);
      expect(lines[0]).toBe(`Port ${occupant.port} is busy; using ${demo.server.port} instead.`);
      expect(demo.apiKey).toBe(DEMO_API_KEY);
      expect(lines).toContain(`  Address:   ${demo.server.url}`);
      await expect(demo.server.service.client.checkApiKey()).resolves.toBe(true);
    } finally {
      await demo.server.close();
      await occupant.close();
    }
  });
});

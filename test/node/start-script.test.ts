/** `npm start` as a person uses it: start it, copy the curl line it prints, run it, stop it. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { startSimulatorServer } from '../../src/testing';
import { DEMO_API_KEY, startDemoSimulator } from '../../scripts/start';

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

  it('prints the address, the key and a curl line that works, and stops cleanly on SIGTERM', { timeout: 60_000 }, async () => {
    const apiKey = 'sk_start_script_test_51';
    child = spawn('npx', ['tsx', 'scripts/start.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, PORT: '0', SIMULATOR_API_KEY: apiKey },
      detached: true,
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (output += chunk));
    // stdout closes once every process holding it (npx, tsx and the script) has exited.
    closed = new Promise((resolve) => child?.stdout.on('close', () => resolve()));

    await vi.waitFor(() => expect(output).toMatch(/^\s*curl .+$/m), { timeout: 45_000, interval: 100 });
    const address = /Address:\s+(http:\/\/127\.0\.0\.1:(\d+))/.exec(output);
    expect(address).not.toBeNull();
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

    process.kill(-(child.pid ?? 0), 'SIGTERM');
    await closed;
    expect(output).toContain('Stopped.');
    await expect(fetch(`${address?.[1]}/api/v1/check`, { headers: { 'x-api-key': apiKey } })).rejects.toThrow(TypeError);
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

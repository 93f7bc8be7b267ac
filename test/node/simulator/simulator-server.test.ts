import { request as httpRequest, Agent } from 'node:http';
import { build } from 'esbuild';
import { createTaskClient } from '../../../src/client';
import { createSimulatedService, startSimulatorServer, type Scenario, type SimulatorServer } from '../../../src/testing';
import { createTestClock } from './drive';

const KEY = 'sk_server_a1';

const servers: SimulatorServer[] = [];
async function start(options: Parameters<typeof startSimulatorServer>[0] = {}): Promise<SimulatorServer> {
  const server = await startSimulatorServer({ apiKey: KEY, seed: 1, ...options });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const hostile: Scenario = {
  name: 'hostile',
  description: 'a page that tries to inject markup',
  keywords: [],
  steps: [
    {
      type: 'page',
      title: '<script>alert(1)</script> & "quotes"',
      url: 'https://evil.example.com/?q=<img src=x onerror=alert(1)>',
      durationMs: 1000,
    },
  ],
  result: { summary: 'done' },
};

describe('startSimulatorServer', () => {
  it('listens on 127.0.0.1 at a free port and answers exactly as the in-process face', async () => {
    const clock = createTestClock();
    const server = await start({ now: clock.now, publicUrl: 'http://sim.test' });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
    const twin = createSimulatedService({ apiKey: KEY, seed: 1, now: clock.now, publicUrl: 'http://sim.test' });

    const bodies = async (send: (path: string, init?: RequestInit) => Promise<Response>) => {
      const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };
      const created = await send('/api/v1/task/create', { method: 'POST', headers, body: JSON.stringify({ task: 'Log in' }) });
      const createdText = await created.text();
      const { taskId } = (JSON.parse(createdText) as { data: { taskId: string } }).data;
      const texts = [createdText];
      for (const path of ['/api/v1/tasks', `/api/v1/task/${taskId}/runs`, `/api/v1/task/${taskId}/run/status`, '/api/v1/nowhere']) {
        const response = await send(path, { headers });
        texts.push(`${response.status} ${response.headers.get('content-type')} ${await response.text()}`);
      }
      return texts;
    };
    const overHttp = await bodies((path, init) => fetch(server.url + path, init));
    const inProcess = await bodies((path, init) => twin.fetch(`http://simulator.invalid${path}`, init));
    expect(overHttp).toEqual(inProcess);
  });

  it('points liveStatus and GIF URLs at itself by default', async () => {
    const clock = createTestClock();
    const server = await start({ now: clock.now });
    const client = createTaskClient({ baseUrl: server.url, apiKey: KEY });
    const { taskId } = await client.createTask({ task: 'This will fail' });
    expect((await client.getRunStatus(taskId)).liveStatus.startsWith(`${server.url}/live/run_`)).toBe(true);
    clock.advance(60_000);
    expect((await client.getRunGif(taskId)).url.startsWith(`${server.url}/recordings/run_`)).toBe(true);
  });

  it('serves the live view without a key: self-contained, escaped, refreshing only while running', async () => {
    const clock = createTestClock();
    const server = await start({ now: clock.now, scenario: hostile });
    const client = createTaskClient({ baseUrl: server.url, apiKey: KEY });
    const { taskId } = await client.createTask({ task: 'Find <b>bold</b> & "quoted" things' });
    const live = (await client.getRunStatus(taskId)).liveStatus;

    const page = await fetch(live);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).not.toMatch(/<script|<img|<b>|onerror=alert\(1\)>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(html).toContain('Find &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; things');
    expect(html).not.toMatch(/\b(src|href)=["']?https?:/);
    expect(html).toContain('http-equiv="refresh"');

    clock.advance(10_000);
    expect(await (await fetch(live)).text()).not.toContain('http-equiv="refresh"');
    expect((await fetch(`${server.url}/live/run_unknown`)).status).toBe(404);
  });

  it('serves a real GIF once the recording is ready, without a key', async () => {
    const clock = createTestClock();
    const server = await start({ now: clock.now });
    const client = createTaskClient({ baseUrl: server.url, apiKey: KEY });
    const { taskId } = await client.createTask({ task: 'This will fail' });
    const runId = (await client.listRuns(taskId)).data[0]?.id ?? '';
    clock.advance(6500);
    expect((await fetch(`${server.url}/recordings/${runId}.gif`)).status).toBe(404);
    clock.advance(2000);

    const { url } = await client.getRunGif(taskId);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 6))).toBe('GIF89a');
    const view = new DataView(bytes.buffer);
    expect([view.getUint16(6, true), view.getUint16(8, true)]).toEqual([48, 32]);
    expect(bytes.at(-1)).toBe(0x3b);
  });

  it('close() ends hanging requests and idle keep-alive connections', async () => {
    const server = await start();
    const agent = new Agent({ keepAlive: true });
    const status = await new Promise<number | undefined>((resolve, reject) => {
      httpRequest(`${server.url}/api/v1/check`, { agent, headers: { 'x-api-key': KEY } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);

    server.service.faults.inject({ type: 'hang' });
    const hanging = fetch(`${server.url}/api/v1/check`, { headers: { 'x-api-key': KEY } }).then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.waitFor(() => expect(server.service.requests.at(-1)?.fault).toBe('hang'));

    await server.close();
    expect(await hanging).toBeInstanceOf(TypeError);
    expect(server.service.requests.at(-1)?.endedAt).not.toBeNull();
    await expect(server.close()).resolves.toBeUndefined();
    agent.destroy();
  });

  it('drops the connection for a network fault', async () => {
    const server = await start();
    server.service.faults.inject({ type: 'network' });
    await expect(fetch(`${server.url}/api/v1/check`, { headers: { 'x-api-key': KEY } })).rejects.toThrow(TypeError);
    expect((await fetch(`${server.url}/api/v1/check`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
  });

  it('fails to start on a port that is taken', async () => {
    const first = await start();
    await expect(startSimulatorServer({ port: first.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});

describe('hitl-react/testing in a browser', () => {
  it('bundles for the browser with no static import of a Node module', async () => {
    const result = await build({
      entryPoints: ['src/testing/index.ts'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      external: ['node:*'],
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).not.toMatch(/^\s*import\b[^;]*from\s*["']node:/m);
    // The one Node import is the lazy one inside startSimulatorServer.
    expect(code.match(/import\(["']node:[a-z]+["']\)/g)).toEqual(['import("node:http")']);
  });
});

/** Browser-like client → proxy (node:http through toNodeListener) → HTTP simulator, all on 127.0.0.1. */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTaskClient } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import { createTaskProxy, toNodeListener, type TaskProxyOptions } from '../../../src/server';
import { startSimulatorServer, type SimulatorServer } from '../../../src/testing';
import { createTestClock, plausibleInput, type TestClock } from '../simulator/drive';

const KEY = 'sk_live_proxy_http_6e0b91';

let simulator: SimulatorServer;
let clock: TestClock;
let proxyServer: Server;
let proxyUrl: string;

async function listen(options: Partial<TaskProxyOptions> = {}): Promise<void> {
  proxyServer = createServer(toNodeListener(createTaskProxy({ upstream: simulator.url, apiKey: KEY, basePath: '/api/hitl', ...options })));
  await new Promise<void>((resolve) => proxyServer.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxyServer.address() as AddressInfo).port}`;
}

beforeEach(async () => {
  clock = createTestClock();
  simulator = await startSimulatorServer({ apiKey: KEY, seed: 9, now: clock.now });
  await listen();
});

afterEach(async () => {
  await new Promise<void>((resolve) => {
    proxyServer.close(() => resolve());
    proxyServer.closeAllConnections();
  });
  await simulator.close();
});

/** A request exactly as written, without the URL clean-up `fetch` would do. */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const { port } = proxyServer.address() as AddressInfo;
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('proxy over HTTP', () => {
  it('lets a keyless browser client run a task end to end, adding the key on the way', async () => {
    const browser = createTaskClient({ baseUrl: `${proxyUrl}/api/hitl` });
    await expect(browser.checkApiKey()).resolves.toBe(true);
    const { taskId } = await browser.createTask({ task: 'Log in to the shop', tools: [formInputTool()] });
    clock.advance(3500);
    const { toolCall } = await browser.getRunStatus(taskId);
    await browser.submitToolInput(taskId, {
      input: plausibleInput(toolCall!, { Username: 'over-http' }),
      toolCallId: toolCall!.toolCallId,
    });
    clock.advance(3000);
    expect((await browser.getRunResult(taskId)).output.summary).toBe('Signed in as over-http.');
    expect((await browser.listTasks()).data.map((task) => task.id)).toEqual([taskId]);

    expect(simulator.service.requests.length).toBeGreaterThanOrEqual(6);
    expect(simulator.service.requests.every((entry) => entry.key === 'valid')).toBe(true);
  });

  it('never lets the key reach the browser, in headers or body', async () => {
    const responses = [
      await fetch(`${proxyUrl}/api/hitl/api/v1/check`),
      await fetch(`${proxyUrl}/api/hitl/api/v1/tasks?limit=99`),
      await fetch(`${proxyUrl}/api/hitl/api/v1/task/nope/run/status`),
      await fetch(`${proxyUrl}/api/hitl/api/v1/admin`),
    ];
    for (const response of responses) {
      expect(JSON.stringify([...response.headers])).not.toContain(KEY);
      expect(await response.text()).not.toContain(KEY);
    }
  });

  it.each([
    '/api/hitl/api/v1/task/../../../admin',
    '/api/hitl/api/v1/task/x/..%2f..%2fcheck/runs',
    '/api/hitl/api/v1/task/%2e%2e/runs',
    '/api/hitl/api/v1/task/a%2fb/run/status',
    '/api/hitl/api/v1/task/a%5cb/run/status',
    '/api/hitl/api/v1/task/%252e%252e/run/status',
    '/api/hitl/..%2fapi/v1/tasks',
    '//evil.example.com/api/hitl/api/v1/tasks',
    'http://evil.example.com/api/v1/admin',
  ])('answers 404 to the raw path %s and sends nothing upstream', async (path) => {
    const response = await rawRequest('GET', path);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toEqual({ success: false, error: 'Not found' });
    expect(simulator.service.requests).toHaveLength(0);
  });

  it('forwards a raw request with the browser’s own key replaced', async () => {
    const response = await rawRequest('GET', '/api/hitl/api/v1/check', { 'x-api-key': 'sk_browser_guess', cookie: 'a=b' });
    expect(response.status).toBe(200);
    expect(simulator.service.requests.map((entry) => entry.key)).toEqual(['valid']);
  });

  it('answers 413 to an upload over the limit', async () => {
    proxyServer.close();
    proxyServer.closeAllConnections();
    await listen({ maxBodyBytes: 1024 });
    const response = await fetch(`${proxyUrl}/api/hitl/api/v1/task/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ task: 'x'.repeat(64 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false });
    expect(simulator.service.requests).toHaveLength(0);
  });

  it('answers 502 when the simulator drops the connection or is gone', async () => {
    simulator.service.faults.inject({ type: 'network' });
    expect((await fetch(`${proxyUrl}/api/hitl/api/v1/check`)).status).toBe(502);
    await simulator.close();
    const response = await fetch(`${proxyUrl}/api/hitl/api/v1/check`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ success: false, error: 'The task service could not be reached' });
  });

  it('ends the upstream request when the browser gives up', async () => {
    simulator.service.faults.inject({ type: 'hang' });
    const browser = createTaskClient({ baseUrl: `${proxyUrl}/api/hitl`, timeoutMs: 50 });
    await expect(browser.listTasks()).rejects.toMatchObject({ kind: 'timeout' });
    await vi.waitFor(() => expect(simulator.service.requests[0]).toMatchObject({ fault: 'hang', endedAt: expect.any(Number) as unknown }));
  });
});

/**
 * `startSimulatorServer`'s `cors` option, judged by the only party that enforces CORS: a browser.
 * A page on one local origin calls simulators on others, with the key header that makes every
 * call preflighted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startSimulatorServer, type SimulatorServer } from '../../src/testing';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';

const API_KEY = 'sk_cors_test_81c2';

type CallOutcome = { ok: true; status: number; body: unknown; retryAfter: string | null } | { ok: false; error: string };

/** Calls the simulator from inside the page, as an app's `fetch` would. */
function callFromPage(
  page: Page,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<CallOutcome> {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const response = await fetch(url, init);
        return {
          ok: true as const,
          status: response.status,
          body: (await response.json()) as unknown,
          retryAfter: response.headers.get('retry-after'),
        };
      } catch (error) {
        return { ok: false as const, error: error instanceof Error ? error.name : String(error) };
      }
    },
    { url, init },
  );
}

describe('the simulator server and CORS, in Chromium', () => {
  let pageServer: Server | undefined;
  let open: SimulatorServer | undefined;
  let closed: SimulatorServer | undefined;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    pageServer = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><html lang="en"><head><title>Another origin</title></head><body></body></html>');
    });
    await new Promise<void>((done) => pageServer?.listen(0, '127.0.0.1', done));
    open = await startSimulatorServer({ apiKey: API_KEY });
    closed = await startSimulatorServer({ apiKey: API_KEY, cors: false });
    browser = await chromium.launch(chromiumLaunchOptions);
    page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/`);
  });

  afterAll(async () => {
    await browser?.close();
    await open?.close();
    await closed?.close();
    await new Promise((done) => (pageServer === undefined ? done(undefined) : pageServer.close(done)));
  });

  it('lets a page on another origin use the API with its key by default', async () => {
    const check = await callFromPage(page, `${open?.url}/api/v1/check`, { headers: { 'x-api-key': API_KEY } });
    expect(check).toMatchObject({ ok: true, status: 200, body: { success: true, data: 'ok' } });

    const created = await callFromPage(page, `${open?.url}/api/v1/task/create`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ task: 'Log in to Acme Shop' }),
    });
    expect(created).toMatchObject({ ok: true, status: 200, body: { success: true } });
    expect(open?.service.listTasks()).toHaveLength(1);
  });

  it('still checks the key: the preflight passes, the call without the right key is refused', async () => {
    const refused = await callFromPage(page, `${open?.url}/api/v1/check`, { headers: { 'x-api-key': 'not-the-key' } });
    expect(refused).toMatchObject({ ok: true, status: 401, body: { success: false } });
  });

  it('lets the page read Retry-After, which the client paces its retries by', async () => {
    open?.service.faults.inject({ type: 'http-429', retryAfter: 7 });
    const limited = await callFromPage(page, `${open?.url}/api/v1/tasks`, { headers: { 'x-api-key': API_KEY } });
    expect(limited).toMatchObject({ ok: true, status: 429, retryAfter: '7' });
  });

  it('lets the page send an answer with its Idempotency-Key header', async () => {
    const created = await callFromPage(page, `${open?.url}/api/v1/task/create`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ task: 'Log in to Acme Shop' }),
    });
    const taskId = (created as { body: { data: { taskId: string } } }).body.data.taskId;
    const path = `/api/v1/task/${taskId}/run/tool-input`;
    const answered = await callFromPage(page, `${open?.url}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', 'Idempotency-Key': '0f8e2c5a-5d1b-4d7e-9a51-6b1f0c3e2d44' },
      body: JSON.stringify({ input: '123456', toolCallId: 'call-1' }),
    });
    // Whatever the service makes of the answer, the browser let the page send it and read the reply.
    expect(answered).toMatchObject({ ok: true, body: { success: expect.any(Boolean) as unknown } });
    expect(open?.service.requests.filter((request) => request.path === path).map((request) => request.method)).toContain('POST');
  });

  it('blocks the page with cors: false, and the service never sees the call', async () => {
    const blocked = await callFromPage(page, `${closed?.url}/api/v1/check`, { headers: { 'x-api-key': API_KEY } });
    expect(blocked).toEqual({ ok: false, error: 'TypeError' });
    // The preflight reached the server and was refused there; the call itself was never sent.
    expect(closed?.service.requests.map((request) => request.method)).toEqual(['OPTIONS']);
  });
});

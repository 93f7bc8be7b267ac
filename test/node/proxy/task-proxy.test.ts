import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createTaskClient } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import { createTaskProxy, type TaskProxyOptions } from '../../../src/server';
import { createSimulatedService } from '../../../src/testing';
import { toError } from '../../../src/utils';
import { createTestClock, plausibleInput } from '../simulator/drive';

const KEY = 'sk_proxy_secret_8d2f6a1b';
const APP = 'https://app.example.com';
const UPSTREAM = 'https://tasks.example.com';

/** A proxy in front of an in-process simulated service, remembering what reached the upstream. */
function setup(options: Partial<TaskProxyOptions> = {}) {
  const clock = createTestClock();
  const service = createSimulatedService({ apiKey: KEY, seed: 4, now: clock.now });
  const upstreamRequests: Request[] = [];
  const proxy = createTaskProxy({
    upstream: UPSTREAM,
    apiKey: KEY,
    basePath: '/api/hitl',
    fetch: (request) => {
      upstreamRequests.push(request.clone());
      return service.fetch(request);
    },
    ...options,
  });
  const browserRequests: Request[] = [];
  const browser = createTaskClient({
    baseUrl: `${APP}/api/hitl`,
    fetch: (request) => {
      browserRequests.push(request.clone());
      return proxy(request);
    },
  });
  return { clock, service, proxy, browser, upstreamRequests, browserRequests };
}

/** An upstream that answers whatever `respond` says, for cases the simulator would never produce. */
function fakeUpstream(respond: (request: Request) => Response | Promise<Response>, options: Partial<TaskProxyOptions> = {}) {
  const seen: Request[] = [];
  const proxy = createTaskProxy({
    upstream: UPSTREAM,
    apiKey: KEY,
    fetch: async (request) => {
      seen.push(request);
      return respond(request);
    },
    ...options,
  });
  return { proxy, seen };
}

/** The requests `neverAnswers` holds, as a real upstream's open connection holds its request. */
const inFlight = new Set<Request>();

/**
 * An upstream that answers only by failing once its request is aborted, also one aborted before it
 * was called (a 30 ms time-out can pass before a busy machine gets there). It holds the request
 * meanwhile, as a socket would: a promise nothing holds would be collected with its whole chain,
 * and with it the link the proxy's time-out aborts through, which no real upstream call allows.
 */
function neverAnswers(request: Request): Promise<Response> {
  inFlight.add(request);
  return new Promise<Response>((_, reject) => {
    const fail = () => {
      inFlight.delete(request);
      reject(toError(request.signal.reason));
    };
    if (request.signal.aborted) fail();
    else request.signal.addEventListener('abort', fail, { once: true });
  });
}

async function answer(response: Response) {
  const text = await response.text();
  return { status: response.status, text, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

describe('createTaskProxy: forwarding', () => {
  it('forwards all ten endpoints with the key, for a browser client that has none', async () => {
    const { browser, clock, upstreamRequests, browserRequests } = setup();
    const { taskId } = await browser.createTask({ task: 'Log in', agent: 'BROWSER_AGENT', tools: [formInputTool()] });
    await browser.listTasks({ page: 1, limit: 10 });
    const runId = (await browser.listRuns(taskId)).data[0]?.id;
    clock.advance(3500);
    const status = await browser.getRunStatus(taskId, { runId });
    await browser.submitToolInput(
      taskId,
      { input: plausibleInput(status.toolCall!, { Username: 'via-proxy' }), toolCallId: status.toolCall!.toolCallId },
      { runId },
    );
    clock.advance(3000);
    expect((await browser.getRunResult(taskId)).output.summary).toBe('Signed in as via-proxy.');
    await browser.getRunGif(taskId);
    await browser.stopRun(taskId, { runId });
    await browser.stopTask(taskId);
    await expect(browser.checkApiKey()).resolves.toBe(true);

    expect(upstreamRequests.map((request) => `${request.method} ${new URL(request.url).pathname.replace(taskId, '{taskId}')}`)).toEqual([
      'POST /api/v1/task/create',
      'GET /api/v1/tasks',
      'GET /api/v1/task/{taskId}/runs',
      'GET /api/v1/task/{taskId}/run/status',
      // The proxy reads the run's status before it forwards an answer: it shows the call pending.
      'GET /api/v1/task/{taskId}/run/status',
      'POST /api/v1/task/{taskId}/run/tool-input',
      'GET /api/v1/task/{taskId}/run/result',
      'GET /api/v1/task/{taskId}/run/gif',
      'PUT /api/v1/task/{taskId}/run/stop',
      'PUT /api/v1/task/{taskId}/stop',
      'GET /api/v1/check',
    ]);
    for (const request of upstreamRequests) {
      expect(request.url.startsWith(`${UPSTREAM}/api/v1/`)).toBe(true);
      expect(request.headers.get('x-api-key')).toBe(KEY);
    }
    for (const request of browserRequests) {
      expect(request.headers.has('x-api-key')).toBe(false);
      expect(request.url.startsWith(`${APP}/api/hitl/api/v1/`)).toBe(true);
    }
  });

  it('forwards the body unchanged and only the query parameters each endpoint takes', async () => {
    const pending = {
      status: 'running',
      detailedStatus: 'tool_call',
      toolCall: { toolCallId: 'call_1', tool: { name: 'form_input', parameters: {} } },
    };
    const { proxy, seen } = fakeUpstream((request) =>
      Response.json(request.url.includes('/run/status?runId=run_9') ? { success: true, data: pending } : { success: true }),
    );
    await proxy(new Request(`${APP}/api/v1/tasks?page=2&limit=5&runId=r&x-api-key=stolen&debug=1`));
    await proxy(new Request(`${APP}/api/v1/task/t1/run/status?runId=run_1&page=3&runId=run_2`));
    await proxy(new Request(`${APP}/api/v1/task/t1/stop?runId=run_1`, { method: 'PUT' }));
    const body = '{"input":"[{\\"label\\":\\"Code\\",\\"value\\":\\"123456\\"}]","toolCallId":"call_1"}';
    await proxy(
      new Request(`${APP}/api/v1/task/t1/run/tool-input?runId=run_9&page=1`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      }),
    );

    expect(seen.map((request) => request.url)).toEqual([
      `${UPSTREAM}/api/v1/tasks?page=2&limit=5`,
      `${UPSTREAM}/api/v1/task/t1/run/status?runId=run_1`,
      `${UPSTREAM}/api/v1/task/t1/stop`,
      `${UPSTREAM}/api/v1/task/t1/run/status?runId=run_9`,
      `${UPSTREAM}/api/v1/task/t1/run/tool-input?runId=run_9`,
    ]);
    expect(await seen[4]?.text()).toBe(body);
    expect(seen[4]?.headers.get('content-type')).toBe('application/json');
  });

  it('drops the browser’s own key, cookies, credentials and hop-by-hop headers', async () => {
    const { proxy, seen } = fakeUpstream(() => Response.json({ success: true, data: 'ok' }));
    await proxy(
      new Request(`${APP}/api/v1/check`, {
        headers: {
          'x-api-key': 'sk_from_the_browser',
          cookie: 'session=abc',
          authorization: 'Bearer app-session',
          connection: 'keep-alive, x-custom',
          'keep-alive': 'timeout=5',
          'proxy-authorization': 'Basic eA==',
          'x-forwarded-for': '10.0.0.1',
          'accept-language': 'de',
          'x-request-id': 'req-1',
        },
      }),
    );
    const sent = Object.fromEntries(seen[0]?.headers ?? []);
    expect(sent).toEqual({ 'x-api-key': KEY, 'accept-language': 'de', 'x-request-id': 'req-1' });
  });

  it('mounts at the root by default and accepts a base path with or without slashes', async () => {
    const atRoot = fakeUpstream(() => Response.json({ success: true, data: 'ok' }));
    expect((await atRoot.proxy(new Request(`${APP}/api/v1/check`))).status).toBe(200);
    const loose = fakeUpstream(() => Response.json({ success: true, data: 'ok' }), { basePath: 'api/hitl/' });
    expect((await loose.proxy(new Request(`${APP}/api/hitl/api/v1/check`))).status).toBe(200);
    expect((await loose.proxy(new Request(`${APP}/api/v1/check`))).status).toBe(404);
  });

  it('keeps an upstream path prefix', async () => {
    const { proxy, seen } = fakeUpstream(() => Response.json({ success: true, data: 'ok' }), { upstream: `${UPSTREAM}/tenant-7/` });
    await proxy(new Request(`${APP}/api/v1/check`));
    expect(seen[0]?.url).toBe(`${UPSTREAM}/tenant-7/api/v1/check`);
  });

  it('passes status, envelope and Retry-After back, but not the upstream’s cookies or other headers', async () => {
    const { proxy } = fakeUpstream(
      () =>
        new Response(JSON.stringify({ success: false, error: 'Too many requests' }), {
          status: 429,
          headers: {
            'content-type': 'application/json',
            'retry-after': '12',
            'set-cookie': 'upstream=1',
            server: 'tasks/1.2',
            'x-internal': 'yes',
          },
        }),
    );
    const response = await proxy(new Request(`${APP}/api/v1/tasks`));
    expect(response.status).toBe(429);
    expect(Object.fromEntries(response.headers)).toEqual({
      'content-type': 'application/json',
      'retry-after': '12',
      'cache-control': 'no-store',
    });
    expect(await response.json()).toEqual({ success: false, error: 'Too many requests' });
  });

  it('asks authorize first and answers 403 without calling the upstream when it refuses', async () => {
    const authorize = vi.fn((request: Request) => request.headers.get('cookie') === 'session=valid');
    const { proxy, seen } = fakeUpstream(() => Response.json({ success: true, data: 'ok' }), { authorize });
    expect((await proxy(new Request(`${APP}/api/v1/check`, { headers: { cookie: 'session=valid' } }))).status).toBe(200);
    const refused = await answer(await proxy(new Request(`${APP}/api/v1/check`)));
    expect(refused).toMatchObject({ status: 403, json: { success: false, error: 'Forbidden' } });
    expect(seen).toHaveLength(1);
    expect(authorize).toHaveBeenCalledTimes(2);
  });
});

describe('createTaskProxy: what it blocks', () => {
  const blocked: Array<[string, string]> = [
    ['GET', '/api/hitl/api/v1/admin'],
    ['GET', '/api/hitl/api/v2/tasks'],
    ['GET', '/api/hitl/api/v1/tasks/'],
    ['GET', '/api/hitl/api/v1//tasks'],
    ['GET', '/api/hitl/api/v1/task'],
    ['GET', '/api/hitl/api/v1/task/t1'],
    ['GET', '/api/hitl/api/v1/task/t1/run'],
    ['GET', '/api/hitl/api/v1/task/t1/run/status/extra'],
    ['GET', '/api/hitl/api/v1/task/t1/run/logs'],
    ['GET', '/api/hitl/api/v1/task//runs'],
    ['GET', '/api/hitl/api/v1/task/%2F/runs'],
    ['GET', '/api/hitl/api/v1/task/a%2Fb/runs'],
    ['GET', '/api/hitl/api/v1/task/..%2F..%2Fcheck/runs'],
    ['GET', '/api/hitl/api/v1/task/%2e%2e/run/status'],
    ['GET', '/api/hitl/api/v1/task/.%2E/run/status'],
    ['GET', '/api/hitl/api/v1/task/%252e%252e/run/status'],
    ['GET', '/api/hitl/api/v1/task/%252F/run/status'],
    ['GET', '/api/hitl/api/v1/task/a%5Cb/runs'],
    ['GET', '/api/hitl/api/v1/task/a%00b/runs'],
    ['GET', '/api/hitl/api/v1/task/%E0%A4%A/runs'],
    // URL parsing resolves dot segments before any handler sees them; what is left must still be allowed.
    ['GET', '/api/hitl/api/v1/task/t1/../../../../admin'],
    ['GET', '/api/hitl/api/v1/task/t1/run/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd'],
    ['GET', '/api/hitl/../api/v1/tasks'],
    ['GET', '/api/v1/tasks'],
    ['GET', '/api/hitlx/api/v1/tasks'],
    ['GET', '/api/hitl'],
    ['GET', '/'],
    ['PATCH', '/api/hitl/api/v1/admin'],
    ['OPTIONS', '/api/hitl/api/v1/task/a%2Fb/runs'],
  ];

  it.each(blocked)('%s %s → 404 envelope, upstream untouched', async (method, path) => {
    const { proxy, upstreamRequests } = setup();
    const response = await proxy(new Request(`${APP}${path}`, { method }));
    expect(response.status).toBe(404);
    if (method !== 'HEAD') expect(await response.json()).toEqual({ success: false, error: expect.stringMatching(/^Not found/) as unknown });
    expect(upstreamRequests).toHaveLength(0);
  });

  it('names the basePath that would serve a request that reached an endpoint under another prefix', async () => {
    const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;
    const forgotten = fakeUpstream(() => Response.json({ success: true, data: 'ok' }));
    const atRoute = await forgotten.proxy(new Request(`${APP}/api/hitl/api/v1/tasks`));
    expect(atRoute.status).toBe(404);
    expect(await errorOf(atRoute)).toBe(
      'Not found: this proxy has no basePath, and the request\'s path starts with "/api/hitl". Create it with basePath: "/api/hitl".',
    );
    const { proxy } = setup();
    expect(await errorOf(await proxy(new Request(`${APP}/api/v1/tasks`)))).toBe(
      'Not found: this proxy serves the endpoints under basePath "/api/hitl", and the request\'s path does not start with it.',
    );
    // Nothing to suggest for a path that is no endpoint under any prefix.
    expect(await errorOf(await proxy(new Request(`${APP}/api/hitl/api/v1/admin`)))).toBe('Not found');
    expect(forgotten.seen).toHaveLength(0);
  });

  const wrongMethod: Array<[string, string, string]> = [
    ['DELETE', '/api/hitl/api/v1/tasks', 'GET'],
    ['PATCH', '/api/hitl/api/v1/task/t1/stop', 'PUT'],
    ['POST', '/api/hitl/api/v1/tasks', 'GET'],
    ['GET', '/api/hitl/api/v1/task/create', 'POST'],
    ['PUT', '/api/hitl/api/v1/task/create', 'POST'],
    ['POST', '/api/hitl/api/v1/task/t1/run/stop', 'PUT'],
    ['GET', '/api/hitl/api/v1/task/t1/run/tool-input', 'POST'],
    ['HEAD', '/api/hitl/api/v1/check', 'GET'],
    ['OPTIONS', '/api/hitl/api/v1/check', 'GET'],
    ['PROPFIND', '/api/hitl/api/v1/task/t1/runs', 'GET'],
    ['POST', '/api/hitl/events?taskId=t1', 'GET'],
  ];

  it.each(wrongMethod)('%s %s → 405 envelope saying Allow: %s, upstream untouched', async (method, path, allow) => {
    const { proxy, upstreamRequests } = setup();
    const response = await proxy(new Request(`${APP}${path}`, { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    if (method !== 'HEAD') expect(await response.json()).toEqual({ success: false, error: 'Method not allowed' });
    expect(upstreamRequests).toHaveLength(0);
  });
});

describe('createTaskProxy: the key', () => {
  it('scrubs the key from anything the upstream echoes', async () => {
    const { proxy } = fakeUpstream((request) => {
      const key = request.headers.get('x-api-key') ?? '';
      return new Response(
        JSON.stringify({
          success: false,
          error: `Key ${key} is over quota`,
          data: { echoed: key, url: `https://x.example.com/?k=${encodeURIComponent(key)}` },
        }),
        { status: 429, headers: { 'content-type': 'application/json', 'retry-after': key, 'x-api-key': key } },
      );
    });
    const response = await proxy(new Request(`${APP}/api/v1/tasks`));
    const text = await response.text();
    expect(text).not.toContain(KEY);
    expect(text).toContain('[redacted]');
    expect(JSON.stringify([...response.headers])).not.toContain(KEY);
  });

  it('keeps the key out of its own error answers', async () => {
    const failing = fakeUpstream(() => {
      throw new TypeError(`connect ECONNREFUSED with key ${KEY}`);
    });
    const response = await answer(await failing.proxy(new Request(`${APP}/api/v1/check`)));
    expect(response).toEqual({
      status: 502,
      text: expect.any(String) as unknown,
      json: { success: false, error: 'The task service could not be reached' },
    });
    expect(response.text).not.toContain(KEY);
  });

  it('refuses to be made with a non-http upstream (a missing key: task-proxy-settings.test.ts)', () => {
    expect(() => createTaskProxy({ upstream: 'file:///etc/passwd', apiKey: KEY })).toThrow(TypeError);
  });
});

describe('createTaskProxy: limits and failures', () => {
  it('answers 413 to a body over maxBodyBytes, without calling the upstream', async () => {
    const { proxy, upstreamRequests } = setup({ maxBodyBytes: 64 });
    const small = JSON.stringify({ task: 'Log in' });
    expect((await proxy(new Request(`${APP}/api/hitl/api/v1/task/create`, { method: 'POST', body: small }))).status).toBe(200);
    const large = JSON.stringify({ task: 'Log in '.repeat(20) });
    const response = await answer(await proxy(new Request(`${APP}/api/hitl/api/v1/task/create`, { method: 'POST', body: large })));
    expect(response).toMatchObject({ status: 413, json: { success: false } });
    expect(upstreamRequests).toHaveLength(1);
  });

  it('answers 413 to a streamed body that grows past the limit', async () => {
    const { proxy, upstreamRequests } = setup({ maxBodyBytes: 1024 });
    let sentChunks = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sentChunks += 1;
        controller.enqueue(new Uint8Array(512).fill(0x61));
        if (sentChunks === 100) controller.close();
      },
    });
    const request = new Request(`${APP}/api/hitl/api/v1/task/create`, { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect((await proxy(request)).status).toBe(413);
    // It stopped reading soon after the limit instead of buffering the whole upload.
    expect(sentChunks).toBeLessThan(10);
    expect(upstreamRequests).toHaveLength(0);
  });

  it('uses 1 MiB as the default limit', async () => {
    const { proxy } = setup();
    const justUnder = JSON.stringify({ task: `Log in ${'x'.repeat(1024 * 1024 - 30)}` });
    expect((await proxy(new Request(`${APP}/api/hitl/api/v1/task/create`, { method: 'POST', body: justUnder }))).status).toBe(200);
    const over = JSON.stringify({ task: 'x'.repeat(1024 * 1024) });
    expect((await proxy(new Request(`${APP}/api/hitl/api/v1/task/create`, { method: 'POST', body: over }))).status).toBe(413);
  });

  it('answers 502 when the upstream redirects, instead of sending the key after it', async () => {
    const { proxy, seen } = fakeUpstream(
      () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.example.com/' } }),
    );
    const response = await answer(await proxy(new Request(`${APP}/api/v1/tasks`)));
    expect(response).toMatchObject({ status: 502, json: { error: 'The task service answered with a redirect' } });
    expect(seen[0]?.redirect).toBe('manual');
  });

  it('answers 504 when the upstream does not answer within timeoutMs', async () => {
    const { proxy, seen } = fakeUpstream(neverAnswers, { timeoutMs: 30 });
    expect(await answer(await proxy(new Request(`${APP}/api/v1/tasks`)))).toMatchObject({ status: 504, json: { success: false } });
    expect(seen[0]?.signal.aborted).toBe(true);
  });

  it('answers 504 at timeoutMs also when the garbage collector runs while the upstream is silent', async () => {
    // The forwarded request is made from the proxy's own; collecting that one used to cut the
    // link its time-out aborts through, and the proxy then waited on the service for ever.
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const { proxy, seen } = fakeUpstream(neverAnswers, { timeoutMs: 300 });
    const pending = proxy(new Request(`${APP}/api/v1/tasks`));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    for (let round = 0; round < 5; round++) {
      collect();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await answer(await pending)).toMatchObject({ status: 504, json: { success: false } });
    expect(seen[0]?.signal.aborted).toBe(true);
  });

  it('stops waiting on the upstream when the browser goes away', async () => {
    const { proxy, seen } = fakeUpstream(neverAnswers);
    const browser = new AbortController();
    const pending = proxy(new Request(`${APP}/api/v1/tasks`, { signal: browser.signal }));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    browser.abort();
    await pending;
    expect(seen[0]?.signal.aborted).toBe(true);
  });

  it('does not leave the upstream call running when the browser went away before it started', async () => {
    const browser = new AbortController();
    const { proxy, seen } = fakeUpstream(() => Response.json({ success: true, data: [] }), {
      // The browser leaves while the app checks its session.
      authorize: () => {
        browser.abort();
        return true;
      },
    });
    await proxy(new Request(`${APP}/api/v1/tasks`, { signal: browser.signal }));
    expect(seen[0]?.signal.aborted).toBe(true);
  });

  it('answers 502 when the upstream drops the connection', async () => {
    const { proxy, service } = setup();
    service.faults.inject({ type: 'network' });
    expect((await proxy(new Request(`${APP}/api/hitl/api/v1/tasks`))).status).toBe(502);
  });

  it('passes the upstream’s own errors through untouched', async () => {
    const { proxy, service } = setup();
    service.faults.inject({ type: 'http-503', retryAfter: 4 });
    const response = await proxy(new Request(`${APP}/api/hitl/api/v1/tasks`));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('4');
    expect(await response.json()).toEqual({ success: false, error: 'Service unavailable' });
  });
});

describe('createTaskProxy with a simulated service behind it', () => {
  it('keeps the browser’s error kinds intact through the proxy', async () => {
    const { browser, service } = setup();
    service.faults.inject({ type: 'unauthorized' });
    await expect(browser.checkApiKey()).resolves.toBe(false);
    service.faults.inject({ type: 'malformed' });
    await expect(browser.listTasks()).rejects.toMatchObject({ kind: 'parse' });
    service.faults.inject({ type: 'api-error' });
    await expect(browser.listTasks()).rejects.toMatchObject({ kind: 'api' });
    service.faults.inject({ type: 'http-429', retryAfter: 2 });
    await expect(browser.listTasks()).rejects.toMatchObject({ kind: 'http', status: 429, retryAfterMs: 2000 });
  });
});

/**
 * `upstream` and `apiKey` read on the first request when they are functions or missing: a route
 * module that `next build` loads without the server's environment must not throw.
 */
import { createTaskClient } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import { createTaskProxy } from '../../../src/server';
import { createSimulatedService } from '../../../src/testing';

const KEY = 'sk_proxy_settings_5c1e9a';
const UPSTREAM = 'https://tasks.example.com';
const APP = 'https://app.example.com';

function quietConsole() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('createTaskProxy settings', () => {
  it('is made without a key, and answers 500 naming the missing setting until there is one', async () => {
    const errors = quietConsole();
    const service = createSimulatedService({ apiKey: KEY, seed: 1 });
    const env: { key?: string } = {};
    const proxy = createTaskProxy({
      upstream: UPSTREAM,
      apiKey: () => env.key,
      basePath: '/api/hitl',
      fetch: (request) => service.fetch(request),
    });

    const refused = await proxy(new Request(`${APP}/api/hitl/api/v1/tasks`));
    expect(refused.status).toBe(500);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await refused.json()) as { success: boolean; error: string; code: string };
    expect(body).toMatchObject({ success: false, code: 'proxy_not_configured' });
    expect(body.error).toMatch(/apiKey is not set/);
    expect(body.error).not.toMatch(/upstream/);
    // Said once in the server's log, not once per request.
    await proxy(new Request(`${APP}/api/hitl/api/v1/tasks`));
    expect(errors).toHaveBeenCalledTimes(1);

    env.key = KEY;
    const browser = createTaskClient({ baseUrl: `${APP}/api/hitl`, fetch: (request) => proxy(request) });
    const { taskId } = await browser.createTask({ task: 'Log in to Acme Shop', agent: 'BROWSER_AGENT', tools: [formInputTool()] });
    expect(taskId).not.toBe('');
    await proxy.close();
  });

  it('treats an empty string as missing, names both settings, and never shows a value', async () => {
    quietConsole();
    const proxy = createTaskProxy({ upstream: '', apiKey: '' });
    const body = (await (await proxy(new Request(`${APP}/api/v1/tasks`))).json()) as { error: string };
    expect(body.error).toMatch(/upstream and apiKey are not set/);
    expect(proxy.stats()).toMatchObject({
      streams: 0,
      topics: 0,
      polling: 0,
      dropped: 0,
      upstreamRequests: 0,
      degraded: false,
      answers: { accepted: 0, alreadyAnswered: 0 },
    });
    await proxy.close();
  });

  it('answers 500 for an upstream read at request time that is not an http(s) address', async () => {
    quietConsole();
    const proxy = createTaskProxy({ upstream: () => 'ftp://files.example.com', apiKey: () => KEY });
    const response = await proxy(new Request(`${APP}/api/v1/tasks`));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toMatch(/upstream must be an http\(s\) URL/);
    expect(text).not.toContain(KEY);
  });

  it('still refuses a setting of the wrong type when it is made', () => {
    expect(() => createTaskProxy({ upstream: UPSTREAM, apiKey: 42 as unknown as string })).toThrow(TypeError);
  });
});

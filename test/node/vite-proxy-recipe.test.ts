/**
 * The README's most common set-up, run as written: a Vite dev server whose `server.proxy` sends
 * /api/hitl to a small Node backend (the simulated service behind `createTaskProxy`). A page's
 * client, with no key, creates a task and answers its form through Vite over real HTTP.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { createTaskClient, formInputTool, type RunStatus } from '../../src';
import { DEFAULT_SIMULATOR_API_KEY } from '../../src/testing';
import { startDevBackend } from '../../examples/vite-proxy/dev-backend';

const CONFIG = join(import.meta.dirname, '../../examples/vite-proxy/vite.config.ts');

describe('Vite + the Node proxy + the simulator (examples/vite-proxy)', () => {
  let backend: Awaited<ReturnType<typeof startDevBackend>> | undefined;
  let vite: ViteDevServer | undefined;
  let root = '';
  let pageOrigin = '';
  const previousPort = process.env.PROXY_PORT;

  beforeAll(async () => {
    backend = await startDevBackend(0);
    process.env.PROXY_PORT = new URL(backend.url).port;
    root = await mkdtemp(join(tmpdir(), 'hitl-vite-proxy-'));
    await writeFile(join(root, 'index.html'), '<!doctype html><title>app</title>');
    vite = await createServer({ configFile: CONFIG, root, logLevel: 'silent', server: { host: '127.0.0.1', port: 0 } });
    await vite.listen();
    pageOrigin = `http://127.0.0.1:${(vite.httpServer?.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await vite?.close();
    await backend?.close();
    await rm(root, { recursive: true, force: true });
    if (previousPort === undefined) delete process.env.PROXY_PORT;
    else process.env.PROXY_PORT = previousPort;
  });

  it('lets a keyless page client check the key, start a task and answer its form through the dev server', async () => {
    // What `createTaskClient({ baseUrl: '/api/hitl' })` resolves to in the page.
    const client = createTaskClient({ baseUrl: `${pageOrigin}/api/hitl` });
    expect(await client.checkApiKey()).toBe(true);
    const { taskId } = await client.createTask({ task: 'Log in to Acme Shop', agent: 'BROWSER_AGENT', tools: [formInputTool()] });

    // Real timers: the simulated run takes its own time; the bound is only reached if it hangs.
    const until = async (done: (status: RunStatus) => boolean) => {
      const deadline = Date.now() + 60_000;
      let status = await client.getRunStatus(taskId);
      while (!done(status) && Date.now() < deadline) {
        await new Promise((wait) => setTimeout(wait, 50));
        status = await client.getRunStatus(taskId);
      }
      return status;
    };
    const asked = await until((status) => status.toolCall !== null);
    expect(asked.toolCall?.tool.name).toBe('form_input');
    const input = JSON.stringify([
      { label: 'Username', value: 'ada' },
      { label: 'Password', value: 'correct horse' },
    ]);
    await client.submitToolInput(taskId, { toolCallId: asked.toolCall?.toolCallId ?? '', input });
    expect((await until((status) => status.status !== 'running' && status.toolCall === null)).status).toBe('completed');
  });

  it('never hands the key to the page', async () => {
    const response = await fetch(`${pageOrigin}/api/hitl/api/v1/tasks`);
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain(DEFAULT_SIMULATOR_API_KEY);
    expect([...response.headers.values()].join('\n')).not.toContain(DEFAULT_SIMULATOR_API_KEY);
  });

  it('serves the page itself from Vite, not from the backend', async () => {
    const response = await fetch(`${pageOrigin}/`);
    expect(await response.text()).toContain('<title>app</title>');
    expect((await fetch(`${backend?.url ?? ''}/`)).status).toBe(404);
  });
});

/**
 * The durable engines' recipes (test/node/proxy/recipes/durable), run end to end where the engine
 * runs on this machine without its cloud: Restate, on the server binary its registry package ships,
 * and Cloudflare Workflows, in workerd under Miniflare (both registry packages). Each workflow opens
 * its request and waits; a person approves it in Debian's Chromium through `<Inbox>`; the proxy's
 * `requests.onAnswer` completes the engine's wait; the workflow goes on once with that decision.
 * The other engines need their cloud or a binary they download at run time (the guide "Durable
 * engines" says which and why).
 */
import { createServer as createHttp2Server, type Http2Server } from 'node:http2';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import * as restate from '@restatedev/restate-sdk';
import * as clients from '@restatedev/restate-sdk-clients';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';
import type { HumanAnswer, HumanRequest } from '../../src/request';
import { createMemoryProxyStore, createTaskProxy, toNodeListener, type OpenedRequestInfo, type TaskProxy } from '../../src/server';
import { refundService, resolveAwakeable } from '../node/proxy/recipes/durable/restate';
import { startRestateServer, type RestateServer } from './restate-server';
import { bundleSourcePage, inboxPageSource } from './source-page';

/** A wait only a frozen page, proxy or engine would exceed. */
const WAIT = { timeout: 20_000 };
const SECRET = 'a-secret-of-this-test-only-32-characters-long';
/** Who the pages say they are; the proxies take it as `identify` would take a session. */
const IDENTIFY = `(request) => ({ user: request.headers.get('x-user') ?? '', team: request.headers.get('x-team') ?? '' })`;

const PAGE_SOURCE = inboxPageSource('Refunds');
const PAGE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Refunds</title><link rel="icon" href="data:,"></head><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>';

/**
 * The Worker: the recipe's workflow and the proxy in one script, as an app deploys them. `/start`,
 * `/status` and `/deliveries` stand in for the app's own routes: they start an instance, say how it
 * ended, and count the proxy's `onAnswer` calls.
 */
const WORKER_SOURCE = `
import { WorkflowEntrypoint } from 'cloudflare:workers';
import { createTaskProxy } from './src/server';
import { reviewRefund, sendInstanceEvent } from './test/node/proxy/recipes/durable/cloudflare-workflow';
let proxy;
let deliveries = 0;
function proxyOf(env) {
  const send = sendInstanceEvent(env.REFUND_REVIEW);
  proxy ??= createTaskProxy({
    secret: env.HITL_SECRET,
    basePath: '/api/hitl',
    identify: ${IDENTIFY},
    requests: { onAnswer: async (...args) => { deliveries += 1; await send(...args); } },
  });
  return proxy;
}
export class RefundReview extends WorkflowEntrypoint {
  run(event, step) {
    return reviewRefund(proxyOf(this.env), event, step);
  }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const id = url.searchParams.get('id');
    if (url.pathname === '/start') {
      await env.REFUND_REVIEW.create({ id, params: JSON.parse(url.searchParams.get('refund')) });
      return Response.json({ id });
    }
    if (url.pathname === '/status') return Response.json(await (await env.REFUND_REVIEW.get(id)).status());
    if (url.pathname === '/deliveries') return Response.json({ deliveries });
    return proxyOf(env)(request);
  },
};
`;

async function bundleWorker(): Promise<string> {
  const result = await build({
    stdin: { contents: WORKER_SOURCE, loader: 'js', resolveDir: resolve(import.meta.dirname, '../..'), sourcefile: 'worker.js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    external: ['cloudflare:workers'],
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0]?.text ?? '';
}

let engine: RestateServer;
let endpoint: Http2Server;
/** The proxy of the process whose handler opens the request (the service's endpoint), and the web server's, on one store. */
let workerProxy: TaskProxy;
let webProxy: TaskProxy;
let miniflare: Miniflare;
let workerUrl: URL;
let site: Server;
let origin: string;
let browser: Browser;
/** Every call of a Restate proxy's `requests.onAnswer`, by which instance: the proxies deliver each answer once. */
const delivered: Array<{ by: string; request: HumanRequest; answer: HumanAnswer; opened: OpenedRequestInfo }> = [];
/** What the Restate SDK logged as an error (a handler that threw, a journal mismatch). */
const engineErrors: unknown[] = [];

async function startRestate(): Promise<void> {
  engine = await startRestateServer();
  const resolveIt = resolveAwakeable(engine.ingressUrl);
  const store = createMemoryProxyStore();
  // Every instance has the same onAnswer: the one that opened a request takes its answer first while it runs.
  const instance = (by: string) =>
    createTaskProxy({
      secret: SECRET,
      basePath: '/api/hitl',
      store,
      identify: (request) => ({ user: request.headers.get('x-user') ?? '', team: request.headers.get('x-team') ?? '' }),
      requests: {
        async onAnswer(request, answer, opened) {
          delivered.push({ by, request, answer, opened });
          await resolveIt(request, answer, opened);
        },
      },
    });
  [workerProxy, webProxy] = [instance('worker'), instance('web')];
  const handler = restate
    .endpoint()
    .bind(refundService(workerProxy))
    .setLogger((meta, message, ...rest: unknown[]) => {
      if ((meta.level as string) === 'error') engineErrors.push([message, ...rest]);
    })
    .http2Handler();
  endpoint = createHttp2Server(handler);
  await new Promise<void>((done) => endpoint.listen(0, '127.0.0.1', done));
  await engine.register(`http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`);
}

async function startCloudflare(): Promise<void> {
  miniflare = new Miniflare({
    modules: true,
    script: await bundleWorker(),
    compatibilityDate: '2026-07-01',
    compatibilityFlags: ['nodejs_compat'],
    workflows: { REFUND_REVIEW: { name: 'refund-review', className: 'RefundReview' } },
    bindings: { HITL_SECRET: SECRET },
    host: '127.0.0.1',
    port: 0,
  });
  workerUrl = await miniflare.ready;
}

/** The pages' origin: `/restate/api/hitl/…` is the Node proxy, `/cloudflare/api/hitl/…` the Worker's, anything else the page. */
async function startSite(script: string): Promise<void> {
  const listener = toNodeListener(async (request) => {
    const url = new URL(request.url);
    const [, via, rest] = /^\/(restate|cloudflare)(\/api\/hitl\/.*)$/.exec(url.pathname) ?? [];
    if (via === 'restate') return webProxy(new Request(new URL(`${rest}${url.search}`, url), request));
    if (via === 'cloudflare') {
      const headers = new Headers(request.headers);
      headers.delete('host');
      const body = request.method === 'GET' ? null : await request.arrayBuffer();
      const response = await fetch(new URL(`${rest}${url.search}`, workerUrl), { method: request.method, headers, body });
      // `fetch` decoded the body the proxy compressed: it goes to the page as it is now.
      const decoded = new Headers(response.headers);
      decoded.delete('content-encoding');
      decoded.delete('content-length');
      return new Response(response.body, { status: response.status, headers: decoded });
    }
    const isScript = url.pathname === '/app.js';
    return new Response(isScript ? script : PAGE_HTML, {
      headers: { 'content-type': isScript ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8' },
    });
  });
  site = createServer(listener);
  listener.attach(site);
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const [script] = await Promise.all([bundleSourcePage(PAGE_SOURCE, 'durable-engines-page.tsx'), startRestate(), startCloudflare()]);
  await startSite(script);
  browser = await chromium.launch(chromiumLaunchOptions);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([workerProxy?.close(), webProxy?.close()]);
  site?.closeAllConnections();
  await new Promise<void>((done) => (site === undefined ? done() : site.close(() => done())));
  await new Promise<void>((done) => (endpoint === undefined ? done() : endpoint.close(() => done())));
  await Promise.all([engine?.stop(), miniflare?.dispose()]);
});

async function openInbox(via: 'restate' | 'cloudflare', user: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${origin}/?via=${via}&team=billing&user=${user}`);
  return page;
}

/** A second person answers the same request later, over the proxy's route: what the list says of it, and the answer's status. */
function answerAgain(page: Page, via: 'restate' | 'cloudflare'): Promise<{ state: string | undefined; status: number }> {
  return page.evaluate(async (via) => {
    const headers = { 'content-type': 'application/json', 'x-team': 'billing', 'x-user': 'bob@example.com' };
    const list = (await fetch(`/${via}/api/hitl/requests`, { headers }).then((response) => response.json())) as {
      data: Array<{ request: { id: string }; state: string }>;
    };
    const [listing] = list.data;
    const id = listing?.request.id ?? '';
    const answer = await fetch(`/${via}/api/hitl/requests/${encodeURIComponent(id)}/answer`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ requestId: id, action: 'accept', decisions: [{ type: 'reject' }] }),
    });
    return { state: listing?.state, status: answer.status };
  }, via);
}

describe('durable engines waiting for a person in Chromium', () => {
  it('Restate: the handler waits on its awakeable, the process that opened its request stops, a person approves, the handler goes on once', async () => {
    const refunds = clients.connect({ url: engine.ingressUrl }).serviceClient<ReturnType<typeof refundService>>({ name: 'refunds' });
    let finished = false;
    const review = Promise.resolve(refunds.review({ orderId: '42', amount: 120, team: 'billing' })).finally(() => (finished = true));

    const ann = await openInbox('restate', 'ann@example.com');
    await ann
      .getByRole('list', { name: /waiting/i })
      .getByRole('button', { name: /Refund order 42\?/ })
      .click(WAIT);
    // Suspended on its awakeable: nothing has answered it.
    expect([finished, delivered.length]).toEqual([false, 0]);
    // The process that opened the request goes (a deploy): the request and the wait outlive it.
    await workerProxy.close();
    await ann.getByRole('button', { name: 'Approve' }).click();

    expect(await review).toBe('refunded 42');
    expect(delivered.map(({ by }) => by)).toEqual(['web']);
    expect(delivered[0]?.answer).toMatchObject({ requestId: 'refund-42', action: 'accept', decisions: [{ type: 'approve' }] });
    // Keyed by the awakeable's id, which the proxy handed back to resolve it.
    expect(delivered[0]?.opened.key).toMatch(/^sign_/);

    const bob = await openInbox('restate', 'bob@example.com');
    expect(await answerAgain(bob, 'restate')).toEqual({ state: 'answered', status: 409 });
    expect(delivered).toHaveLength(1);
    // A redelivery (an onAnswer that failed midway, called again) resolves the awakeable again: Restate accepts it.
    const [{ request, opened }] = delivered as [(typeof delivered)[number]];
    const reject: HumanAnswer = { requestId: 'refund-42', action: 'accept', decisions: [{ type: 'reject' }] };
    await expect(resolveAwakeable(engine.ingressUrl)(request, reject, opened)).resolves.toBeUndefined();
    expect(engineErrors).toEqual([]);
    await ann.context().close();
    await bob.context().close();
  });

  it('Cloudflare Workflows: the instance waits for its event until a person approves, then completes once with the approval', async () => {
    const worker = (path: string) =>
      fetch(new URL(path, workerUrl)).then((response) => response.json() as Promise<Record<string, unknown>>);
    const refund = { orderId: '7', amount: 30, team: 'billing' };
    await worker(`/start?id=refund-7&refund=${encodeURIComponent(JSON.stringify(refund))}`);

    const ann = await openInbox('cloudflare', 'ann@example.com');
    await ann
      .getByRole('list', { name: /waiting/i })
      .getByRole('button', { name: /Refund order 7\?/ })
      .click(WAIT);
    expect((await worker('/status?id=refund-7')).status).toMatch(/^(running|waiting)$/);
    expect(await worker('/deliveries')).toEqual({ deliveries: 0 });
    await ann.getByRole('button', { name: 'Approve' }).click();

    await expect.poll(() => worker('/status?id=refund-7'), WAIT).toMatchObject({ status: 'complete', output: 'refunded 7' });
    expect(await worker('/deliveries')).toEqual({ deliveries: 1 });
    const bob = await openInbox('cloudflare', 'bob@example.com');
    expect(await answerAgain(bob, 'cloudflare')).toEqual({ state: 'answered', status: 409 });
    expect(await worker('/deliveries')).toEqual({ deliveries: 1 });
    expect(await worker('/status?id=refund-7')).toMatchObject({ status: 'complete', output: 'refunded 7' });
    await ann.context().close();
    await bob.context().close();
  });
});

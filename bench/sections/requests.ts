/**
 * The proxy's requests (`proxy.requests.open`, `GET {basePath}/requests`, `POST
 * {basePath}/requests/{id}/answer`) at the scale of a busy team: two proxy instances on one real
 * redis-server, each in a process of its own (bench/hub/requests-process.ts, `--expose-gc`), the
 * simulator as their upstream; pages are Node stores in this process, each watching the requests
 * resource at its default interval, two on each instance.
 *
 * - **Open → shown**: each instance opens `REQUESTS_PER_INSTANCE` requests (a schema form, an
 *   approval and a `form_input` form in turn), evenly over `OPEN_SPREAD_MS`, noting the time of
 *   each `open`; each page notes when each id first appears in its store's data. Per request per
 *   page; the same machine, the same clock. Bounded by one poll interval plus the listing's way.
 * - **Answer → resolved**: every request answered through the other instance (A's through B and
 *   B's through A), `ANSWER_CONCURRENCY` at once, from just before the POST to the opener's
 *   promise resolving (the instance notes it). Every POST must get 200 and every promise resolve
 *   once, with the answer sent.
 * - **Heap**: each instance's heap after full collections with every request open, minus before
 *   the first open (the pages already polling).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTaskClient } from '../../src/client';
import { checkHumanRequest, type HumanAnswer, type HumanRequest } from '../../src/request';
import { checkHumanAnswer } from '../../src/server/requests/check-human-answer';
import { createRunStore, resourceKeys, RUN_STORE_DEFAULTS, type RunStore } from '../../src/store';
import { startSimulatorServer } from '../../src/testing';
import { startRedisServer } from '../../scripts/lib/redis-server';
import type { RequestsProcessMessage, RequestsProcessRequest, Resolution } from '../hub/requests-process';
import { quantile, round } from '../lib/stats';
import type { TargetResult } from '../lib/results';

export const REQUEST_INSTANCES = 2;
export const REQUESTS_PER_INSTANCE = 500;
export const REQUEST_PAGES_PER_INSTANCE = 2;
export const OPEN_SPREAD_MS = 5000;
export const ANSWER_CONCURRENCY = 32;
const LISTING_ROUNDS = 5;
const API_KEY = 'sk_bench_requests_7c1d';
const TEAM = 'operations';

/** The issue's goals: p99 of both delays under 2 s, and the thousand open requests within 50 MiB of heap per instance. */
export const REQUESTS_TARGETS = { p99Ms: 2000, heapMiB: 50 } as const;

interface Delays {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

export interface RequestsResult {
  instances: number;
  requests: number;
  pages: number;
  /** The pages' poll interval of the requests (the store's default). */
  intervalMs: number;
  openSpreadMs: number;
  concurrency: number;
  /** From `proxy.requests.open` to a page's store holding it, per request per page. */
  openToShownMs: Delays;
  /** From just before the POST (through the other instance) to the opener's promise resolving. */
  answerToResolvedMs: Delays;
  /** The same POSTs, to their response. */
  answerResponseMs: Delays;
  /** One `GET {basePath}/requests` of the 1,000 open, read and parsed by the load generator: median of `LISTING_ROUNDS`, ms, and its size, KiB. */
  listingMs: number;
  listingKiB: number;
  /** Answers that got 200 (goal: every one). */
  answered200: number;
  /** Promises that resolved once with the answer sent (goal: every one), and calls of their handlers (goal: as many). */
  resolvedWithAnswer: number;
  resolutions: number;
  /** Per instance: heap growth with every request open, MiB (goal ≤ 50). */
  heapMiB: number[];
  /** Per instance: the promises it held when its heap was read (`proxy.stats().requests.waiting`; goal: its share of the requests). */
  heldAtHeap: number[];
  /** Per instance: the heap before the first open, MiB. */
  heapBaseMiB: number[];
  rssMiB: number[];
}

interface RequestsProcess {
  name: string;
  url: string;
  ask<T extends RequestsProcessMessage['type']>(
    request: RequestsProcessRequest,
    reply: T,
  ): Promise<Extract<RequestsProcessMessage, { type: T }>>;
  close(): Promise<void>;
}

async function startInstance(name: string, upstream: string, redisUrl: string): Promise<RequestsProcess> {
  const child: ChildProcess = fork(fileURLToPath(new URL('../hub/requests-process.ts', import.meta.url)), {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_UPSTREAM: upstream,
      BENCH_API_KEY: API_KEY,
      BENCH_REDIS_URL: redisUrl,
      BENCH_REDIS_PREFIX: 'bench-requests:',
      BENCH_NAME: name,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends RequestsProcessMessage['type']>(type: T) =>
    new Promise<Extract<RequestsProcessMessage, { type: T }>>((resolve, reject) => {
      const onMessage = (message: RequestsProcessMessage) => {
        if (message.type === 'failed') reject(new Error(`instance ${name}: ${message.error}`));
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message as Extract<RequestsProcessMessage, { type: T }>);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`instance ${name} exited with ${String(code)}`)));
    });
  const { port } = await next('ready');
  let closing: Promise<void> | undefined;
  return {
    name,
    url: `http://127.0.0.1:${port}/api/hitl`,
    ask(request, reply) {
      const answer = next(reply);
      child.send(request);
      return answer;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ type: 'close' } satisfies RequestsProcessRequest);
      });
      return closing;
    },
  };
}

/** Request `index` of instance `name`: a schema form (MCP), an approval (LangGraph), a `form_input` form (AI SDK), in turn. */
function benchRequest(name: string, index: number): HumanRequest {
  const id = `${name}-${index}`;
  switch (index % 3) {
    case 0:
      return {
        id,
        source: 'mcp',
        kind: 'form',
        title: `Which room for booking ${index}?`,
        message: 'The guest asked for a quiet room, two nights from Friday.',
        allows: { decline: true, cancel: true },
        schema: {
          type: 'object',
          properties: {
            room: { type: 'string', title: 'Room', enum: ['garden', 'courtyard', 'street'] },
            nights: { type: 'integer', title: 'Nights', minimum: 1, maximum: 30 },
            breakfast: { type: 'boolean', title: 'Breakfast' },
            note: { type: 'string', title: 'Note for the guest', maxLength: 200 },
          },
          required: ['room', 'note'],
        },
      };
    case 1:
      return {
        id,
        source: 'langgraph',
        kind: 'approval',
        title: `Send invoice ${index}?`,
        actions: [
          {
            name: 'send_email',
            description: 'The agent drafted the invoice e-mail for the customer.',
            args: { to: `customer-${index}@example.com`, subject: `Invoice ${index}`, body: 'Please find attached the invoice for March.' },
            allowed: ['approve', 'edit', 'reject'],
          },
        ],
      };
    default:
      return {
        id,
        source: 'ai-sdk',
        kind: 'form',
        parameters: {
          heading: `Shipping for order ${index}`,
          description: 'The parcel is ready to leave the warehouse.',
          fields: [
            { type: 'text', label: 'Reference', maxLength: 100 },
            {
              type: 'select',
              label: 'Speed',
              options: [
                { label: 'Standard', value: 'standard' },
                { label: 'Express', value: 'express' },
              ],
            },
            { type: 'number', label: 'Parcels', min: 1, max: 10 },
            { type: 'checkbox', label: 'Insured' },
          ],
          submitLabel: 'Ship',
        },
      };
  }
}

/** The answer a person gives `request`, carrying `token` where the request takes text (the approval's token is its decision). */
function benchAnswer(request: HumanRequest): { answer: HumanAnswer; token: string } {
  const token = `answered ${request.id}`;
  if (request.kind === 'approval')
    return { answer: { requestId: request.id, action: 'accept', decisions: [{ type: 'approve' }] }, token: 'approve' };
  if (request.kind === 'form' && request.schema !== undefined)
    return {
      answer: { requestId: request.id, action: 'accept', content: { room: 'garden', nights: 2, breakfast: true, note: token } },
      token,
    };
  return {
    answer: {
      requestId: request.id,
      action: 'accept',
      answer: [
        { label: 'Reference', value: token },
        { label: 'Speed', value: 'express' },
        { label: 'Parcels', value: 2 },
        { label: 'Insured', value: true },
      ],
    },
    token,
  };
}

interface Page {
  store: RunStore;
  /** When each request id (the proxy's) first appeared in the store's data. */
  seen: Map<string, number>;
}

/** A page of `user` on the instance at `url`: a store watching the requests at its default interval. */
function openPage(url: string, user: string): Page {
  const store = createRunStore(createTaskClient({ baseUrl: url, headers: { 'x-team': TEAM, 'x-user': user } }));
  const key = resourceKeys.requests();
  const seen = new Map<string, number>();
  store.subscribe(key, () => {
    const data = store.getSnapshot(key).data;
    if (data === undefined) return;
    const now = Date.now();
    for (const listing of data.requests) if (!seen.has(listing.request.id)) seen.set(listing.request.id, now);
  });
  store.watch(key);
  return { store, seen };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`requests benchmark: timed out waiting for ${what}`);
    await sleep(25);
  }
}

const delays = (samples: number[]): Delays => ({
  p50: round(quantile(samples, 0.5), 0),
  p99: round(quantile(samples, 0.99), 0),
  max: samples.reduce((max, value) => Math.max(max, value), 0),
  samples: samples.length,
});

/** `GET {basePath}/requests` of `instance`, read and parsed, `LISTING_ROUNDS` times one after the other (the pages polling meanwhile): the median, and the size. */
async function timeListing(instance: RequestsProcess): Promise<{ ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let round = 0; round < LISTING_ROUNDS; round++) {
    const start = performance.now();
    const response = await fetch(`${instance.url}/requests`, { headers: { 'x-team': TEAM, 'x-user': 'operator-listing' } });
    const text = await response.text();
    JSON.parse(text);
    times.push(performance.now() - start);
    bytes = Buffer.byteLength(text);
  }
  return { ms: quantile(times, 0.5), bytes };
}

const mib = (bytes: number) => round(bytes / 1024 / 1024, 1);

export async function runRequests(log: (line: string) => void): Promise<RequestsResult> {
  const simulator = await startSimulatorServer({ apiKey: API_KEY, seed: 'bench-requests' });
  const redis = await startRedisServer();
  const instances: RequestsProcess[] = [];
  const pages: Page[] = [];
  try {
    instances.push(...(await Promise.all(['A', 'B'].map((name) => startInstance(name, simulator.url, redis.url)))));
    for (const instance of instances)
      for (let page = 0; page < REQUEST_PAGES_PER_INSTANCE; page++) pages.push(openPage(instance.url, `operator-${instance.name}${page}`));
    const key = resourceKeys.requests();
    await until(() => pages.every((page) => page.store.getSnapshot(key).data?.served === true), 'every page to list the requests', 30_000);
    const empty = await Promise.all(instances.map((instance) => instance.ask({ type: 'heap' }, 'heap')));

    const total = REQUEST_INSTANCES * REQUESTS_PER_INSTANCE;
    log(`requests: ${total} opened over ${OPEN_SPREAD_MS / 1000} s on ${REQUEST_INSTANCES} instances, ${pages.length} pages…`);
    const byInstance = instances.map((instance) =>
      Array.from({ length: REQUESTS_PER_INSTANCE }, (_, index) => benchRequest(instance.name, index)),
    );
    for (const request of byInstance.flat()) {
      const problem = checkHumanRequest(request) ?? checkHumanAnswer(request, benchAnswer(request).answer);
      if (problem !== undefined) throw new Error(`requests benchmark: request ${request.id}: ${problem}`);
    }
    /** When each request was opened, by the proxy's id. */
    const opened = new Map<string, number>();
    /** The proxy's id of each request, by its source's id (pages list and answer it under the proxy's). */
    const proxyIds = new Map<string, string>();
    const openReplies = await Promise.all(
      instances.map((instance, index) =>
        instance.ask({ type: 'open', requests: byInstance[index] as HumanRequest[], team: TEAM, spreadMs: OPEN_SPREAD_MS }, 'opened'),
      ),
    );
    for (const reply of openReplies)
      for (const [id, sourceId, at] of reply.opened) {
        opened.set(id, at);
        proxyIds.set(sourceId, id);
      }
    await until(() => pages.every((page) => page.seen.size >= total), `every page to show the ${total} requests`, 60_000);
    const shown = pages.flatMap((page) => [...opened].map(([id, at]) => (page.seen.get(id) as number) - at));
    const loaded = await Promise.all(instances.map((instance) => instance.ask({ type: 'heap' }, 'heap')));
    const held = await Promise.all(instances.map((instance) => instance.ask({ type: 'results' }, 'results')));
    const listing = await timeListing(instances[0] as RequestsProcess);

    log(`requests: answering each through the other instance, ${ANSWER_CONCURRENCY} at once…`);
    // A's and B's in turn, so that both instances take answers and deliver them throughout.
    const queue = Array.from({ length: REQUESTS_PER_INSTANCE }, (_, index) =>
      instances.map((_, opener) => ({
        request: byInstance[opener]?.[index] as HumanRequest,
        through: instances[(opener + 1) % instances.length] as RequestsProcess,
      })),
    ).flat();
    const postedAt = new Map<string, number>();
    const responseMs: number[] = [];
    const statuses = new Map<number, number>();
    const tokens = new Map<string, string>();
    let next = 0;
    const worker = async () => {
      for (let item = queue[next++]; item !== undefined; item = queue[next++]) {
        const { answer, token } = benchAnswer(item.request);
        const id = proxyIds.get(item.request.id) ?? item.request.id;
        tokens.set(id, token);
        const at = Date.now();
        postedAt.set(id, at);
        // A failed connection counts as status 0: a miss of the goal, not the end of the run.
        const status = await fetch(`${item.through.url}/requests/${encodeURIComponent(id)}/answer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-team': TEAM, 'x-user': `operator-${item.through.name}0` },
          // The page answers the request under the proxy's id; the source's promise gets it under its own.
          body: JSON.stringify({ ...answer, requestId: id }),
        }).then(
          async (response) => {
            await response.arrayBuffer();
            return response.status;
          },
          () => 0,
        );
        responseMs.push(Date.now() - at);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: ANSWER_CONCURRENCY }, worker));
    const results = async () => Promise.all(instances.map((instance) => instance.ask({ type: 'results' }, 'results')));
    let reports = await results();
    const deadline = Date.now() + 30_000;
    while (reports.reduce((sum, report) => sum + report.resolved.length, 0) < total && Date.now() < deadline) {
      await sleep(100);
      reports = await results();
    }
    const resolved: Resolution[] = reports.flatMap((report) => report.resolved);
    const withAnswer = resolved.filter(([id, , action, token]) => action === 'accept' && tokens.get(id) === token);
    const resolvedIds = new Set(withAnswer.map(([id]) => id));
    const answerDelays = withAnswer.map(([id, at]) => at - (postedAt.get(id) as number));
    const answered200 = statuses.get(200) ?? 0;
    if (answered200 !== total || resolvedIds.size !== total)
      log(
        `requests: ${answered200} of ${total} answers got 200 (statuses ${JSON.stringify(Object.fromEntries(statuses))}); ` +
          `${resolvedIds.size} promises resolved with the answer sent`,
      );

    return {
      instances: REQUEST_INSTANCES,
      requests: total,
      pages: pages.length,
      intervalMs: RUN_STORE_DEFAULTS.pollIntervalMs.requests,
      openSpreadMs: OPEN_SPREAD_MS,
      concurrency: ANSWER_CONCURRENCY,
      openToShownMs: delays(shown),
      answerToResolvedMs: delays(answerDelays),
      answerResponseMs: delays(responseMs),
      listingMs: round(listing.ms, 1),
      listingKiB: round(listing.bytes / 1024, 0),
      answered200,
      resolvedWithAnswer: resolvedIds.size,
      resolutions: reports.reduce((sum, report) => sum + report.resolutions, 0),
      heapMiB: loaded.map((heap, index) => mib(heap.heapUsed - (empty[index]?.heapUsed ?? 0))),
      heldAtHeap: held.map((report) => report.stats.waiting),
      heapBaseMiB: empty.map((heap) => mib(heap.heapUsed)),
      rssMiB: loaded.map((heap) => mib(heap.rss)),
    };
  } finally {
    for (const page of pages) page.store.destroy();
    await Promise.all(instances.map((instance) => instance.close()));
    await redis.stop();
    await simulator.close();
  }
}

/** The goals of the requests, as `npm run bench` lists its targets. */
export function requestsTargets(result: RequestsResult | undefined): TargetResult[] {
  const total = REQUEST_INSTANCES * REQUESTS_PER_INSTANCE;
  const scale = `${total.toLocaleString('en')} open requests across ${REQUEST_INSTANCES} instances`;
  const goals = {
    shown: `Requests: ${scale}, open → shown on a page, 99th percentile < ${REQUESTS_TARGETS.p99Ms} ms`,
    answer: `Requests: answer (through the other instance) → the opener's promise resolved, 99th percentile < ${REQUESTS_TARGETS.p99Ms} ms; every answer 200, every promise resolved once`,
    heap: `Requests: ${scale} take ≤ ${REQUESTS_TARGETS.heapMiB} MiB of heap per instance`,
  };
  if (result === undefined)
    return Object.entries(goals).map(([id, goal]) => ({
      id: `requests${id[0]?.toUpperCase() ?? ''}${id.slice(1)}`,
      goal,
      measured: '–',
      status: 'NOT MEASURED',
    }));
  const all =
    result.answered200 === result.requests && result.resolvedWithAnswer === result.requests && result.resolutions === result.requests;
  const worstHeap = Math.max(...result.heapMiB);
  // A heap read while fewer requests were held would measure less than the goal speaks of.
  const allHeld = result.heldAtHeap.every((held) => held === REQUESTS_PER_INSTANCE);
  return [
    {
      id: 'requestsShown',
      goal: goals.shown,
      measured: `${result.openToShownMs.p99} ms (median ${result.openToShownMs.p50} ms, polled every ${result.intervalMs} ms)`,
      status: result.openToShownMs.p99 < REQUESTS_TARGETS.p99Ms ? 'PASS' : 'MISS',
    },
    {
      id: 'requestsAnswer',
      goal: goals.answer,
      measured:
        `${result.answerToResolvedMs.p99} ms (median ${result.answerToResolvedMs.p50} ms); ${result.answered200} × 200, ` +
        `${result.resolvedWithAnswer} resolved with their answer, ${result.resolutions} resolutions`,
      status: result.answerToResolvedMs.p99 < REQUESTS_TARGETS.p99Ms && all ? 'PASS' : 'MISS',
    },
    {
      id: 'requestsHeap',
      goal: goals.heap,
      measured: `${result.heapMiB.map((value) => `${value} MiB`).join(', ')} (holding ${result.heldAtHeap.join(' and ')} promises)`,
      status: worstHeap <= REQUESTS_TARGETS.heapMiB && allHeld ? 'PASS' : 'MISS',
    },
  ];
}

/** The requests' table, in the shape of bench/lib/report.ts's tables. */
export function requestsTables(
  result: RequestsResult | undefined,
): Array<{ title: string; header: string[]; rows: string[][]; note: string }> {
  if (result === undefined) return [];
  const pair = (value: Delays) => `${value.p50} / ${value.p99} ms`;
  return [
    {
      title: `Requests: ${result.requests.toLocaleString('en')} open across ${result.instances} instances on Redis, ${result.pages} pages, Node`,
      header: ['Measure', 'value'],
      rows: [
        [`open → shown on a page, median / 99th percentile (goal < ${REQUESTS_TARGETS.p99Ms} ms)`, pair(result.openToShownMs)],
        [
          `answer → the opener's promise resolved, median / 99th percentile (goal < ${REQUESTS_TARGETS.p99Ms} ms)`,
          pair(result.answerToResolvedMs),
        ],
        ['answer → its response, median / 99th percentile', pair(result.answerResponseMs)],
        [
          `one listing of the ${result.requests.toLocaleString('en')} (GET, read, parsed), median`,
          `${result.listingMs} ms, ${result.listingKiB} KiB`,
        ],
        [
          'answers that got 200; promises resolved with their answer',
          `${result.answered200}; ${result.resolvedWithAnswer} of ${result.requests}`,
        ],
        [
          `heap per instance with every request open (goal ≤ ${REQUESTS_TARGETS.heapMiB} MiB)`,
          result.heapMiB.map((value) => `${value} MiB`).join(', '),
        ],
        [
          'heap per instance before the first open; RSS with every request open',
          `${result.heapBaseMiB.map((value) => `${value} MiB`).join(', ')}; ${result.rssMiB.map((value) => `${value} MiB`).join(', ')}`,
        ],
      ],
      note:
        `Each instance opens ${REQUESTS_PER_INSTANCE} requests (a schema form, an approval, a form_input form in turn) evenly over ${result.openSpreadMs / 1000} s; ` +
        `the pages, stores in the load generator (${result.pages / result.instances} on each instance), poll the requests every ${result.intervalMs} ms; open → shown per request per page (${result.openToShownMs.samples} samples). ` +
        `Each request answered through the other instance, ${result.concurrency} at once, timed from just before the POST to the promise resolving on its opener. ` +
        'Heap: heapUsed after full collections, the least of three readings, with every request open minus before the first open.',
    },
  ];
}

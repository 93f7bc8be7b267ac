/**
 * A proxy instance of the requests benchmark, one of two on a Redis store, in a process of its own
 * (started by bench/sections/requests.ts with `--expose-gc`) so that its heap is measured alone.
 * Its upstream, API key, Redis and name come from the environment; callers are named by the
 * `x-team` and `x-user` headers an auth proxy would set.
 *
 * Asked to, it opens requests with `proxy.requests.open` over a spread of time (the time of each
 * open taken just before it, on this machine's clock, which the load generator shares), notes
 * when and with what each promise resolves, and reports its heap after full collections.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HumanAnswer, HumanRequest } from '../../src/request';
import { createTaskProxy, toNodeListener, type TaskProxyRequestStats } from '../../src/server';
import { createRedisProxyStore } from '../../src/server/redis';

export type RequestsProcessRequest =
  { type: 'open'; requests: HumanRequest[]; team: string; spreadMs: number } | { type: 'results' } | { type: 'heap' } | { type: 'close' };

/** How a promise resolved: its id (the proxy's), when, and what it was given (action and the token the answer carried). */
export type Resolution = [id: string, at: number, action: string, token: string];

export type RequestsProcessMessage =
  | { type: 'ready'; port: number }
  /** Each request opened: the proxy's id (`opened.id`, which pages list and answer it under), its source's id, and when. */
  | { type: 'opened'; opened: Array<[id: string, sourceId: string, at: number]> }
  | { type: 'results'; resolved: Resolution[]; resolutions: number; stats: TaskProxyRequestStats }
  | { type: 'heap'; heapUsed: number; rss: number }
  | { type: 'failed'; error: string };

const upstream = process.env.BENCH_UPSTREAM;
const apiKey = process.env.BENCH_API_KEY;
const redisUrl = process.env.BENCH_REDIS_URL;
if (upstream === undefined || apiKey === undefined || redisUrl === undefined || process.send === undefined)
  throw new Error('Start this from bench/sections/requests.ts');
const send = (message: RequestsProcessMessage) => process.send?.(message);
const collect = (globalThis as { gc?: () => void }).gc;

const proxy = createTaskProxy({
  upstream,
  apiKey,
  basePath: '/api/hitl',
  store: createRedisProxyStore({ url: redisUrl, prefix: process.env.BENCH_REDIS_PREFIX }),
  events: false,
  identify: (request) => ({ user: request.headers.get('x-user') ?? '', team: request.headers.get('x-team') ?? '' }),
  logger: {
    info: () => undefined,
    warn: (line) => console.log(`[${process.env.BENCH_NAME ?? 'proxy'}] ${line}`),
    error: (line) => console.log(`[${process.env.BENCH_NAME ?? 'proxy'}] ${line}`),
  },
});
const server = createServer(toNodeListener(proxy));
server.listen(0, '127.0.0.1', () => send({ type: 'ready', port: (server.address() as AddressInfo).port }));

const resolved: Resolution[] = [];
/** Every call of a promise's `then` handler: more than the requests opened would be an answer delivered twice. */
let resolutions = 0;

/** The token an answer carries back (a form's first value, a schema form's `note`), or the approval's first decision. */
function tokenOf(answer: HumanAnswer): string {
  if ('content' in answer) return String(answer.content.note);
  if ('answer' in answer) return String(answer.answer[0]?.value);
  if ('decisions' in answer) return String(answer.decisions[0]?.type);
  return '';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openAll(message: Extract<RequestsProcessRequest, { type: 'open' }>): Promise<void> {
  const opened: Array<[string, string, number]> = [];
  const start = Date.now();
  const step = message.spreadMs / message.requests.length;
  for (const [index, request] of message.requests.entries()) {
    // Evenly over the spread, as sources come and go: each open at its own moment, not in one burst.
    const wait = start + index * step - Date.now();
    if (wait > 0) await sleep(wait);
    const at = Date.now();
    const answer = proxy.requests.open(request, { team: message.team });
    opened.push([answer.id, request.id, at]);
    void answer.then((given) => {
      resolutions += 1;
      resolved.push([answer.id, Date.now(), given.action, tokenOf(given)]);
    });
  }
  send({ type: 'opened', opened });
}

/** The heap after full collections, the least of three readings (see bench/hub/proxy-process.ts). */
async function reportHeap(): Promise<void> {
  const readings: number[] = [];
  for (let reading = 0; reading < 3; reading++) {
    for (let round = 0; round < 8; round++) {
      collect?.();
      await sleep(25);
    }
    readings.push(process.memoryUsage().heapUsed);
  }
  send({ type: 'heap', heapUsed: Math.min(...readings), rss: process.memoryUsage().rss });
}

process.on('message', (message: RequestsProcessRequest) => {
  if (message.type === 'open') openAll(message).catch((error: unknown) => send({ type: 'failed', error: String(error) }));
  else if (message.type === 'results') send({ type: 'results', resolved, resolutions, stats: proxy.stats().requests });
  else if (message.type === 'heap') void reportHeap();
  else
    void proxy.close().then(() => {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    });
});
process.on('disconnect', () => process.exit(0));

/**
 * A client that names made-up runs by the thousand (100 streams × 500 task ids), against a proxy
 * in a child process in front of a counting fake service, over real HTTP: what it costs the
 * service while the streams are open and after they close, and the proxy's memory.
 */
import type { ChildProcess } from 'node:child_process';
import { get, type ClientRequest } from 'node:http';
import { TASK_PROXY_DEFAULTS } from '../../../src/server';
import { startCountingUpstream, type CountingUpstream } from './counting-upstream';
import { forkProcess } from './fork-process';

const KEY = 'sk_live_flood_20b7c4';
const STREAMS = 100;
const IDS_PER_STREAM = 500;
const IDLE_MS = 2000;

let upstream: CountingUpstream;
const children: ChildProcess[] = [];
const requests: ClientRequest[] = [];

/** 32 polls open at once (the proxy's default) and 50 ms per answer: at most 640 requests/s, however fast the machine. */
const ANSWER_MS = 50;

beforeEach(async () => {
  upstream = await startCountingUpstream(KEY, { delayMs: ANSWER_MS });
});
afterEach(async () => {
  for (const request of requests.splice(0)) request.destroy();
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await upstream.close();
});

interface Stats {
  streams: number;
  topics: number;
  polling: number;
  rss: number;
  peak: number;
}

async function startProxy(teams: boolean): Promise<{ port: number; stats: () => Promise<Stats> }> {
  const child = await forkProcess(new URL('./flood-proxy-process.ts', import.meta.url), {
    env: { ...process.env, UPSTREAM: upstream.url, API_KEY: KEY, IDLE_MS: String(IDLE_MS), TEAMS: teams ? '1' : '0' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T)));
  const { port } = await next<{ port: number }>();
  return {
    port,
    stats: () => {
      const reply = next<Stats>();
      child.send('stats');
      return reply;
    },
  };
}

/** Opens one stream naming `ids`, reading (and dropping) what it sends; resolves with its status. */
function openStream(port: number, ids: readonly string[]): Promise<number> {
  const path = `/events?${ids.map((id) => `taskId=${id}`).join('&')}`;
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path, headers: { 'x-auth-user': 'mallory@Z' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    requests.push(request);
  });
}

const madeUpIds = (stream: number) => Array.from({ length: IDS_PER_STREAM }, (_, index) => `made-up-${stream}-${index}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * How many streams got each status: every one is admitted or told to come back, nothing else,
 * however long the busy proxy takes to read them (a failure then says what the others got).
 */
const tally = (statuses: readonly number[]) => {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

describe('a client naming 50,000 made-up runs', () => {
  it('costs the service nothing when the proxy knows teams: each run gets its not-found event, none is polled', async () => {
    const proxy = await startProxy(true);
    const statuses = await Promise.all(Array.from({ length: STREAMS }, (_, stream) => openStream(proxy.port, madeUpIds(stream))));
    // The user's allowance of named runs (2,000 by default) admits 4 streams of 500; the others are told to come back.
    const admitted = TASK_PROXY_DEFAULTS.maxRunsPerUser / IDS_PER_STREAM;
    expect(tally(statuses)).toEqual({ 200: admitted, 429: STREAMS - admitted });
    const stats = await proxy.stats();
    expect({ topics: stats.topics, streams: stats.streams }).toEqual({ topics: 0, streams: admitted });
    expect(upstream.requests).toHaveLength(0);
  }, 120_000);

  it('without teams: follows at most maxPollers runs, asks about each at most twice, stops once the client leaves, under 400 MB', async () => {
    const proxy = await startProxy(false);
    const statuses = await Promise.all(Array.from({ length: STREAMS }, (_, stream) => openStream(proxy.port, madeUpIds(stream))));
    // The per-instance cap (10,000 runs by default) admits 20 streams of 500; the others are told to come back.
    const admitted = TASK_PROXY_DEFAULTS.maxPollers / IDS_PER_STREAM;
    expect(tally(statuses)).toEqual({ 200: admitted, 429: STREAMS - admitted });
    expect((await proxy.stats()).topics).toBe(TASK_PROXY_DEFAULTS.maxPollers);
    // The client leaves while most of its runs still wait their turn for the service.
    await vi.waitFor(() => expect(upstream.requests.length).toBeGreaterThanOrEqual(1000), { timeout: 120_000, interval: 200 });
    for (const request of requests.splice(0)) request.destroy();
    const closedAt = Date.now();
    const atClose = upstream.requests.length;

    await vi.waitFor(async () => expect((await proxy.stats()).topics).toBe(0), { timeout: 120_000, interval: 500 });
    const forgottenAfterMs = Date.now() - closedAt;
    // Forgotten means no poller, no timer and no retry is left: the service hears nothing more.
    const atForgotten = upstream.requests.length;
    await sleep(5000);
    const pollsPerSecondAfter = (upstream.requests.length - atForgotten) / 5;

    const perId = new Map<string, number>();
    for (const request of upstream.requests) perId.set(request.taskId ?? '', (perId.get(request.taskId ?? '') ?? 0) + 1);
    const most = Math.max(...perId.values());
    const { peak } = await proxy.stats();
    console.info(
      `flood without teams: ${admitted} of ${STREAMS} streams admitted; ${atClose} upstream requests when the client left, ` +
        `${upstream.requests.length} in all for ${perId.size} ids (at most ${most} per id); runs forgotten ${forgottenAfterMs} ms after it left; ` +
        `${pollsPerSecondAfter} requests/s in the 5 s after; peak RSS ${(peak / 1048576).toFixed(0)} MB`,
    );
    expect(most).toBeLessThanOrEqual(2);
    // Draining the 10,000 takes the service over 15 s; the runs still waiting their turn once the
    // idle time had passed were never asked about.
    expect(upstream.requests.length).toBeLessThan(TASK_PROXY_DEFAULTS.maxPollers);
    expect(pollsPerSecondAfter).toBe(0);
    expect(peak).toBeLessThan(400 * 1024 * 1024);
  }, 300_000);
});

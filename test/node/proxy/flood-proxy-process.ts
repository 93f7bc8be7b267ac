/**
 * A proxy with its event stream in a process of its own, for the flood test: its memory is
 * measured alone. Forked by `forkProcess` (fork-process.ts); `UPSTREAM`, `API_KEY`, `IDLE_MS`
 * and `TEAMS` (`1`: `identify` reads the `x-auth-user` header, `user@team`) come from the
 * environment. It sends `{ port }` once listening, then answers `stats` with the hub's stats,
 * the RSS and its peak.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTaskProxy, toNodeListener } from '../../../src/server';

const peakRss = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

const proxy = createTaskProxy({
  upstream: process.env.UPSTREAM ?? '',
  apiKey: process.env.API_KEY ?? '',
  events: { idleMs: Number(process.env.IDLE_MS ?? 30_000) },
  ...(process.env.TEAMS === '1'
    ? {
        identify: (request: Request) => {
          const [user, team] = (request.headers.get('x-auth-user') ?? '').split('@');
          return user === undefined || team === undefined ? null : { user, team };
        },
      }
    : {}),
});
const listener = toNodeListener(proxy);
const server = createServer({ maxHeaderSize: 64 * 1024 }, listener);
listener.attach(server);
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));

process.on('message', (message) => {
  if (message === 'stats') process.send?.({ ...proxy.stats(), rss: process.memoryUsage().rss, peak: peakRss() });
});
process.on('disconnect', () => process.exit(0));

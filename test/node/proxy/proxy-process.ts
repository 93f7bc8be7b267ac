/**
 * A proxy in a process of its own, so a test can measure the proxy's memory and nothing else's.
 * Forked by `forkProcess` (fork-process.ts); `UPSTREAM` and `API_KEY` come from the environment.
 * It sends `{ port }` once listening, then answers `reset` (the peak RSS starts again from now)
 * and `peak` (the peak RSS since, in bytes).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTaskProxy, toNodeListener } from '../../../src/server';

const peakRss = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

const listener = toNodeListener(
  createTaskProxy({ upstream: process.env.UPSTREAM ?? '', apiKey: process.env.API_KEY ?? '', events: false }),
);
const server = createServer(listener);
listener.attach(server);
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));

process.on('message', (message) => {
  if (message === 'reset') {
    // Writing 5 to clear_refs starts the kernel's peak RSS count (VmHWM) again from the current RSS.
    writeFileSync('/proc/self/clear_refs', '5');
    process.send?.({ rss: process.memoryUsage().rss, peak: peakRss() });
  } else if (message === 'peak') {
    process.send?.({ rss: process.memoryUsage().rss, peak: peakRss() });
  }
});
process.on('disconnect', () => process.exit(0));

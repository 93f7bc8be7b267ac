/**
 * The serving half of a proxy instance in a process of its own (see `forkProcess`): the handler on
 * 127.0.0.1 (port 0) through `toNodeListener`, `{ port }` sent to the parent once listening, and an
 * exit when the parent goes, so no instance outlives its test.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeListener } from '../../../src/server';

export function serveToParent(handler: (request: Request) => Promise<Response>): Server {
  const listener = toNodeListener(handler);
  const server = createServer(listener);
  listener.attach(server);
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  process.on('disconnect', () => process.exit(0));
  return server;
}

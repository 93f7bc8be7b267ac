/**
 * `toNodeListener` in a Node where `srvx` cannot be found (the test forks this with a resolve hook
 * that refuses it): one request is made to it, and what the client got and what `onError` heard
 * are sent to the parent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeListener } from '../../../src/server';

const reported: string[] = [];
let reached = false;
const listener = toNodeListener(
  () => {
    reached = true;
    return Promise.resolve(new Response('answered'));
  },
  { onError: (error) => reported.push(error instanceof Error ? error.message : String(error)) },
);
const server = createServer(listener);
server.listen(0, '127.0.0.1', () => {
  void (async () => {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/check`);
    process.send?.({ status: response.status, body: await response.text(), reported, reached });
    server.close();
  })();
});
process.on('disconnect', () => process.exit(0));

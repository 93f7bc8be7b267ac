/**
 * `toNodeListener` and `startSimulatorServer` in a Node where `srvx` cannot be found (the test
 * forks this with a resolve hook that refuses it). What each threw is sent to the parent; a
 * listener made anyway is served one request, and what it logged is sent too.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeListener } from '../../../src/server';
import { startSimulatorServer } from '../../../src/testing';

const logged: string[] = [];
console.error = (...args: unknown[]) => void logged.push(args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' '));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

let reached = false;
let listenerError: string | undefined;
let status: number | undefined;
try {
  const listener = toNodeListener(() => {
    reached = true;
    return Promise.resolve(new Response('answered'));
  });
  // Made anyway: one request, to see what it answers and logs.
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  status = (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/check`)).status;
  await new Promise((resolve) => server.close(resolve));
} catch (error) {
  listenerError = messageOf(error);
}

let simulatorError: string | undefined;
try {
  const simulator = await startSimulatorServer();
  await simulator.close();
} catch (error) {
  simulatorError = messageOf(error);
}
// A simulator that failed at once took no port.
const listening = process.getActiveResourcesInfo().includes('TCPServerWrap');

process.send?.({ listenerError, status, reached, logged, simulatorError, listening });
process.on('disconnect', () => process.exit(0));

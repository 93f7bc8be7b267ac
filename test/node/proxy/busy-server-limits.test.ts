/**
 * The adapter's time limits on slow clients count the client's delay, not the server's: a server
 * whose loop was held up past a limit (a loaded machine, a long synchronous task) still reads what
 * a prompt client sent before the limit cuts it off. Over real HTTP on 127.0.0.1, with a raw socket
 * so the test knows when every byte was written.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { toNodeListener } from '../../../src/server';

/** Long enough that only a frozen test process stalls past it between the connection and its first write. */
const LIMIT_MS = 2000;
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
});

/** Holds the loop up, as a busy machine or a long synchronous task does (asleep: it burns no CPU). */
function block(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Sends `head` on a new connection, and `body` once the server has the request's headers. Once the
 * last of it is written, the server's loop is held up past the limit before it may read it.
 * Resolves with everything the server sent back.
 */
async function sendToBusyServer(server: Server, head: string, body?: string): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let written = false;
  // In a check phase after the client's last write: the limit's timer is due before the loop reads it.
  const holdUp = () => (written ? block(LIMIT_MS + 1000) : setImmediate(holdUp));
  return new Promise((resolve, reject) => {
    let received = '';
    const socket: Socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => {
      socket.write(head, () => (written = body === undefined));
    });
    server.on(body === undefined ? 'connection' : 'request', () => {
      if (body !== undefined) socket.write(body, () => (written = true));
      setImmediate(holdUp);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('a server held up past its limits', () => {
  it('answers headers a client sent in time instead of 408', async () => {
    const listener = toNodeListener(() => Promise.resolve(new Response('served')), { headersTimeoutMs: LIMIT_MS });
    const server = createServer(listener);
    listener.attach(server);
    const received = await sendToBusyServer(server, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toContain('served');
  });

  it('answers a body a client sent in time instead of 408', async () => {
    const listener = toNodeListener(async (request) => new Response(`got ${await request.text()}`), { bodyTimeoutMs: LIMIT_MS });
    const head = 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\n';
    const received = await sendToBusyServer(createServer(listener), head, 'hello');
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toContain('got hello');
  });
});

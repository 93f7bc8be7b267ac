/** The Node adapter on its own, with a handler whose answer is larger than the socket buffers at once. */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { toNodeListener } from '../../../src/server';

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => {
    server?.close(() => resolve());
    server?.closeAllConnections();
  });
  server = undefined;
});

async function listen(handler: (request: Request) => Promise<Response>, onError?: (error: unknown) => void): Promise<string> {
  server = createServer(toNodeListener(handler, onError === undefined ? {} : { onError }));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const CHUNK = new Uint8Array(256 * 1024).fill(0x61);

describe('toNodeListener', () => {
  it('streams a long answer in full without piling listeners onto the response', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => {
      if (warning.name === 'MaxListenersExceededWarning') warnings.push(warning.message);
    };
    process.on('warning', onWarning);
    try {
      // Every chunk is larger than the response's buffer, so every write waits for `drain`.
      const chunks = 20;
      const url = await listen(() =>
        Promise.resolve(
          new Response(
            new ReadableStream<Uint8Array>({
              start(controller) {
                for (let i = 0; i < chunks; i++) controller.enqueue(CHUNK);
                controller.close();
              },
            }),
          ),
        ),
      );
      const body = await (await fetch(url)).arrayBuffer();
      expect(body.byteLength).toBe(chunks * CHUNK.byteLength);
      // Warnings are emitted on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('stops reading an endless answer once the client goes away while it waits to write', async () => {
    let cancelled = false;
    const url = await listen(() =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              controller.enqueue(CHUNK);
            },
            cancel() {
              cancelled = true;
            },
          }),
        ),
      ),
    );
    const client = new AbortController();
    const response = await fetch(url, { signal: client.signal });
    await response.body?.getReader().read();
    client.abort();
    await vi.waitFor(() => expect(cancelled).toBe(true));
  });

  it('closes the connection without an error report when the body aborts itself after the answer started', async () => {
    const reported: unknown[] = [];
    let abort: (() => void) | undefined;
    const url = await listen(
      () =>
        Promise.resolve(
          new Response(
            new ReadableStream<Uint8Array>({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('first part'));
                abort = () => controller.error(new DOMException('The client does not read', 'AbortError'));
              },
            }),
          ),
        ),
      (error) => reported.push(error),
    );
    const reader = (await fetch(url)).body?.getReader();
    expect(new TextDecoder().decode((await reader?.read())?.value)).toBe('first part');
    abort?.();
    await expect(reader?.read()).rejects.toThrow();
    expect(reported).toEqual([]);
  });

  it('closes the connection of a client that never reads once the body gives up on it, keeping no more than its bound', async () => {
    // Like the event stream: a body that produces whatever the client reads or not, holds at most
    // 1 MiB for it, and aborts itself past that.
    const reported: unknown[] = [];
    let produced = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    const url = await listen(
      () =>
        Promise.resolve(
          new Response(
            new ReadableStream<Uint8Array>(
              {
                start(controller) {
                  timer = setInterval(() => {
                    controller.enqueue(CHUNK);
                    produced += CHUNK.byteLength;
                    if ((controller.desiredSize ?? 0) < 0) {
                      clearInterval(timer);
                      controller.error(new DOMException('The client does not read', 'AbortError'));
                    }
                  }, 1);
                },
                cancel: () => clearInterval(timer),
              },
              new ByteLengthQueuingStrategy({ highWaterMark: 1024 * 1024 }),
            ),
          ),
        ),
      (error) => reported.push(error),
    );
    const { port } = new URL(url);
    // The server's side of the connection: a paused client would not notice it closing.
    const closed = new Promise<void>((resolve) => server?.once('connection', (connection) => connection.once('close', () => resolve())));
    // A raw socket that sends its request and never reads a byte of the answer.
    const socket = connect(Number(port), '127.0.0.1');
    socket.pause();
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    try {
      await closed;
    } finally {
      clearInterval(timer);
      socket.destroy();
    }
    expect(reported).toEqual([]);
    // What the socket buffers took, then the bound: not an ever-growing queue.
    expect(produced).toBeLessThan(64 * 1024 * 1024);
  });
});

/** The Node adapter on its own, with a handler whose answer is larger than the socket buffers at once. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeListener } from '../../../src/server';

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => {
    server?.close(() => resolve());
    server?.closeAllConnections();
  });
  server = undefined;
});

async function listen(handler: (request: Request) => Promise<Response>): Promise<string> {
  server = createServer(toNodeListener(handler));
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
});

/**
 * A webhook receiver on 127.0.0.1: answers each delivery with the next scripted status (then
 * 204), and verifies every delivery's signature with the `standardwebhooks` package, as a
 * receiver of the notifications would.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Delivery {
  /** The path and query it was posted to. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** `performance.now()` when it arrived. */
  readonly at: number;
  /** The `standardwebhooks` verdict: the parsed payload, or the error it threw. */
  readonly verified: unknown;
  readonly verifyError?: string;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly secret: string;
  readonly deliveries: Delivery[];
  /** Resolves once `count` deliveries arrived. */
  received(count: number): Promise<Delivery[]>;
  close(): Promise<void>;
}

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export interface WebhookReceiverOptions {
  /**
   * Called with each delivery as it arrives (it is in `deliveries` already): a promise returned
   * holds the answer until it settles, as a receiver that hangs would. Default: none.
   */
  hold?(delivery: Delivery): Promise<void> | undefined;
}

export async function startWebhookReceiver(
  script: Array<{ status: number; headers?: Record<string, string> }> = [],
  secret = newWebhookSecret(),
  options: WebhookReceiverOptions = {},
): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const waiting: Array<{ count: number; resolve: (list: Delivery[]) => void }> = [];
  const verifier = new Webhook(secret);
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: unknown;
      let verifyError: string | undefined;
      try {
        verified = verifier.verify(body, request.headers as Record<string, string>);
      } catch (error) {
        verifyError = error instanceof Error ? error.message : String(error);
      }
      const delivery: Delivery = {
        path: request.url ?? '',
        headers: request.headers,
        body,
        at: performance.now(),
        verified,
        ...(verifyError === undefined ? {} : { verifyError }),
      };
      deliveries.push(delivery);
      const next = script.shift() ?? { status: 204 };
      const answer = () => {
        // The sender may be gone (killed while it waited).
        if (!response.destroyed) response.writeHead(next.status, next.headers).end();
      };
      const held = options.hold?.(delivery);
      if (held === undefined) answer();
      else void held.then(answer);
      for (const waiter of [...waiting])
        if (deliveries.length >= waiter.count) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(deliveries.slice());
        }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/notify`,
    secret,
    deliveries,
    received: (count) =>
      deliveries.length >= count ? Promise.resolve(deliveries.slice()) : new Promise((resolve) => waiting.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

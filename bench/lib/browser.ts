/**
 * Debian's Chromium through playwright-core, and a static server for the benchmark pages.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}

export interface StaticServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/** Serves fixed files from memory, by path (`/forms-ours.js`), on 127.0.0.1 and a free port. */
export async function serveFiles(files: ReadonlyMap<string, string>): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const body = files.get(path);
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const extension = path.slice(path.lastIndexOf('.') + 1);
    response
      .writeHead(200, {
        'content-type': TYPES[extension] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        // Cross-origin isolated: `performance.now()` in 5 µs steps, not 100 µs. A keystroke takes
        // a few tenths of a millisecond, and medians in 0.1 ms steps moved a ratio from 1.00× to
        // 1.33× or 1.50× on one step.
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      })
      .end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An HTML page that loads one script (and optionally one stylesheet) and has a `#root`. */
export function pageHtml(title: string, script: string, stylesheet?: string): string {
  const link = stylesheet === undefined ? '' : `<link rel="stylesheet" href="${stylesheet}">`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${link}</head><body><div id="root"></div><script type="module" src="${script}"></script></body></html>`;
}

/**
 * Stands in for your app's server in the Playwright example: the built page, and your backend's
 * proxy at `/api/hitl` (`createTaskProxy`, which adds the key) in front of a task service, here
 * the simulator. Your own setup would start your dev server (Playwright's `webServer`) with its
 * proxy pointed at `startSimulatorServer()`'s address instead.
 *
 * In your app, import from `'hitl-react/server'` instead of `'../../../src/server'`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { createTaskProxy, toNodeListener } from '../../../src/server';

/** Where `serveApp` sends the app's requests to the task service. */
export interface ServeAppOptions {
  /** The task service's address: the simulator's `url`. */
  upstream: string;
  /** The key the proxy adds; the page never sees it. */
  apiKey: string;
}

/** The running app. */
export interface ServedApp {
  /** The page's address, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Stops the server and removes the build. */
  close(): Promise<void>;
}

const root = resolve(import.meta.dirname, '../../..');

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Your orders</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/main.css"></head>
<body><div id="root"></div><script type="module" src="/main.js"></script></body>
</html>`;

/** Builds the example app (`../app/main.tsx`) and serves it with the proxy on 127.0.0.1, on a free port. */
export async function serveApp(options: ServeAppOptions): Promise<ServedApp> {
  const outdir = await mkdtemp(join(tmpdir(), 'hitl-example-app-'));
  await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'examples/testing/app/main.tsx')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    outdir,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const proxy = toNodeListener(createTaskProxy({ upstream: options.upstream, apiKey: options.apiKey, basePath: '/api/hitl' }));
  const files: Record<string, string> = { '/main.js': 'text/javascript; charset=utf-8', '/main.css': 'text/css; charset=utf-8' };

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/api/hitl' || path.startsWith('/api/hitl/')) {
      proxy(request, response);
      return;
    }
    const type = path === '/' ? 'text/html; charset=utf-8' : files[path];
    if (type === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const body = path === '/' ? Promise.resolve(PAGE) : readFile(join(outdir, path.slice(1)));
    body.then(
      (content) => response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(content),
      () => response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      await rm(outdir, { recursive: true, force: true });
    },
  };
}

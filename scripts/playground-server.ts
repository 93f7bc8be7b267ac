/**
 * The playground's web server: Vite serving `playground/` with the key-hiding proxy mounted
 * beside it, so the page talks to `/api/hitl` on its own origin and never sees the key.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer as createViteServer, type LogLevel, type Plugin, type ViteDevServer } from 'vite';
import { createTaskProxy, toNodeListener } from '../src/server';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the playground's client finds the proxy; `playground/src/main.tsx` uses the same path. */
export const PLAYGROUND_PROXY_PATH = '/api/hitl';

export interface PlaygroundServerOptions {
  /** Port to listen on; 0 picks a free one. A busy port rejects with `EADDRINUSE` (the caller decides on a fallback). */
  port: number;
  /** The task service the proxy forwards to. */
  upstream: string;
  /** The key the proxy adds; it stays in this process. */
  apiKey: string;
  /** Vite's own messages. Default: `'info'`. */
  logLevel?: LogLevel;
  /** Vite's dependency cache. Default: `node_modules/.vite/playground`. */
  cacheDir?: string;
  /**
   * Whether edits to the app or the library reload the page. Tests turn it off, so a file that
   * changes while they run (a build rewriting a generated file) cannot reload the page under them.
   * Default: true.
   */
  hotReload?: boolean;
}

export interface PlaygroundServer {
  /** e.g. `http://127.0.0.1:5173/` */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Refuses requests another site's page makes (the browser marks them with `Sec-Fetch-Site`), so a
 * page open in another tab cannot spend the key through this proxy. A site that points its own
 * name at 127.0.0.1 is refused before this, by Vite's check of the `Host` header. Tools without
 * `Sec-Fetch-Site` (curl, scripts) are let through: the server only listens on the loopback
 * interface.
 */
function sameOriginOnly(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

/** Mounts the key-hiding proxy on Vite's dev server at `PLAYGROUND_PROXY_PATH`. */
function taskProxyPlugin(upstream: string, apiKey: string): Plugin {
  return {
    name: 'hitl-playground:task-proxy',
    configureServer(server) {
      const listener = toNodeListener(createTaskProxy({ upstream, apiKey, basePath: PLAYGROUND_PROXY_PATH, authorize: sameOriginOnly }));
      // Not `use(path, handler)`: connect would strip the path, and the proxy matches the full one.
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const path = req.url ?? '/';
        if (path === PLAYGROUND_PROXY_PATH || path.startsWith(`${PLAYGROUND_PROXY_PATH}/`)) listener(req, res);
        else next();
      });
    },
  };
}

/**
 * Starts Vite's dev server for `playground/` on 127.0.0.1.
 *
 * Vite runs in middleware mode on a server of our own: a stand-alone Vite server would take over
 * SIGTERM and the end of stdin to exit the process, leaving the simulator and the caller (a
 * test, `npm start`'s own shutdown) no say, and it hides the listen error's `EADDRINUSE` code.
 * The port is taken first: a busy one is refused at once, before Vite starts and bundles the
 * app's dependencies (seconds on a busy machine), not after, which a fallback paid twice.
 */
export async function startPlaygroundServer(options: PlaygroundServerOptions): Promise<PlaygroundServer> {
  // Requests that come before Vite is ready (a tab left open on the port) wait for it.
  const handler: { vite?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const early: Array<[IncomingMessage, ServerResponse]> = [];
  const httpServer = createHttpServer((req, res) => {
    if (handler.vite === undefined) early.push([req, res]);
    else handler.vite(req, res);
  });
  const closeHttpServer = () =>
    new Promise<void>((done) => {
      httpServer.close(() => done());
      // Browsers keep connections open; they would hold `close` for minutes.
      httpServer.closeAllConnections();
    });
  await new Promise<void>((done, fail) => {
    httpServer.once('error', fail);
    httpServer.listen(options.port, '127.0.0.1', () => {
      httpServer.off('error', fail);
      done();
    });
  });

  let vite: ViteDevServer;
  try {
    vite = await startVite(options, httpServer);
  } catch (error) {
    await closeHttpServer();
    throw error;
  }
  handler.vite = vite.middlewares;
  for (const [req, res] of early.splice(0)) vite.middlewares(req, res);

  const { port } = httpServer.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    close() {
      closing ??= Promise.all([vite.close(), closeHttpServer()]).then(() => undefined);
      return closing;
    },
  };
}

/** Vite in middleware mode on `httpServer` (its hot updates too), the app's dependencies bundled. */
async function startVite(options: PlaygroundServerOptions, httpServer: Server): Promise<ViteDevServer> {
  const cacheDir = options.cacheDir ?? resolve(repoRoot, 'node_modules/.vite/playground');
  const hotReload = options.hotReload ?? true;
  const vite = await createViteServer({
    configFile: false,
    root: resolve(repoRoot, 'playground'),
    cacheDir,
    logLevel: options.logLevel ?? 'info',
    clearScreen: false,
    appType: 'spa',
    plugins: [react(), taskProxyPlugin(options.upstream, options.apiKey)],
    server: {
      middlewareMode: true,
      // Hot updates over this server's own port, not a second fixed one that parallel instances would fight over.
      hmr: hotReload ? { server: httpServer } : false,
      watch: hotReload ? {} : null,
      // The app imports the library from ../src, outside Vite's root. Nothing else of the
      // repository is served: not the scripts, which hold the demo key.
      fs: { allow: [resolve(repoRoot, 'playground'), resolve(repoRoot, 'src'), resolve(repoRoot, 'node_modules'), cacheDir], strict: true },
    },
    // Named up front, so they are bundled in one go at start-up.
    optimizeDeps: {
      entries: ['index.html'],
      include: [
        'react',
        'react/jsx-runtime',
        'react/jsx-dev-runtime',
        'react-dom',
        'react-dom/client',
        '@radix-ui/react-select',
        '@radix-ui/react-switch',
        'ajv',
      ],
    },
  });
  try {
    // Bundle the app's dependencies before the first visit: the page then loads without a reload
    // midway, and closing never cuts a bundling run short (which leaves its directory behind).
    await vite.warmupRequest('/src/main.tsx');
    await vite.waitForRequestsIdle();
    const optimizer = vite.environments.client.depsOptimizer;
    if (optimizer !== undefined)
      await Promise.all(
        Object.values(optimizer.metadata.discovered).flatMap((dep) => (dep.processing === undefined ? [] : [dep.processing])),
      );
  } catch (error) {
    await vite.close();
    throw error;
  }
  return vite;
}

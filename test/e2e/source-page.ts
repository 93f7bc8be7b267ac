/**
 * A page for an e2e test: a TSX entry bundled from the source with esbuild (production React), and
 * a server on 127.0.0.1 (port 0) that serves it as `/app.js` under a minimal document.
 */
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const repoRoot = resolve(import.meta.dirname, '../..');

/** Bundles `entry`, whose imports resolve from the repository root (`./src`). */
export async function bundleSourcePage(entry: string, sourcefile: string, options: { minify?: boolean } = {}): Promise<string> {
  const result = await build({
    stdin: { contents: entry, loader: 'tsx', resolveDir: repoRoot, sourcefile },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    minify: options.minify === true,
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  return result.outputFiles[0]?.text ?? '';
}

/**
 * The entry of an operator's page: `<Inbox>` under a heading, its client reaching the proxy at
 * `/{via}/api/hitl` (the page's `?via=`) as the person of `?team=` and `?user=` (the headers the
 * test's `identify` reads).
 */
export const inboxPageSource = (heading: string) => `
import { createRoot } from 'react-dom/client';
import { createTaskClient, Inbox, TaskClientProvider } from './src';
const params = new URLSearchParams(location.search);
const client = createTaskClient({
  baseUrl: '/' + params.get('via') + '/api/hitl',
  headers: { 'x-team': params.get('team') ?? '', 'x-user': params.get('user') ?? '' },
});
createRoot(document.getElementById('root')).render(
  <TaskClientProvider client={client}><main><h1>${heading}</h1><Inbox listIntervalMs={false} /></main></TaskClientProvider>,
);
`;

/** Serves `script` as the page's only module, with `title` as the document's title. */
export async function serveSourcePage(script: string, title: string): Promise<Server> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,"></head>
<body><div id="root"></div><script type="module" src="/app.js"></script></body></html>`;
  const server = createServer((request, response) => {
    const isScript = request.url === '/app.js';
    response.writeHead(200, { 'content-type': isScript ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8' });
    response.end(isScript ? script : html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

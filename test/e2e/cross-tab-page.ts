/**
 * The page of the cross-tab and inbox e2e tests, and its server: the page's origin also serves the
 * proxy (no key in the browser) in front of the HTTP simulator. The page shows RunViewers for the
 * tasks it is given (`window.__setTasks`), an `<Inbox>` (`?mode=inbox`), or only notifies
 * (`?mode=notify`); `window.__role()` says whether its store leads the tabs. `usePageRig` starts
 * the page's server with the simulator and Chromium for a test file.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { createTaskProxy, toNodeListener, type TaskProxy } from '../../src/server';
import { startSimulatorServer, type SimulatorServer, type SimulatorServerOptions } from '../../src/testing';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium';
import { bundleSourcePage } from './source-page';

export const INTERVAL_MS = 1000;

const PAGE_SOURCE = `
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createTaskClient, Inbox, RunViewer, TaskClientProvider, useInbox, useToolCallAttention } from './src';
import { getRunStore } from './src/store-entry';
const params = new URLSearchParams(location.search);
const client = createTaskClient({ baseUrl: '/api/hitl' });
const store = getRunStore(client);
window.__role = () => store.tabs.role();
function Notifier({ tasks }) {
  const { items } = useInbox({ taskIds: tasks, pollIntervalMs: ${INTERVAL_MS} });
  useToolCallAttention(items, { notify: true, notifyDelayMs: 300 });
  return <p>{items.length} waiting</p>;
}
function App() {
  const [tasks, setTasks] = useState(() => (params.get('tasks') ?? '').split(',').filter(Boolean));
  window.__setTasks = setTasks;
  const mode = params.get('mode');
  if (mode === 'inbox') return <main><h1>Operator</h1><Inbox listIntervalMs={${INTERVAL_MS * 2}} pollIntervalMs={${INTERVAL_MS}} /></main>;
  if (mode === 'notify') return <main><Notifier tasks={tasks} /></main>;
  return <main>{tasks.map((taskId) => <RunViewer key={taskId} taskId={taskId} pollIntervalMs={${INTERVAL_MS}} liveView={false} />)}</main>;
}
createRoot(document.getElementById('root')).render(<TaskClientProvider client={client}><App /></TaskClientProvider>);
`;

export interface PageServer {
  url: string;
  /**
   * Holds every answer the pages post (`POST …/tool-input`) until the returned release is called:
   * what the pages do meanwhile happens while an answer is in flight, however slow the machine.
   */
  holdAnswers(): () => void;
  close(): Promise<void>;
}

export async function startPageServer(upstream: string, apiKey: string): Promise<PageServer> {
  const script = await bundleSourcePage(PAGE_SOURCE, 'cross-tab-page.tsx');
  const proxy: TaskProxy = createTaskProxy({ upstream, apiKey, basePath: '/api/hitl', events: false });
  const listener = toNodeListener(proxy);
  let held: Promise<void> | undefined;
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tabs</title><link rel="icon" href="data:,"></head><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>';
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/app.js' || path === '/') {
      response.writeHead(200, { 'content-type': `text/${path === '/' ? 'html' : 'javascript'}; charset=utf-8` });
      response.end(path === '/' ? html : script);
      return;
    }
    if (held !== undefined && request.method === 'POST' && path?.endsWith('/tool-input') === true) {
      void held.then(() => listener(request, response));
      return;
    }
    listener(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    holdAnswers() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    async close() {
      await proxy.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** What a test file of the page works with, once `usePageRig`'s `beforeAll` ran. */
export interface PageRig {
  readonly simulator: SimulatorServer;
  readonly server: PageServer;
  readonly browser: Browser;
}

/**
 * The HTTP simulator (with `options`: its key, seed and scenarios), the page's server in front of
 * it and Chromium, started before the file's tests and stopped after them.
 */
export function usePageRig(options: SimulatorServerOptions & { apiKey: string }): PageRig {
  const parts: Partial<{ -readonly [K in keyof PageRig]: PageRig[K] }> = {};
  beforeAll(async () => {
    parts.simulator = await startSimulatorServer(options);
    parts.server = await startPageServer(parts.simulator.url, options.apiKey);
    parts.browser = await chromium.launch(chromiumLaunchOptions);
  });
  afterAll(async () => {
    await parts.browser?.close();
    await parts.server?.close();
    await parts.simulator?.close();
  });
  const rig = (): PageRig => {
    const { simulator, server, browser } = parts;
    if (simulator === undefined || server === undefined || browser === undefined)
      throw new Error('The page rig is used before its beforeAll ran.');
    return { simulator, server, browser };
  };
  return {
    get simulator() {
      return rig().simulator;
    },
    get server() {
      return rig().server;
    },
    get browser() {
      return rig().browser;
    },
  };
}

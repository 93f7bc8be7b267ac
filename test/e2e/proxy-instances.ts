/**
 * Proxy instances of `requests-instance.ts` in processes of their own on one redis-server, and the
 * origin of the pages that reach them: `/a/...` goes to instance `a`, `/b/...` to `b`, anything else
 * is the page (its one script at `/app.js`). Shared by the e2e files that run two instances.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { forkProcess } from '../node/proxy/fork-process';

export type InstanceMessage = {
  port?: number;
  opened?: string;
  sourceId?: string;
  done?: string;
  tag?: string;
  result?: unknown;
  answers?: number;
  failed?: string;
  log?: string;
};

export interface Instance {
  child: ChildProcess;
  port: number;
  messages: InstanceMessage[];
  /** The next message that `test` accepts (also one already received). */
  next(test: (message: InstanceMessage) => boolean): Promise<InstanceMessage>;
}

/** Where an instance's proxy reaches the service and the store. */
export interface InstanceSettings {
  upstream: string;
  apiKey: string;
  redisUrl: string;
  /** Its keys in the store start with it. */
  prefix: string;
}

/** Instance `name` of `requests-instance.ts`. */
export async function startInstance(name: string, settings: InstanceSettings): Promise<Instance> {
  const { upstream, apiKey, redisUrl, prefix } = settings;
  const child = await forkProcess(new URL('./requests-instance.ts', import.meta.url), {
    env: { ...process.env, NAME: name, UPSTREAM: upstream, API_KEY: apiKey, REDIS_URL: redisUrl, PREFIX: prefix },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const messages: InstanceMessage[] = [];
  const waiting = new Set<() => void>();
  child.on('message', (message: InstanceMessage) => {
    messages.push(message);
    for (const wake of [...waiting]) wake();
  });
  const next = (test: (message: InstanceMessage) => boolean) =>
    new Promise<InstanceMessage>((resolve, reject) => {
      const check = () => {
        const found = messages.find(test);
        if (found !== undefined) {
          waiting.delete(check);
          resolve(found);
        } else if (child.exitCode !== null) reject(new Error(`${name} exited`));
      };
      waiting.add(check);
      check();
    });
  const { port } = await next((message) => message.port !== undefined);
  return { child, port: port!, messages, next };
}

/** The pages' origin: `/a/...` goes to instance A, `/b/...` to B, anything else is the page. */
export async function startPageServer(script: string, instances: Record<string, Instance>): Promise<Server> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Inbox</title><link rel="icon" href="data:,"></head><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>';
  const server = createServer((incoming, outgoing) => {
    const url = incoming.url ?? '/';
    const via = /^\/([ab])(\/.*)$/.exec(url);
    const instance = via === null ? undefined : instances[via[1]!];
    if (via === null || instance === undefined) {
      const isScript = url === '/app.js';
      outgoing.writeHead(200, { 'content-type': isScript ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8' });
      outgoing.end(isScript ? script : html);
      return;
    }
    const forwarded = httpRequest(
      { host: '127.0.0.1', port: instance.port, path: via[2], method: incoming.method, headers: incoming.headers },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * The proxy under hostile traffic, over real HTTP on 127.0.0.1 (issue 16): methods outside the ten
 * endpoints, an upstream answer far larger than memory should hold, clients that trickle their
 * headers or body, and an upstream that echoes the key in every encoding it can think of.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createTaskProxy, toNodeListener, type TaskProxyOptions, type ToNodeListenerOptions } from '../../../src/server';
import { startSimulatorServer, type SimulatorServer } from '../../../src/testing';
import { forkProcess } from './fork-process';

const KEY = 'sk_live_Hostile_9f3e2c71aB';
const servers: Server[] = [];
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) child.kill();
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

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A proxy over HTTP in front of `upstream`, through `toNodeListener`. */
async function proxyServer(upstream: string, options: Partial<TaskProxyOptions> = {}, adapter: ToNodeListenerOptions = {}) {
  const listener = toNodeListener(createTaskProxy({ upstream, apiKey: KEY, basePath: '/api/hitl', events: false, ...options }), adapter);
  const server = createServer(listener);
  listener.attach(server);
  return { port: await listen(server), server };
}

/** A tiny upstream on 127.0.0.1 that answers every request with `respond`. */
async function upstreamServer(respond: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  return `http://127.0.0.1:${await listen(createServer(respond))}`;
}

/** A request exactly as written: any method, no clean-up of the path. */
function raw(port: number, method: string, path: string): Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * How soon a client the proxy must cut off (a CONNECT, a body or headers trickled past a 1000 ms
 * limit) is closed, at most. The limits are enforced by timers, which a busy machine runs late; a
 * proxy that does not enforce them keeps the connection open until the trickle ends (20 s and more)
 * or for ever. 5 s tells the two apart without timing the machine.
 */
const CUT_OFF_MS = 5000;
/** How long `socketUntilClosed` watches a client that must be cut off: past CUT_OFF_MS, so that a late close shows as late. */
const WATCH_MS = 10_000;
/** The time-out of a test that watches such a client. */
const WATCH_TEST_MS = 20_000;

/** What a socket receives until it is closed, and how long that took (`Infinity` when it is still open after `waitMs`). */
function socketUntilClosed(port: number, send: (socket: ReturnType<typeof connect>) => void, waitMs: number) {
  return new Promise<{ received: string; closedAfterMs: number }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => send(socket));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ received, closedAfterMs: Infinity });
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ received, closedAfterMs: Date.now() - started });
    });
  });
}

/** The proxy's event stream of task `t1`, read until `done` matches (at most 5 s). */
async function streamUntil(port: number, done: RegExp): Promise<string> {
  const controller = new AbortController();
  const giveUp = setTimeout(() => controller.abort(), 5000);
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/hitl/events?taskId=t1`, { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!done.test(text)) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    return text;
  } finally {
    clearTimeout(giveUp);
    controller.abort();
  }
}

/** Writes `text` one character every `everyMs`, until the socket closes. */
function trickle(socket: ReturnType<typeof connect>, text: string, everyMs: number): void {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= text.length) {
      clearInterval(timer);
      return;
    }
    socket.write(text[index++] as string);
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

describe('methods outside the ten endpoints', () => {
  let simulator: SimulatorServer;
  beforeEach(async () => {
    simulator = await startSimulatorServer({ apiKey: KEY, seed: 16 });
  });
  afterEach(async () => {
    await simulator.close();
  });

  const KNOWN = ['/api/hitl/api/v1/tasks', '/api/hitl/api/v1/task/t1/run/status', '/api/hitl/api/v1/task/t1/run/tool-input'];
  const UNKNOWN = ['/api/hitl/api/v1/admin', '/elsewhere'];
  const METHODS = ['TRACE', 'PATCH', 'OPTIONS', 'HEAD', 'DELETE', 'PROPFIND', 'PURGE', 'M-SEARCH', 'LOCK', 'QUERY'];

  it('answers 405 on a known path and 404 elsewhere, never 500, with nothing logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { port } = await proxyServer(simulator.url);
    const seen: string[] = [];
    for (const method of METHODS) {
      for (const path of [...KNOWN, ...UNKNOWN]) {
        const { status, headers } = await raw(port, method, path);
        seen.push(`${method} ${path} ${status}`);
        if (KNOWN.includes(path)) {
          expect(status, `${method} ${path}`).toBe(405);
          if (method !== 'TRACE') expect(headers.allow, `${method} ${path}`).toMatch(/^(GET|POST)$/);
        } else {
          // TRACE never reaches the handler (a `Request` cannot carry it): not allowed anywhere.
          expect(status, `${method} ${path}`).toBe(method === 'TRACE' ? 405 : 404);
        }
      }
    }
    expect(seen.filter((line) => / 5\d\d$/.test(line))).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
    expect(simulator.service.requests).toHaveLength(0);
  });

  it(
    'closes a CONNECT without an answer of 500',
    async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { port } = await proxyServer(simulator.url);
      const { received, closedAfterMs } = await socketUntilClosed(
        port,
        (socket) => socket.write('CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n'),
        WATCH_MS,
      );
      expect(closedAfterMs).toBeLessThan(CUT_OFF_MS);
      expect(received).not.toMatch(/^HTTP\/1\.1 5/);
      expect(logged).not.toHaveBeenCalled();
    },
    WATCH_TEST_MS,
  );
});

describe('an upstream answer over maxResponseBytes', () => {
  it('is answered 502 without reading more than the cap', async () => {
    let sent = 0;
    const upstream = await upstreamServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // An endless answer, written as fast as it is read.
      const chunk = Buffer.alloc(16 * 1024, 0x61);
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) sent += chunk.length;
      };
      res.on('drain', pump);
      pump();
    });
    const { port } = await proxyServer(upstream, { maxResponseBytes: 100_000 });
    const answer = await raw(port, 'GET', '/api/hitl/api/v1/tasks');
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: 'The task service answer is larger than 100000 bytes' });
    expect(sent).toBeLessThan(10_000_000);
  });

  it('is answered 502 at once when its length is declared', async () => {
    const upstream = await upstreamServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * 1024 * 1024) });
      res.write('{');
    });
    const { port } = await proxyServer(upstream);
    expect((await raw(port, 'GET', '/api/hitl/api/v1/check')).status).toBe(502);
  });

  it('passes an answer within the cap on byte for byte', async () => {
    const body = '{"success":true,"data":{"status":"running","price":1.50,"big":12345678901234567890}}';
    const upstream = await upstreamServer((_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    const { port } = await proxyServer(upstream, { maxResponseBytes: body.length });
    expect(await raw(port, 'GET', '/api/hitl/api/v1/task/t1/run/status')).toMatchObject({ status: 200, body });
  });

  it('reaches the event stream’s polls too: the run’s status becomes an error', async () => {
    const upstream = await upstreamServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"success":true,"data":{"status":"running","padding":"${'p'.repeat(5000)}"}}`);
    });
    const { port } = await proxyServer(upstream, { maxResponseBytes: 1000, events: { firstPollJitterMs: 0 } });
    const text = await streamUntil(port, /event: status\ndata: .*\n\n/);
    expect(text).toMatch(/event: status\ndata: \{[^\n]*"error":\{/);
    expect(text).not.toContain('ppppp');
  });

  it('keeps the proxy’s memory flat through a 200 MB answer', async () => {
    const TOTAL = 200 * 1024 * 1024;
    let sent = 0;
    const upstream = await upstreamServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => {
        while (!res.destroyed && sent < TOTAL) {
          sent += chunk.length;
          if (!res.write(chunk)) return;
        }
        if (sent >= TOTAL) res.end();
      };
      res.on('drain', pump);
      pump();
    });
    const child = await forkProcess(new URL('./proxy-process.ts', import.meta.url), {
      env: { ...process.env, UPSTREAM: upstream, API_KEY: KEY },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    const replies: Array<Record<string, number>> = [];
    const next = () =>
      new Promise<Record<string, number>>((resolve) => {
        const queued = replies.shift();
        if (queued !== undefined) resolve(queued);
        else child.once('message', (message) => resolve(message as Record<string, number>));
      });
    const { port } = (await next()) as { port: number };
    // Warm up, so loading code on the first request is not counted.
    await raw(port, 'GET', '/api/v1/tasks').catch(() => undefined);
    sent = 0;
    child.send('reset');
    const before = await next();

    const answer = await raw(port, 'GET', '/api/v1/tasks');
    child.send('peak');
    const after = await next();

    const growthMb = ((after.peak ?? 0) - (before.rss ?? 0)) / 1024 / 1024;
    console.info(
      `proxy RSS ${((before.rss ?? 0) / 1048576).toFixed(0)} MB, peak during a 200 MB answer +${growthMb.toFixed(1)} MB; upstream sent ${(sent / 1048576).toFixed(1)} MB`,
    );
    expect(answer.status).toBe(502);
    // The 10 MiB read, and what the allocator holds until the next collection; before the cap the
    // whole answer was held, several times over (+1 GB).
    expect(growthMb).toBeLessThan(64);
    expect(sent).toBeLessThan(TOTAL / 4);
  });
});

describe('clients that trickle', () => {
  const echo = async (request: Request) => new Response(await request.text());

  it(
    'ends a body sent a byte every 200 ms with 408 within bodyTimeoutMs, and aborts the handler',
    async () => {
      let aborted = false;
      const listener = toNodeListener(
        async (request) => {
          request.signal.addEventListener('abort', () => (aborted = true));
          return echo(request);
        },
        { bodyTimeoutMs: 1000 },
      );
      const port = await listen(createServer(listener));
      const { received, closedAfterMs } = await socketUntilClosed(
        port,
        (socket) => {
          socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n');
          trickle(socket, 'x'.repeat(100), 200);
        },
        WATCH_MS,
      );
      expect(closedAfterMs).toBeGreaterThanOrEqual(900);
      expect(closedAfterMs).toBeLessThan(CUT_OFF_MS);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(aborted).toBe(true);
    },
    WATCH_TEST_MS,
  );

  it(
    'ends headers sent a byte every 200 ms with 408 within headersTimeoutMs',
    async () => {
      const listener = toNodeListener(echo, { headersTimeoutMs: 1000 });
      const server = createServer(listener);
      listener.attach(server);
      const port = await listen(server);
      const { received, closedAfterMs } = await socketUntilClosed(
        port,
        (socket) => trickle(socket, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'y'.repeat(100) + '\r\n\r\n', 200),
        WATCH_MS,
      );
      expect(closedAfterMs).toBeGreaterThanOrEqual(900);
      expect(closedAfterMs).toBeLessThan(CUT_OFF_MS);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
    },
    WATCH_TEST_MS,
  );

  it(
    'holds the headers limit once it has seen a request, without attach',
    async () => {
      const port = await listen(createServer(toNodeListener(echo, { headersTimeoutMs: 1000 })));
      await raw(port, 'GET', '/');
      const { closedAfterMs } = await socketUntilClosed(
        port,
        (socket) => trickle(socket, 'GET / HTTP/1.1\r\nHost: x\r\n' + 'z'.repeat(100), 200),
        WATCH_MS,
      );
      expect(closedAfterMs).toBeLessThan(CUT_OFF_MS);
    },
    WATCH_TEST_MS,
  );

  it(
    'ends headers trickled on a kept-alive connection within keepAliveTimeout and the limit',
    async () => {
      const listener = toNodeListener(echo, { headersTimeoutMs: 1000 });
      const server = createServer({ keepAliveTimeout: 500 }, listener);
      listener.attach(server);
      const port = await listen(server);
      const { received, closedAfterMs } = await socketUntilClosed(
        port,
        (socket) => {
          socket.write('GET /first HTTP/1.1\r\nHost: x\r\n\r\n');
          setTimeout(() => trickle(socket, 'GET /second HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'y'.repeat(100), 200), 100);
        },
        WATCH_MS,
      );
      expect(received.match(/HTTP\/1\.1 200 /g)).toHaveLength(1);
      expect(closedAfterMs).toBeLessThan(CUT_OFF_MS);
    },
    WATCH_TEST_MS,
  );

  it('leaves prompt clients alone: requests on a kept-alive connection, and a body in time', async () => {
    const listener = toNodeListener(echo, { headersTimeoutMs: 1000, bodyTimeoutMs: 1000 });
    const server = createServer(listener);
    listener.attach(server);
    const port = await listen(server);
    const { received } = await socketUntilClosed(
      port,
      (socket) => {
        socket.write('POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello');
        setTimeout(() => socket.write('POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nworld'), 500);
      },
      3000,
    );
    expect(received.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    expect(received).toContain('hello');
    expect(received).toContain('world');
  });
});

describe('a status nested 20,000 levels deep', () => {
  it('reaches the browser through the event stream, scrubbed, instead of breaking the run’s poller', async () => {
    let parameters = `{"secret":"${KEY}"}`;
    for (let level = 0; level < 20_000; level += 1) parameters = `{"a":${parameters}}`;
    const status = `{"success":true,"data":{"status":"running","detailedStatus":"tool_call","toolCall":{"toolCallId":"call_1","tool":{"name":"form_input","parameters":${parameters}}},"liveStatus":""}}`;
    const upstream = await upstreamServer((_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(status));
    const { port } = await proxyServer(upstream, { events: { firstPollJitterMs: 0 } });
    const text = await streamUntil(port, /event: status\ndata: .*\n\n/);
    expect(text).toContain('"toolCallId":"call_1"');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(KEY);
  });
});

describe('the key, however the upstream encodes it', () => {
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const b64url = (text: string) => Buffer.from(text).toString('base64url');
  const jsonEscaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  const halfEscaped = [...KEY]
    .map((c, i) => (i % 2 === 0 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}` : c))
    .join('');
  const percentAll = [...KEY].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');

  /** Every string of the answer, decoded every way the key could have been hidden. */
  function leaks(text: string): string[] {
    const views = [text];
    try {
      const pending: unknown[] = [JSON.parse(text)];
      while (pending.length > 0) {
        const value = pending.pop();
        if (typeof value === 'string') views.push(value);
        else if (typeof value === 'object' && value !== null) for (const [name, item] of Object.entries(value)) pending.push(name, item);
      }
    } catch {
      // Not JSON: the text itself is the view.
    }
    const decoded = views.flatMap((view) => {
      const out = [view];
      try {
        out.push(decodeURIComponent(view));
      } catch {
        // Not URL-encoded.
      }
      for (const run of view.match(/[A-Za-z0-9+/_-]{12,}={0,2}/g) ?? []) {
        for (let skip = 0; skip < 4; skip += 1) out.push(Buffer.from(run.slice(skip), 'base64').toString('latin1'));
      }
      return out;
    });
    return decoded.filter((view) => view.toLowerCase().includes(KEY.toLowerCase()));
  }

  it('removes it, plain, \\u-escaped, base64 (standard and URL-safe), in any case and URL-encoded, from body and headers', async () => {
    const body =
      '{"success":false,' +
      `"error":"Key ${KEY} is over quota",` +
      `"data":{"lower":"${KEY.toLowerCase()}","upper":"${KEY.toUpperCase()}",` +
      `"escaped":"${jsonEscaped}","halfEscaped":"${halfEscaped}",` +
      `"basic":"Basic ${b64(`user:${KEY}`)}","bearer":"${b64(`Bearer ${KEY}`)}","alone":"${b64(KEY)}",` +
      `"url_safe":"${b64url(`xy${KEY}`)}","lowerBase64":"${b64(KEY.toLowerCase())}",` +
      `"escapedSlash":"${b64(`??${KEY}`).replace(/\//g, '\\/')}",` +
      `"query":"https://x.example/?k=${encodeURIComponent(KEY)}&all=${percentAll}&upperHex=${percentAll.toUpperCase()}",` +
      `"${KEY}":"as a name","nested":"{\\"inner\\":\\"${jsonEscaped.replace(/\\/g, '\\\\')}\\"}",` +
      '"keep":"this stays","price":1.5}}';
    expect(() => JSON.parse(body) as unknown).not.toThrow();
    expect(leaks(body).length).toBeGreaterThan(10);

    const upstream = await upstreamServer((_, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': b64(KEY), 'x-request-id': KEY.toLowerCase() }).end(body);
    });
    const { port } = await proxyServer(upstream);
    const answer = await raw(port, 'GET', '/api/hitl/api/v1/tasks');

    expect(answer.status).toBe(429);
    expect(leaks(answer.body)).toEqual([]);
    expect(leaks(JSON.stringify(answer.headers))).toEqual([]);
    const data = (JSON.parse(answer.body) as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({ keep: 'this stays', price: 1.5, lower: '[redacted]', escaped: '[redacted]' });
    // The last characters of a base64 run mix the key's last bits with what follows: they may stay.
    expect(data.alone).toMatch(/^\[redacted\].{0,3}$/);
    expect(data.basic).toMatch(/^Basic [A-Za-z0-9+/]*\[redacted\]/);
  });

  it('removes it from an answer that is not JSON', async () => {
    const text = `<html>bad gateway for ${KEY.toUpperCase()} (${b64(KEY)}) ${percentAll}</html>`;
    const upstream = await upstreamServer((_, res) => res.writeHead(502, { 'content-type': 'text/html' }).end(text));
    const { port } = await proxyServer(upstream);
    const answer = await raw(port, 'GET', '/api/hitl/api/v1/check');
    expect(answer.status).toBe(502);
    expect(leaks(answer.body)).toEqual([]);
    expect(answer.body).toContain('<html>bad gateway for [redacted]');
  });
});

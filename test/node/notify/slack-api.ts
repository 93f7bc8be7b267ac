/**
 * A stand-in for Slack's Web API on 127.0.0.1 (Slack's cloud cannot be reached from the tests): it
 * takes `POST /api/{method}` as Slack documents it (a JSON body, `Authorization: Bearer <token>`),
 * keeps every call, and answers as Slack does: `chat.postMessage` and `chat.update` with
 * `{ ok: true, channel, ts }`, `chat.postEphemeral` with `{ ok: true, message_ts }`, `views.open`
 * with `{ ok: true, view }` when it has a `trigger_id` and a `modal` view (`invalid_arguments`
 * otherwise), a wrong token with `{ ok: false, error: 'invalid_auth' }`, any other method with
 * `unknown_method`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlackCall {
  readonly method: string;
  readonly body: Record<string, unknown>;
}

export interface SlackApiStandIn {
  /** The `apiUrl` to give `slackChannel`. */
  readonly apiUrl: string;
  readonly calls: SlackCall[];
  /** The calls of `method` so far. */
  of(method: string): SlackCall[];
  /** Resolves with the calls of `method` once there are `count` of them. */
  waitFor(method: string, count?: number): Promise<SlackCall[]>;
  close(): Promise<void>;
}

export async function startSlackApi(token: string): Promise<SlackApiStandIn> {
  const calls: SlackCall[] = [];
  const waiters = new Set<() => void>();
  let next = 1;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const method = (request.url ?? '').replace(/^\/api\//, '');
      const reply = (body: Record<string, unknown>) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.headers.authorization !== `Bearer ${token}`)
        return reply({ ok: false, error: 'invalid_auth' });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      calls.push({ method, body });
      for (const wake of [...waiters]) wake();
      const channel = typeof body.channel === 'string' ? body.channel : '';
      switch (method) {
        case 'chat.postMessage':
          return reply({ ok: true, channel, ts: `1700000000.${String(next++).padStart(6, '0')}`, message: { text: body.text } });
        case 'chat.update':
          return reply({ ok: true, channel, ts: body.ts, text: body.text });
        case 'chat.postEphemeral':
          return reply({ ok: true, message_ts: `1700000001.${String(next++).padStart(6, '0')}` });
        case 'views.open': {
          const view = body.view as Record<string, unknown> | undefined;
          if (typeof body.trigger_id !== 'string' || body.trigger_id === '' || view?.type !== 'modal')
            return reply({ ok: false, error: 'invalid_arguments' });
          return reply({ ok: true, view: { ...view, id: `V0${String(next++).padStart(8, '0')}`, hash: `${next}.abc` } });
        }
        default:
          return reply({ ok: false, error: 'unknown_method' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const of = (method: string) => calls.filter((call) => call.method === method);
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`,
    calls,
    of,
    waitFor: (method, count = 1) =>
      new Promise((resolve) => {
        const check = () => {
          if (of(method).length < count) return;
          waiters.delete(check);
          resolve(of(method));
        };
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

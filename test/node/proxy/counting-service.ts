/**
 * A task service that counts what reaches it, for the exactly-once fault tests: one run of one task
 * waiting for an answer to one call, over real HTTP on 127.0.0.1. Like a careless service, it
 * applies every answer it receives for the call, so an answer forwarded twice is applied twice.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TASK_ID = 'task_exactly_once';
export const TOOL_CALL_ID = 'call_2fa_1';

/** How the service treats the next answers it receives, in turn; the last one stays. */
export interface AnswerBehaviour {
  /** Milliseconds before it applies the answer and replies (the reply may come to nobody). Default: 0. */
  delayMs?: number;
  /** Holds the answer until this settles, then goes on (after `delayMs`): a service slower than any time-out, however busy the machine. */
  until?: Promise<unknown>;
  /** `500-unapplied`: a 500 without applying it; `500-applied`: applies it, then a 500. Default: a 200. */
  fail?: '500-unapplied' | '500-applied';
}

export interface CountingService {
  url: string;
  /** Every `tool-input` request that reached the service, in order. */
  readonly received: Array<{ input: string; toolCallId: string; contentType: string | undefined; body: string }>;
  /** The inputs it applied. */
  readonly applied: string[];
  /** Status requests served. */
  readonly statusReads: () => number;
  /** What the next answers meet. */
  behave(...behaviours: AnswerBehaviour[]): void;
  /** Resolves when the service has received `count` answers. */
  receivedAnswers(count: number): Promise<void>;
  /** Resolves when the service has applied `count` answers. */
  appliedAnswers(count: number): Promise<void>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startCountingService(apiKey: string): Promise<CountingService> {
  const received: CountingService['received'] = [];
  const applied: string[] = [];
  let behaviours: AnswerBehaviour[] = [{}];
  let statusReads = 0;
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const wake of [...waiters]) wake();
  };
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      if (done()) return resolve();
      const wake = () => {
        if (!done()) return;
        waiters.delete(wake);
        resolve();
      };
      waiters.add(wake);
    });

  const json = (status: number, body: unknown) => ({ status, text: JSON.stringify(body) });
  async function answer(request: IncomingMessage): Promise<{ status: number; text: string } | undefined> {
    if (request.headers['x-api-key'] !== apiKey) return json(401, { success: false, error: 'Invalid API key' });
    const url = new URL(request.url ?? '/', 'http://service');
    if (request.method === 'GET' && url.pathname === `/api/v1/task/${TASK_ID}/run/status`) {
      statusReads += 1;
      const waiting = applied.length === 0;
      return json(200, {
        success: true,
        data: {
          status: 'running',
          detailedStatus: waiting ? 'tool_call' : 'processing_page',
          toolCall: waiting
            ? { toolCallId: TOOL_CALL_ID, tool: { name: 'form_input', parameters: { fields: [{ type: 'text', label: 'Code' }] } } }
            : null,
          liveStatus: '',
        },
      });
    }
    if (request.method === 'POST' && url.pathname === `/api/v1/task/${TASK_ID}/run/tool-input`) {
      const body = await readBody(request);
      const parsed = JSON.parse(body) as { input: string; toolCallId: string };
      received.push({ ...parsed, contentType: request.headers['content-type'], body });
      const behaviour = (behaviours.length > 1 ? behaviours.shift() : behaviours[0]) ?? {};
      changed();
      await behaviour.until;
      if (behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
      if (behaviour.fail === '500-unapplied') return json(500, { success: false, error: 'Internal error' });
      if (parsed.toolCallId === TOOL_CALL_ID) applied.push(parsed.input);
      changed();
      if (behaviour.fail === '500-applied') return json(500, { success: false, error: 'Internal error' });
      return json(200, { success: true });
    }
    return json(404, { success: false, error: 'Not found' });
  }

  const server: Server = createServer((request, response) => {
    void answer(request).then((reply) => {
      // The client may be gone (a killed proxy, a time-out): the answer was still applied above.
      if (reply === undefined || response.destroyed) return;
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    applied,
    statusReads: () => statusReads,
    behave: (...next) => {
      behaviours = next.length === 0 ? [{}] : next;
    },
    receivedAnswers: (count) => until(() => received.length >= count),
    appliedAnswers: (count) => until(() => applied.length >= count),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

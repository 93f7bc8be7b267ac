/**
 * A stand-in for `createTaskProxy`'s answer endpoint over real HTTP, for the client's and the
 * store's tests of the `Idempotency-Key` contract: it records every answer with its key and
 * replies from a script (an in-doubt 504, then 200, …); the run status shows the call until the
 * test says it is gone.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ANSWER_IN_DOUBT_CODE } from '../../../src/client';
import { formCall, runStatus } from './fake-task-client';

export interface RecordedAnswer {
  readonly key: string | null;
  readonly input: string;
  readonly toolCallId: string;
}

export interface ScriptedReply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export interface AnswerProxyDouble {
  /** `baseUrl` for `createTaskClient`. */
  readonly url: string;
  /** Every answer received, oldest first. */
  readonly answers: RecordedAnswer[];
  /** How many run statuses were requested. */
  readonly statusReads: () => number;
  /** Replies to the next answers, in order; the last one repeats. */
  script(...replies: ScriptedReply[]): void;
  /** What the run status shows: the call waiting (default) or gone (the run moved on). */
  setCallGone(gone: boolean): void;
  close(): Promise<void>;
}

/** The proxy's reply when it sent an answer on and cannot tell whether it was applied. */
export const inDoubt = (status: 502 | 503 | 504 = 504): ScriptedReply => ({
  status,
  body: { success: false, error: 'The answer may have been applied; the run status will tell.', code: ANSWER_IN_DOUBT_CODE },
  headers: status === 503 ? { 'retry-after': '2' } : {},
});

export const accepted = (): ScriptedReply => ({ status: 200, body: { success: true } });

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startAnswerProxyDouble(toolCallId = 'call-1'): Promise<AnswerProxyDouble> {
  const answers: RecordedAnswer[] = [];
  let replies: ScriptedReply[] = [accepted()];
  let gone = false;
  let statusReads = 0;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (request.method === 'POST' && path.endsWith('/run/tool-input')) {
        const body = JSON.parse(await readBody(request)) as { input: string; toolCallId: string };
        const key = request.headers['idempotency-key'];
        answers.push({ key: typeof key === 'string' ? key : null, input: body.input, toolCallId: body.toolCallId });
        const reply = replies.length > 1 ? (replies.shift() as ScriptedReply) : (replies[0] as ScriptedReply);
        response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        response.end(JSON.stringify(reply.body ?? {}));
        return;
      }
      if (request.method === 'GET' && path.endsWith('/run/status')) {
        statusReads += 1;
        const data = gone ? runStatus('running', 'processing_page') : runStatus('running', 'tool_call', formCall(toolCallId));
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ success: true, data }));
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: false, error: 'Not found' }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answers,
    statusReads: () => statusReads,
    script: (...next) => {
      replies = [...next];
    },
    setCallGone: (value) => {
      gone = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

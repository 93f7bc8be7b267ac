/**
 * A fake task service on 127.0.0.1 that counts every request it gets, by task: the tests of teams
 * and of amplification read from it how much of the service a client's requests cost. Tasks it
 * did not create answer 404, as the service's would.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountedRequest {
  readonly method: string;
  /** The path without the query. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** The `{taskId}` of the path, when it has one. */
  readonly taskId: string | undefined;
  readonly body: string;
}

export interface CountingUpstream {
  readonly url: string;
  /** Every request since the start (or the last `reset`), in order. */
  readonly requests: CountedRequest[];
  /** Makes a task as if another app had created it, not through the proxy. */
  createTaskDirectly(): string;
  reset(): void;
  close(): Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

/** `delayMs`: how long each answer takes, so that the service's pace does not depend on the machine's. */
export async function startCountingUpstream(apiKey: string, { delayMs = 0 }: { delayMs?: number } = {}): Promise<CountingUpstream> {
  const tasks: string[] = [];
  let next = 0;
  const requests: CountedRequest[] = [];
  const create = () => {
    const taskId = `task-${++next}`;
    tasks.push(taskId);
    return taskId;
  };

  function answer(method: string, path: string, query: URLSearchParams, taskId: string | undefined, key: string | undefined) {
    if (key !== apiKey) return json(401, { success: false, error: 'Invalid API key' });
    if (method === 'GET' && path === '/api/v1/check') return json(200, { success: true, data: 'ok' });
    if (method === 'POST' && path === '/api/v1/task/create') return json(200, { success: true, data: { taskId: create() } });
    if (method === 'GET' && path === '/api/v1/tasks') {
      const data = [...tasks].reverse().map((id) => ({ id, status: 'active', readable_name: id }));
      return json(200, { success: true, data: data.slice(0, 30), total: data.length, page: 1, limit: 30 });
    }
    if (taskId === undefined || !tasks.includes(taskId)) return json(404, { success: false, error: 'Task not found' });
    const runId = query.get('runId') ?? 'run-1';
    if (path.endsWith('/runs'))
      return json(200, { success: true, data: [{ id: 'run-1', created_at: '2026-01-01T00:00:00Z' }], total: 1, page: 1, limit: 30 });
    if (path.endsWith('/run/status'))
      return json(200, {
        success: true,
        data: {
          id: runId,
          status: 'running',
          detailedStatus: 'tool_call',
          liveStatus: 'https://live.example.com/1',
          toolCall: { toolCallId: 'call-1', tool: { name: 'ask', parameters: {} } },
        },
      });
    if (path.endsWith('/run/result')) return json(200, { success: true, data: { status: 'running', output: {}, dataTable: [] } });
    if (path.endsWith('/run/gif')) return json(200, { success: true, data: { status: 'pending', url: null } });
    return json(200, { success: true });
  }

  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://upstream');
      const taskId = /^\/api\/v1\/task\/([^/]+)\/(?:runs|run\/|stop)/.exec(url.pathname)?.[1];
      const decoded = taskId === undefined ? undefined : decodeURIComponent(taskId);
      requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, taskId: decoded, body });
      const key = req.headers['x-api-key'];
      const { status, body: text } = answer(
        req.method ?? '',
        url.pathname,
        url.searchParams,
        decoded,
        typeof key === 'string' ? key : undefined,
      );
      const send = () => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(text);
      };
      if (delayMs > 0) setTimeout(send, delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    createTaskDirectly: create,
    reset: () => void requests.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

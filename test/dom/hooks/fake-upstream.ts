import { isTaskApiError, matchTaskEndpoint, type TaskEndpointName } from '../../../src/client';
import type { FakeTaskClient } from '../../node/store/fake-task-client';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/**
 * The service's wire face of a scripted `FakeTaskClient`: a `fetch` that answers each request of
 * the protocol table from the client's script, so a `createTaskProxy` can stand in front of it and
 * the hook suites run over the proxy's event stream with the same scripts and the same call counts.
 * A scripted `TaskApiError` becomes the HTTP answer it stands for; a network error a refused
 * connection; a time-out a request that got no answer; an unscripted method a 404.
 */
export function fakeUpstream(client: FakeTaskClient): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const match = matchTaskEndpoint(url.pathname);
    const endpoint = match?.endpoints.find((candidate) => candidate.method === request.method);
    if (match === undefined || endpoint === undefined) return json(404, { success: false, error: 'Not found' });
    const taskId = match.taskId ?? '';
    const runId = url.searchParams.get('runId');
    const run = runId === null ? {} : { runId };
    try {
      const answer = await call(client, endpoint.name, taskId, run, request, url);
      return json(200, { success: true, ...answer });
    } catch (error) {
      if (!isTaskApiError(error)) return json(404, { success: false, error: String(error) });
      if (error.kind === 'network')
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
      if (error.kind === 'timeout' || error.kind === 'aborted') throw new TypeError('fetch failed');
      const headers: Record<string, string> = {};
      if (error.retryAfterMs !== undefined) headers['retry-after'] = String(Math.ceil(error.retryAfterMs / 1000));
      return json(error.status ?? 500, { success: false, error: error.message }, headers);
    }
  };
}

/** What the service's envelope carries besides `success`, as the client's method gives it back. */
async function call(
  client: FakeTaskClient,
  name: TaskEndpointName,
  taskId: string,
  run: { runId?: string },
  request: Request,
  url: URL,
): Promise<Record<string, unknown>> {
  // Reads carry the signal, as the store passes one; commands do not, as the store sends them without.
  const read = { ...run, signal: request.signal };
  switch (name) {
    case 'getRunStatus':
      return { data: await client.getRunStatus(taskId, read) };
    case 'getRunResult':
      return { data: await client.getRunResult(taskId, read) };
    case 'getRunGif':
      return { data: await client.getRunGif(taskId, read) };
    case 'checkApiKey':
      return { data: (await client.checkApiKey({ signal: request.signal })) ? 'ok' : 'refused' };
    case 'listTasks':
    case 'listRuns': {
      const page = {
        page: Number(url.searchParams.get('page') ?? 1),
        limit: Number(url.searchParams.get('limit') ?? 30),
        signal: request.signal,
      };
      return { ...(name === 'listTasks' ? await client.listTasks(page) : await client.listRuns(taskId, page)) };
    }
    case 'submitToolInput':
      await client.submitToolInput(
        taskId,
        (await request.json()) as { input: string; toolCallId: string },
        run.runId === undefined ? undefined : run,
      );
      return {};
    case 'stopRun':
      await client.stopRun(taskId, run.runId === undefined ? undefined : run);
      return {};
    case 'stopTask':
      await client.stopTask(taskId);
      return {};
    case 'createTask':
      return { data: await client.createTask((await request.json()) as { task: string }) };
  }
}

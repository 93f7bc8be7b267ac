import { MAX_PAGE_LIMIT, readLimited, type QueryParameterName, type TaskEndpoint, type ToolDefinition } from '../client';
import { isRecord } from '../utils';
import { HttpError } from './http-error';
import { jsonResponse } from './json-response';
import type { RunEngine, RunState, TaskState } from './run-engine';
import type { Scenario } from './scenario';

/** Largest request body the simulated service reads; a larger one gets 413. */
const MAX_BODY_BYTES = 1024 * 1024;

/** What answering an endpoint needs of the service. */
export interface EndpointContext {
  engine: RunEngine;
  /** The scenario a new task follows, chosen from its text. */
  pickScenario: (text: string) => Scenario;
}

/**
 * The service's answer to a request for one of its endpoints, once the key and the method are
 * known to be right. An error answer (400, 404, 409, 413) is thrown as an `HttpError`.
 */
export async function answerEndpoint(
  { engine, pickScenario }: EndpointContext,
  endpoint: TaskEndpoint,
  taskId: string | undefined,
  request: Request,
  url: URL,
  at: number,
): Promise<Response> {
  const taskOf = (): TaskState => {
    const task = taskId === undefined ? undefined : engine.task(taskId);
    if (task === undefined) throw new HttpError(404, `Task "${taskId ?? ''}" not found`);
    return task;
  };
  const runOf = (): RunState => {
    const task = taskOf();
    const runId = queryValue(url, 'runId');
    const run = runId === null ? task.runs.at(-1) : task.runs.find((candidate) => candidate.id === runId);
    if (run === undefined) throw new HttpError(404, runId === null ? 'The task has no runs' : `Run "${runId}" not found for this task`);
    engine.advance(run, at);
    return run;
  };

  switch (endpoint.name) {
    case 'checkApiKey':
      return jsonResponse(200, { success: true, data: 'ok' });

    case 'createTask': {
      const body = await bodyOf(request);
      if (typeof body.task !== 'string' || body.task.trim() === '') throw new HttpError(400, 'task must be a non-empty string');
      if (body.agent !== undefined && typeof body.agent !== 'string') throw new HttpError(400, 'agent must be a string');
      const toolNames = toolsOf(body.tools).map((tool) => tool.function.name);
      const task = engine.createTask(body.task, toolNames, pickScenario(body.task), at);
      return jsonResponse(200, { success: true, data: { taskId: task.id } });
    }

    case 'listTasks': {
      const items = engine.tasksNewestFirst().map((task) => ({ id: task.id, status: task.status, readable_name: task.readableName }));
      return paginate(items, url);
    }

    case 'listRuns': {
      const items = [...taskOf().runs].reverse().map((run) => ({ id: run.id, created_at: new Date(run.createdAt).toISOString() }));
      return paginate(items, url);
    }

    case 'getRunStatus':
      return jsonResponse(200, { success: true, data: engine.statusOf(runOf()) });

    case 'getRunResult':
      return jsonResponse(200, { success: true, data: engine.resultOf(runOf()) });

    case 'getRunGif':
      return jsonResponse(200, { success: true, data: engine.gifOf(runOf(), at) });

    case 'submitToolInput': {
      const run = runOf();
      const body = await bodyOf(request);
      if (typeof body.input !== 'string') throw new HttpError(400, 'input must be a string (JSON-encode structured answers)');
      if (typeof body.toolCallId !== 'string' || body.toolCallId === '') throw new HttpError(400, 'toolCallId is required');
      const refused = engine.answerToolCall(run, body.toolCallId, body.input, at);
      if (refused !== undefined) throw new HttpError(409, `Tool call "${body.toolCallId}" ${refused}`);
      return jsonResponse(200, { success: true });
    }

    case 'stopRun':
      engine.stop(runOf(), at);
      return jsonResponse(200, { success: true });

    case 'stopTask':
      engine.stopTask(taskOf(), at);
      return jsonResponse(200, { success: true });
  }
}

/** Reads a query parameter by its name in the protocol table. */
function queryValue(url: URL, name: QueryParameterName): string | null {
  return url.searchParams.get(name);
}

function pageOf(url: URL): { page: number; limit: number } {
  const read = (name: QueryParameterName, fallback: number) => {
    const raw = queryValue(url, name);
    if (raw === null) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new HttpError(400, `${name} must be an integer of 1 or more`);
    return Number(raw);
  };
  return { page: read('page', 1), limit: Math.min(read('limit', MAX_PAGE_LIMIT), MAX_PAGE_LIMIT) };
}

function paginate<T>(items: T[], url: URL): Response {
  const { page, limit } = pageOf(url);
  const start = (page - 1) * limit;
  return jsonResponse(200, { success: true, data: items.slice(start, start + limit), total: items.length, page, limit });
}

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  const bytes = await readLimited(request, MAX_BODY_BYTES);
  if (bytes === 'too-large') throw new HttpError(413, 'Request body larger than 1 MiB');
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new HttpError(400, 'The request body must be JSON');
  }
  if (!isRecord(body)) throw new HttpError(400, 'The request body must be a JSON object');
  return body;
}

function toolsOf(value: unknown): ToolDefinition[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new HttpError(400, 'tools must be an array of tool definitions');
  return value.map((tool: unknown, index) => {
    const fn = isRecord(tool) ? tool.function : undefined;
    if (!isRecord(tool) || tool.type !== 'function' || !isRecord(fn) || typeof fn.name !== 'string' || fn.name === '') {
      throw new HttpError(400, `tools[${index}] must be {type: "function", function: {name, description, parameters}}`);
    }
    if (fn.description !== undefined && typeof fn.description !== 'string')
      throw new HttpError(400, `tools[${index}].function.description must be a string`);
    if (fn.parameters !== undefined && !isRecord(fn.parameters))
      throw new HttpError(400, `tools[${index}].function.parameters must be a JSON Schema object`);
    return tool as unknown as ToolDefinition;
  });
}

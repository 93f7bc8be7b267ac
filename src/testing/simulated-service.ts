import { isRecord } from '../utils';
import { createTaskClient, MAX_PAGE_LIMIT } from '../client/create-task-client';
import type { DataTableEntry, GifStatus, JsonValue, RunResult, RunStatus, TaskClient, ToolCall, ToolDefinition } from '../client/types';
import { readLimited } from '../server/read-limited';
import { matchTaskEndpoint, type TaskEndpoint } from '../server/task-endpoints';
import { builtInScenarios } from './built-in-scenarios';
import { FaultState, type ChosenFault, type FaultController, type FaultType, type RandomFaults } from './faults';
import { LIVE_PAGE_HEADERS, renderLivePage, renderMissingLivePage } from './live-page';
import { recordingGif } from './recording-gif';
import {
  selectScenario,
  type Scenario,
  type ScenarioAnswer,
  type ScenarioError,
  type ScenarioOutcome,
  type ScenarioToolParameters,
} from './scenario';
import { createRandom, hashSeed, randomId, type Random } from './seeded-random';

/**
 * The origin of the in-process client. `.invalid` can never resolve (RFC 6761), so a request
 * that leaks past the in-process `fetch` fails instead of reaching some real host.
 */
export const SIMULATOR_ORIGIN = 'http://simulator.invalid';

/** The key the simulated service accepts when none is given. */
export const DEFAULT_SIMULATOR_API_KEY = 'sim_test_key_d3m0';

/** Largest request body the simulated service reads; a larger one gets 413. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface SimulatedServiceOptions {
  /** The only key accepted in `x-api-key`. Default: `DEFAULT_SIMULATOR_API_KEY`. */
  apiKey?: string;
  /** The scenarios tasks pick from by keyword, first match first. Default: `builtInScenarios`. */
  scenarios?: readonly Scenario[];
  /** Name of the scenario a task gets when no keyword matches. Default: `'login'` (or the first scenario when the list has no `login`). */
  defaultScenario?: string;
  /** Gives every task this scenario, whatever its text: a name from `scenarios`, or a scenario. Default: chosen by keyword. */
  scenario?: string | Scenario;
  /** Makes ids and fault dice reproducible. Default: a random seed. */
  seed?: number | string;
  /** The clock. State advances from it on each request; nothing runs in between. Default: `Date.now`, looked up at call time (so fake timers apply). */
  now?: () => number;
  /** Multiplies every step's duration and the recording delay: 0.01 makes a 2 s page take 20 ms. Default: 1. */
  timeScale?: number;
  /** Origin (optionally with a path) of `liveStatus` and GIF URLs: `<publicUrl>/live/<runId>`, `<publicUrl>/recordings/<runId>.gif`. Default: `SIMULATOR_ORIGIN`; `startSimulatorServer` sets its own address. */
  publicUrl?: string;
  /** Time from the end of a run until its GIF is `completed` (before `timeScale`). Default: 2000. */
  recordingDelayMs?: number;
  /** Faults drawn at random for every API request. Default: none. */
  faults?: RandomFaults;
  /** Number of entries `requests` keeps; older ones are dropped. Default: 10000. */
  requestLogLimit?: number;
}

/** One request the service answered (or did not), as `service.requests` records it. Never holds the key. */
export interface SimulatorRequestRecord {
  method: string;
  /** The pathname exactly as received (still percent-encoded). */
  path: string;
  /** Query parameters as received; a value equal to the key is replaced by `[redacted]`. */
  query: Record<string, string>;
  /** What the `x-api-key` header held. */
  key: 'valid' | 'invalid' | 'missing';
  /** HTTP status of the answer; `null` while pending, for a dropped connection, or when the client gave up. */
  status: number | null;
  /** The fault that hit this request, if any. */
  fault: FaultType | 'rate-limit' | null;
  /** Service clock (`now()`) when the request arrived. */
  startedAt: number;
  /** Service clock when it was answered or given up; `null` while pending. */
  endedAt: number | null;
}

/** The state of a run as the service holds it, for tests and tools. */
export interface SimulatedRunSnapshot {
  id: string;
  taskId: string;
  /** Service clock when the run started. */
  createdAt: number;
  status: 'running' | 'completed' | 'failed' | 'stopped';
  detailedStatus: 'processing_page' | 'tool_call' | 'completed' | 'failed' | 'stopped';
  toolCall: ToolCall | null;
  /** The page the agent is on (or was on last); `null` before the first page. */
  page: { title: string; url: string } | null;
  answers: ScenarioAnswer[];
  /** Service clock when the run ended; `null` while running. */
  endedAt: number | null;
  /** What the result endpoint answers. */
  result: RunResult;
  /** What the gif endpoint answers. */
  gif: GifStatus;
}

/** The state of a task, for tests and tools. */
export interface SimulatedTaskSnapshot {
  id: string;
  /** The instruction as sent. */
  text: string;
  readableName: string;
  status: 'active' | 'stopped';
  /** Name of the scenario its runs follow. */
  scenario: string;
  /** Names of the tools it was created with. */
  tools: string[];
  /** Newest first. */
  runs: SimulatedRunSnapshot[];
}

/** Options of `service.createClient`. */
export interface SimulatedClientOptions {
  /** Default: the service's key. */
  apiKey?: string;
  /** Default: 30000, as `createTaskClient`. */
  timeoutMs?: number;
  /** Default: none. */
  headers?: Record<string, string>;
}

/** An in-memory task service: all ten endpoints of the spec, scripted by scenarios. */
export interface SimulatedService {
  /**
   * A `fetch` that answers in-process with the exact bytes the HTTP server would send. A
   * `network` fault rejects it with a `TypeError`, as a refused connection does.
   */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  /**
   * The web-standard handler behind `fetch`, for mounting the service in a server (e.g.
   * `toNodeListener(service.handle)`): a `network` fault answers `Response.error()`, which
   * the adapter turns into a dropped connection.
   */
  handle(request: Request): Promise<Response>;
  /** A `TaskClient` over the in-process `fetch`, with the service's key. */
  readonly client: TaskClient;
  /** Another in-process client, e.g. with a wrong key or a short time-out. */
  createClient(options?: SimulatedClientOptions): TaskClient;
  readonly faults: FaultController;
  /** Every request, oldest first (up to `requestLogLimit`). */
  readonly requests: readonly SimulatorRequestRecord[];
  /** The origin used in `liveStatus` and GIF URLs. */
  readonly publicUrl: string;
  /** Starts a new run of an existing task, as a caller re-running it would; a stopped task becomes active again. */
  startRun(taskId: string): { runId: string };
  getTask(taskId: string): SimulatedTaskSnapshot | undefined;
  getRun(runId: string): SimulatedRunSnapshot | undefined;
  /** Every task, newest first. */
  listTasks(): SimulatedTaskSnapshot[];
  /**
   * Forgets every task and logged request, drops queued faults (random ones stay as
   * configured), starts the seed over, and ends requests left hanging with a network error.
   */
  reset(): void;
}

interface TaskState {
  id: string;
  text: string;
  readableName: string;
  status: 'active' | 'stopped';
  toolNames: Set<string>;
  scenario: Scenario;
  runs: RunState[];
}

interface RunState {
  id: string;
  task: TaskState;
  createdAt: number;
  stepIndex: number;
  /** When the current step began; page steps end at `stepStartedAt + duration`. */
  stepStartedAt: number;
  status: 'running' | 'completed' | 'failed' | 'stopped';
  toolCall: ToolCall | null;
  /** The parameters behind `toolCall`, kept in their JSON type for `ScenarioAnswer`. */
  toolParameters: ScenarioToolParameters | null;
  answeredCallIds: Set<string>;
  answers: ScenarioAnswer[];
  endedAt: number | null;
  outcome: { output: { [field: string]: JsonValue }; dataTable: DataTableEntry[]; error: ScenarioError | null } | null;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

function failure(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json(status, { success: false, error: message }, headers);
}

function readableName(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * Creates the simulated service. Semantics where the spec says "not shown":
 * - task `status` is `active`, or `stopped` after stop task; a new run (`startRun`) makes it active again;
 * - run `status` is `running`, `completed`, `failed` or `stopped`; `detailedStatus` is
 *   `processing_page`/`tool_call` while running and equals `status` once it ended;
 * - the result of a running run is `{status: 'running', error: null, output: {}, dataTable: []}`;
 *   a failed run's `error` is `{message, code, ...}`; a stopped run's output says so in `summary`;
 * - the GIF is `{status: 'pending', url: ''}` until `recordingDelayMs` after the run ends;
 * - tool-input answers `{success: true}`; a `toolCallId` that is not the one pending is 409;
 * - errors use the envelope: 400 bad body or query, 401 key, 404 unknown task/run/path,
 *   405 wrong method (with `Allow`), 409 stale tool call, 413 body over 1 MiB;
 * - `agent` may be any string; `tools` must be function tools with a non-empty name;
 * - lists are newest first; `limit` above 30 answers 30 items and `limit: 30`;
 *   `page`/`limit` that are not integers of 1 or more are 400;
 * - a `runId` query parameter selects the run on every run endpoint, tool-input included; one
 *   that is not a run of the task is 404.
 */
export function createSimulatedService(options: SimulatedServiceOptions = {}): SimulatedService {
  const apiKey = options.apiKey ?? DEFAULT_SIMULATOR_API_KEY;
  if (apiKey === '') throw new TypeError('createSimulatedService: apiKey must not be empty');
  const scenarios = options.scenarios ?? builtInScenarios;
  const byName = (name: string): Scenario => {
    const found = scenarios.find((scenario) => scenario.name === name);
    if (found === undefined) throw new RangeError(`createSimulatedService: no scenario named "${name}"`);
    return found;
  };
  const fallbackScenario = ((): Scenario => {
    if (options.defaultScenario !== undefined) return byName(options.defaultScenario);
    const fallback = scenarios.find((scenario) => scenario.name === 'login') ?? scenarios[0];
    if (fallback === undefined) throw new RangeError('createSimulatedService: scenarios must not be empty');
    return fallback;
  })();
  const forcedScenario = typeof options.scenario === 'string' ? byName(options.scenario) : options.scenario;
  const timeScale = options.timeScale ?? 1;
  if (!(timeScale > 0) || !Number.isFinite(timeScale)) throw new RangeError('createSimulatedService: timeScale must be a positive number');
  const now = options.now ?? (() => Date.now());
  const publicUrl = (options.publicUrl ?? SIMULATOR_ORIGIN).replace(/\/+$/, '');
  const recordingDelayMs = options.recordingDelayMs ?? 2000;
  const requestLogLimit = options.requestLogLimit ?? 10_000;
  const seed = hashSeed(options.seed ?? Math.floor(Math.random() * 2 ** 32));

  let ids: Random = createRandom(seed);
  const faults = new FaultState(options.faults ?? {}, createRandom(hashSeed(`${seed}:faults`)));
  let tasks: TaskState[] = [];
  let tasksById = new Map<string, TaskState>();
  let runsById = new Map<string, RunState>();
  let requests: SimulatorRequestRecord[] = [];
  const hanging = new Set<() => void>();

  // ---- Runs -------------------------------------------------------------------------------

  function startRunOf(task: TaskState, at: number): RunState {
    const run: RunState = {
      id: randomId(ids, 'run'),
      task,
      createdAt: at,
      stepIndex: 0,
      stepStartedAt: at,
      status: 'running',
      toolCall: null,
      toolParameters: null,
      answeredCallIds: new Set(),
      answers: [],
      endedAt: null,
      outcome: null,
    };
    task.runs.push(run);
    runsById.set(run.id, run);
    return run;
  }

  /** A scenario function that throws fails the run, so a broken custom scenario shows up as a failed run, not a 500. */
  function scenarioFailure(run: RunState, error: unknown): ScenarioError {
    const message = error instanceof Error ? error.message : String(error);
    return { message: `The scenario "${run.task.scenario.name}" failed: ${message}`, code: 'SCENARIO_ERROR' };
  }

  function end(run: RunState, at: number, outcome: ScenarioOutcome | { error: ScenarioError }): void {
    const error = outcome.error ?? null;
    run.status = error === null ? 'completed' : 'failed';
    run.endedAt = at;
    run.toolCall = null;
    run.toolParameters = null;
    run.outcome =
      'summary' in outcome
        ? { output: { summary: outcome.summary, ...outcome.output }, dataTable: outcome.dataTable ?? [], error }
        : { output: {}, dataTable: [], error };
  }

  /** Moves a run along its script up to time `at`. Idempotent; the only place time passes. */
  function advance(run: RunState, at: number): void {
    const steps = run.task.scenario.steps;
    while (run.status === 'running') {
      const step = steps[run.stepIndex];
      if (step === undefined) {
        const { result } = run.task.scenario;
        try {
          end(run, run.stepStartedAt, typeof result === 'function' ? result(run.answers) : result);
        } catch (error) {
          end(run, run.stepStartedAt, { error: scenarioFailure(run, error) });
        }
        return;
      }
      if (step.type === 'page') {
        const endsAt = run.stepStartedAt + step.durationMs * timeScale;
        if (at < endsAt) return;
        run.stepIndex += 1;
        run.stepStartedAt = endsAt;
      } else if (step.type === 'fail') {
        end(run, run.stepStartedAt, { error: structuredClone(step.error) });
      } else {
        if (run.toolCall !== null) return;
        // An agent can only call the tools its task was created with (spec §3).
        if (!run.task.toolNames.has(step.tool)) {
          run.stepIndex += 1;
          continue;
        }
        let parameters: ScenarioToolParameters;
        try {
          parameters = structuredClone(typeof step.parameters === 'function' ? step.parameters(run.answers) : step.parameters);
        } catch (error) {
          end(run, run.stepStartedAt, { error: scenarioFailure(run, error) });
          return;
        }
        run.toolParameters = parameters;
        run.toolCall = { toolCallId: randomId(ids, 'call'), tool: { name: step.tool, parameters: structuredClone(parameters) } };
        return;
      }
    }
  }

  function stop(run: RunState, at: number): void {
    advance(run, at);
    if (run.status !== 'running') return;
    run.status = 'stopped';
    run.endedAt = at;
    run.toolCall = null;
    run.toolParameters = null;
    run.outcome = { output: { summary: 'The run was stopped before it finished.' }, dataTable: [], error: null };
  }

  function currentPage(run: RunState): { title: string; url: string } | null {
    const steps = run.task.scenario.steps;
    for (let i = Math.min(run.stepIndex, steps.length - 1); i >= 0; i--) {
      const step = steps[i];
      if (step?.type === 'page') return { title: step.title, url: step.url };
    }
    return null;
  }

  const liveUrl = (run: RunState) => `${publicUrl}/live/${encodeURIComponent(run.id)}`;

  function statusOf(run: RunState): RunStatus {
    return {
      status: run.status,
      detailedStatus: run.status === 'running' ? (run.toolCall === null ? 'processing_page' : 'tool_call') : run.status,
      toolCall: run.toolCall === null ? null : structuredClone(run.toolCall),
      liveStatus: liveUrl(run),
    };
  }

  function resultOf(run: RunState): RunResult {
    if (run.outcome === null) return { status: run.status, error: null, output: {}, dataTable: [] };
    return structuredClone({ status: run.status, error: run.outcome.error, output: run.outcome.output, dataTable: run.outcome.dataTable });
  }

  function gifOf(run: RunState, at: number): GifStatus {
    if (run.endedAt === null || at < run.endedAt + recordingDelayMs * timeScale) return { status: 'pending', url: '' };
    return { status: 'completed', url: `${publicUrl}/recordings/${encodeURIComponent(run.id)}.gif` };
  }

  function runSnapshot(run: RunState, at: number): SimulatedRunSnapshot {
    advance(run, at);
    const status = statusOf(run);
    return {
      id: run.id,
      taskId: run.task.id,
      createdAt: run.createdAt,
      status: run.status,
      detailedStatus: status.detailedStatus as SimulatedRunSnapshot['detailedStatus'],
      toolCall: status.toolCall,
      page: currentPage(run),
      answers: structuredClone(run.answers),
      endedAt: run.endedAt,
      result: resultOf(run),
      gif: gifOf(run, at),
    };
  }

  function taskSnapshot(task: TaskState, at: number): SimulatedTaskSnapshot {
    return {
      id: task.id,
      text: task.text,
      readableName: task.readableName,
      status: task.status,
      scenario: task.scenario.name,
      tools: [...task.toolNames],
      runs: [...task.runs].reverse().map((run) => runSnapshot(run, at)),
    };
  }

  // ---- Request parsing --------------------------------------------------------------------

  function taskOf(taskId: string | undefined): TaskState {
    const task = taskId === undefined ? undefined : tasksById.get(taskId);
    if (task === undefined) throw new HttpError(404, `Task "${taskId ?? ''}" not found`);
    return task;
  }

  function runOf(task: TaskState, url: URL, at: number): RunState {
    const runId = url.searchParams.get('runId');
    const run = runId === null ? task.runs.at(-1) : task.runs.find((candidate) => candidate.id === runId);
    if (run === undefined) throw new HttpError(404, runId === null ? 'The task has no runs' : `Run "${runId}" not found for this task`);
    advance(run, at);
    return run;
  }

  function pageOf(url: URL): { page: number; limit: number } {
    const read = (name: string, fallback: number) => {
      const raw = url.searchParams.get(name);
      if (raw === null) return fallback;
      if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new HttpError(400, `${name} must be an integer of 1 or more`);
      return Number(raw);
    };
    return { page: read('page', 1), limit: Math.min(read('limit', MAX_PAGE_LIMIT), MAX_PAGE_LIMIT) };
  }

  function paginate<T>(items: T[], url: URL): Response {
    const { page, limit } = pageOf(url);
    const start = (page - 1) * limit;
    return json(200, { success: true, data: items.slice(start, start + limit), total: items.length, page, limit });
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

  // ---- Endpoints --------------------------------------------------------------------------

  async function answer(endpoint: TaskEndpoint, taskId: string | undefined, request: Request, url: URL, at: number): Promise<Response> {
    switch (endpoint.name) {
      case 'checkApiKey':
        return json(200, { success: true, data: 'ok' });

      case 'createTask': {
        const body = await bodyOf(request);
        if (typeof body.task !== 'string' || body.task.trim() === '') throw new HttpError(400, 'task must be a non-empty string');
        if (body.agent !== undefined && typeof body.agent !== 'string') throw new HttpError(400, 'agent must be a string');
        const tools = toolsOf(body.tools);
        const task: TaskState = {
          id: randomId(ids, 'task'),
          text: body.task,
          readableName: readableName(body.task),
          status: 'active',
          toolNames: new Set(tools.map((tool) => tool.function.name)),
          scenario: forcedScenario ?? selectScenario(body.task, scenarios, fallbackScenario),
          runs: [],
        };
        tasks.push(task);
        tasksById.set(task.id, task);
        startRunOf(task, at);
        return json(200, { success: true, data: { taskId: task.id } });
      }

      case 'listTasks': {
        const items = [...tasks].reverse().map((task) => ({ id: task.id, status: task.status, readable_name: task.readableName }));
        return paginate(items, url);
      }

      case 'listRuns': {
        const task = taskOf(taskId);
        const items = [...task.runs].reverse().map((run) => ({ id: run.id, created_at: new Date(run.createdAt).toISOString() }));
        return paginate(items, url);
      }

      case 'getRunStatus':
        return json(200, { success: true, data: statusOf(runOf(taskOf(taskId), url, at)) });

      case 'getRunResult':
        return json(200, { success: true, data: resultOf(runOf(taskOf(taskId), url, at)) });

      case 'getRunGif':
        return json(200, { success: true, data: gifOf(runOf(taskOf(taskId), url, at), at) });

      case 'submitToolInput': {
        const run = runOf(taskOf(taskId), url, at);
        const body = await bodyOf(request);
        if (typeof body.input !== 'string') throw new HttpError(400, 'input must be a string (JSON-encode structured answers)');
        if (typeof body.toolCallId !== 'string' || body.toolCallId === '') throw new HttpError(400, 'toolCallId is required');
        const pending = run.toolCall;
        if (pending === null || pending.toolCallId !== body.toolCallId || run.toolParameters === null) {
          const why = run.answeredCallIds.has(body.toolCallId)
            ? 'was already answered'
            : run.status !== 'running'
              ? `is not pending: the run is ${run.status}`
              : pending === null
                ? 'is not pending: the run is not waiting for tool input'
                : 'is not the pending tool call';
          throw new HttpError(409, `Tool call "${body.toolCallId}" ${why}`);
        }
        run.answers.push({ tool: pending.tool.name, toolCallId: pending.toolCallId, parameters: run.toolParameters, input: body.input });
        run.answeredCallIds.add(pending.toolCallId);
        run.toolCall = null;
        run.toolParameters = null;
        run.stepIndex += 1;
        run.stepStartedAt = at;
        advance(run, at);
        return json(200, { success: true });
      }

      case 'stopRun':
        stop(runOf(taskOf(taskId), url, at), at);
        return json(200, { success: true });

      case 'stopTask': {
        const task = taskOf(taskId);
        task.status = 'stopped';
        for (const run of task.runs) stop(run, at);
        return json(200, { success: true });
      }
    }
  }

  // ---- Faults -----------------------------------------------------------------------------

  function hang(signal: AbortSignal): Promise<Response> {
    return new Promise((resolve, reject) => {
      const release = () => {
        hanging.delete(release);
        signal.removeEventListener('abort', onAbort);
        resolve(Response.error());
      };
      const onAbort = () => {
        hanging.delete(release);
        reject(abortReason(signal));
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      hanging.add(release);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  function sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(abortReason(signal));
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortReason(signal));
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  async function faultResponse(fault: ChosenFault, signal: AbortSignal): Promise<Response> {
    const retryAfter: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
    switch (fault.type) {
      case 'http-500':
        return failure(500, 'Internal server error');
      case 'http-502':
        return failure(502, 'Bad gateway');
      case 'http-503':
        return failure(503, 'Service unavailable', retryAfter);
      case 'http-429':
        return failure(429, 'Too many requests', retryAfter);
      case 'rate-limit':
        return failure(429, 'Rate limit exceeded', retryAfter);
      case 'unauthorized':
        return failure(401, 'Invalid API key');
      case 'api-error':
        return json(200, { success: false, error: 'The service could not process the request' });
      case 'malformed':
        return new Response('{"success":true,"data":{"sta', { status: 200, headers: JSON_HEADERS });
      case 'empty':
        return new Response(null, { status: 200, headers: { 'cache-control': 'no-store' } });
      case 'not-envelope':
        return json(200, { status: 'ok', result: null });
      case 'network':
        return Response.error();
      case 'hang':
        return hang(signal);
    }
  }

  // ---- Handler ----------------------------------------------------------------------------

  function record(request: Request, url: URL): SimulatorRequestRecord {
    const presented = request.headers.get('x-api-key');
    const entry: SimulatorRequestRecord = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries([...url.searchParams].map(([name, value]) => [name, value === apiKey ? '[redacted]' : value])),
      key: presented === null ? 'missing' : presented === apiKey ? 'valid' : 'invalid',
      status: null,
      fault: null,
      startedAt: now(),
      endedAt: null,
    };
    requests.push(entry);
    if (requests.length > requestLogLimit) requests.splice(0, requests.length - requestLogLimit);
    return entry;
  }

  function serveRecording(request: Request, pathname: string, at: number): Response | undefined {
    const live = /^\/live\/([^/]+)$/.exec(pathname);
    const gif = /^\/recordings\/([^/]+)\.gif$/.exec(pathname);
    const id = live?.[1] ?? gif?.[1];
    if (id === undefined) return undefined;
    if (request.method !== 'GET') return new Response(null, { status: 405, headers: { allow: 'GET' } });
    let runId: string;
    try {
      runId = decodeURIComponent(id);
    } catch {
      runId = '';
    }
    const run = runsById.get(runId);
    if (live !== null) {
      if (run === undefined) return new Response(renderMissingLivePage(), { status: 404, headers: LIVE_PAGE_HEADERS });
      advance(run, at);
      const status = statusOf(run);
      const html = renderLivePage({
        taskName: run.task.readableName,
        status: status.status,
        detailedStatus: status.detailedStatus,
        page: currentPage(run),
        waitingFor: run.toolCall?.tool.name ?? null,
      });
      return new Response(html, { status: 200, headers: LIVE_PAGE_HEADERS });
    }
    if (run === undefined || gifOf(run, at).status !== 'completed') {
      return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
    return new Response(recordingGif().slice(), {
      status: 200,
      headers: { 'content-type': 'image/gif', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' },
    });
  }

  async function route(request: Request, url: URL, entry: SimulatorRequestRecord): Promise<Response> {
    const at = now();
    const recording = serveRecording(request, url.pathname, at);
    if (recording !== undefined) return recording;

    const match = matchTaskEndpoint(url.pathname);
    const endpoint = match?.endpoints.find((candidate) => candidate.method === request.method);
    const fault = faults.choose(request.method, url.pathname, (endpoint ?? match?.endpoints[0])?.template, at);
    entry.fault = fault?.type ?? null;
    const delay = faults.latency();
    if (delay > 0) await sleep(delay, request.signal);
    if (fault !== undefined && !fault.afterHandling) return faultResponse(fault, request.signal);

    let response: Response;
    const key = request.headers.get('x-api-key');
    if (key === null) response = failure(401, 'Missing x-api-key header');
    else if (key !== apiKey) response = failure(401, 'Invalid API key');
    else if (match === undefined) response = failure(404, `No endpoint at ${url.pathname}`);
    else if (endpoint === undefined) {
      const allow = match.endpoints.map((candidate) => candidate.method).join(', ');
      response = failure(405, `${request.method} is not allowed here; use ${allow}`, { allow });
    } else {
      try {
        response = await answer(endpoint, match.taskId, request, url, now());
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        response = failure(error.status, error.message);
      }
    }
    return fault === undefined ? response : faultResponse(fault, request.signal);
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const entry = record(request, url);
    try {
      const response = await route(request, url, entry);
      entry.status = response.type === 'error' ? null : response.status;
      return response;
    } finally {
      entry.endedAt = now();
    }
  }

  async function inProcessFetch(input: Request | string | URL, init?: RequestInit): Promise<Response> {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    if (request.signal.aborted) throw abortReason(request.signal);
    const response = await handle(request);
    if (response.type === 'error') {
      // What `fetch` does on a refused connection, so clients cannot tell the two apart.
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED (simulated network fault)'), { code: 'ECONNREFUSED' }),
      });
    }
    return response;
  }

  const createClient = (clientOptions: SimulatedClientOptions = {}) =>
    createTaskClient({
      baseUrl: SIMULATOR_ORIGIN,
      apiKey: clientOptions.apiKey ?? apiKey,
      fetch: inProcessFetch,
      ...(clientOptions.timeoutMs === undefined ? {} : { timeoutMs: clientOptions.timeoutMs }),
      ...(clientOptions.headers === undefined ? {} : { headers: clientOptions.headers }),
    });

  return {
    fetch: inProcessFetch,
    handle,
    client: createClient(),
    createClient,
    faults,
    get requests() {
      return requests;
    },
    publicUrl,
    startRun(taskId) {
      const task = tasksById.get(taskId);
      if (task === undefined) throw new RangeError(`startRun: no task "${taskId}"`);
      task.status = 'active';
      return { runId: startRunOf(task, now()).id };
    },
    getTask(taskId) {
      const task = tasksById.get(taskId);
      return task === undefined ? undefined : taskSnapshot(task, now());
    },
    getRun(runId) {
      const run = runsById.get(runId);
      return run === undefined ? undefined : runSnapshot(run, now());
    },
    listTasks() {
      const at = now();
      return [...tasks].reverse().map((task) => taskSnapshot(task, at));
    },
    reset() {
      tasks = [];
      tasksById = new Map();
      runsById = new Map();
      requests = [];
      ids = createRandom(seed);
      faults.restart(createRandom(hashSeed(`${seed}:faults`)));
      for (const release of [...hanging]) release();
    },
  };
}

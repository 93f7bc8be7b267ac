import { createTaskClient, type TaskClient } from '../client';
import { createServiceHandler } from './create-service-handler';
import { FaultState, type FaultController, type RandomFaults } from './faults';
import { HangingRequests } from './hanging-requests';
import { RequestLog, type SimulatorRequestRecord } from './request-log';
import { RunEngine } from './run-engine';
import { selectScenario, type Scenario } from './scenario';
import { builtInScenarios } from './scenarios/built-in-scenarios';
import { createRandom, hashSeed } from './seeded-random';
import { snapshotRun, snapshotTask, type SimulatedRunSnapshot, type SimulatedTaskSnapshot } from './simulated-snapshots';

/**
 * The origin of the in-process client. `.invalid` can never resolve (RFC 6761), so a request
 * that leaks past the in-process `fetch` fails instead of reaching some real host.
 */
export const SIMULATOR_ORIGIN = 'http://simulator.invalid';

/** The key the simulated service accepts when none is given. */
export const DEFAULT_SIMULATOR_API_KEY = 'sim_test_key_d3m0';

/** Options of `createSimulatedService` (and of `startSimulatorServer`). */
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

/**
 * The scenario each new task gets: the one the options force, else the first whose keyword
 * occurs in the task's text, else the default one. Throws for a name no scenario has.
 */
function createScenarioPicker(options: SimulatedServiceOptions): (text: string) => Scenario {
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
  return (text) => forcedScenario ?? selectScenario(text, scenarios, fallbackScenario);
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
  const pickScenario = createScenarioPicker(options);
  const timeScale = options.timeScale ?? 1;
  if (!(timeScale > 0) || !Number.isFinite(timeScale)) throw new RangeError('createSimulatedService: timeScale must be a positive number');
  const now = options.now ?? (() => Date.now());
  const publicUrl = (options.publicUrl ?? SIMULATOR_ORIGIN).replace(/\/+$/, '');
  const seed = hashSeed(options.seed ?? Math.floor(Math.random() * 2 ** 32));
  const faultDice = () => createRandom(hashSeed(`${seed}:faults`));

  const engine = new RunEngine({ seed, timeScale, publicUrl, recordingDelayMs: options.recordingDelayMs ?? 2000 });
  const faults = new FaultState(options.faults ?? {}, faultDice());
  const log = new RequestLog(apiKey, options.requestLogLimit ?? 10_000, now);
  const hanging = new HangingRequests();
  const handle = createServiceHandler({ apiKey, now, engine, pickScenario, faults, log, hanging });

  async function inProcessFetch(input: Request | string | URL, init?: RequestInit): Promise<Response> {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    request.signal.throwIfAborted();
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
      return log.entries;
    },
    publicUrl,
    startRun(taskId) {
      const task = engine.task(taskId);
      if (task === undefined) throw new RangeError(`startRun: no task "${taskId}"`);
      task.status = 'active';
      return { runId: engine.startRun(task, now()).id };
    },
    getTask(taskId) {
      const task = engine.task(taskId);
      return task === undefined ? undefined : snapshotTask(engine, task, now());
    },
    getRun(runId) {
      const run = engine.run(runId);
      return run === undefined ? undefined : snapshotRun(engine, run, now());
    },
    listTasks() {
      const at = now();
      return engine.tasksNewestFirst().map((task) => snapshotTask(engine, task, at));
    },
    reset() {
      engine.reset();
      log.clear();
      faults.restart(faultDice());
      hanging.releaseAll();
    },
  };
}

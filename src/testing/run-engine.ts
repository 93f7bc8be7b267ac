import { cloneJson } from '../utils';
import type { DataTableEntry, GifStatus, JsonValue, RunResult, RunStatus, ToolCall } from '../client';
import { attemptChallenge, createChallenge, type ChallengeAttempt, type LiveChallenge } from './live-challenge';
import type { Scenario, ScenarioAnswer, ScenarioError, ScenarioOutcome, ScenarioToolParameters } from './scenario';
import { createRandom, hashSeed, randomId, type Random } from './seeded-random';

/** A task as the engine holds it. */
export interface TaskState {
  id: string;
  text: string;
  readableName: string;
  status: 'active' | 'stopped';
  toolNames: Set<string>;
  scenario: Scenario;
  /** Oldest first. */
  runs: RunState[];
}

/** A run as the engine holds it. */
export interface RunState {
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
  /** The live view's challenge, made at the run's first call of a step with `challenge`; `null` until then. */
  challenge: LiveChallenge | null;
  endedAt: number | null;
  outcome: { output: { [field: string]: JsonValue }; dataTable: DataTableEntry[]; error: ScenarioError | null } | null;
}

/** The fixed settings of an engine. */
interface RunEngineSettings {
  /** Seed of the id sequence; `reset` starts it over. */
  seed: number;
  /** Multiplies every step's duration and the recording delay. */
  timeScale: number;
  /** Origin (optionally with a path) of `liveStatus` and GIF URLs. */
  publicUrl: string;
  /** Time from the end of a run until its GIF is `completed`, before `timeScale`. */
  recordingDelayMs: number;
}

function readableName(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/**
 * The state machine of the simulated service: its tasks, their runs, and how a run moves along
 * its scenario. Nothing runs in between requests: every method that reads a run first brings it
 * up to the clock reading it is given (`at`), so the same reading always gives the same state.
 */
export class RunEngine {
  private ids: Random;
  // Apart from `ids`, so that a challenge's code does not shift the ids of every later task.
  private challengeDice: Random;
  private tasks: TaskState[] = [];
  private tasksById = new Map<string, TaskState>();
  private runsById = new Map<string, RunState>();

  constructor(private readonly settings: RunEngineSettings) {
    this.ids = createRandom(settings.seed);
    this.challengeDice = challengeDice(settings.seed);
  }

  /** Adds a task and starts its first run. */
  createTask(text: string, toolNames: readonly string[], scenario: Scenario, at: number): TaskState {
    const task: TaskState = {
      id: randomId(this.ids, 'task'),
      text,
      readableName: readableName(text),
      status: 'active',
      toolNames: new Set(toolNames),
      scenario,
      runs: [],
    };
    this.tasks.push(task);
    this.tasksById.set(task.id, task);
    this.startRun(task, at);
    return task;
  }

  /** Starts a new run of a task; it becomes the task's most recent run. */
  startRun(task: TaskState, at: number): RunState {
    const run: RunState = {
      id: randomId(this.ids, 'run'),
      task,
      createdAt: at,
      stepIndex: 0,
      stepStartedAt: at,
      status: 'running',
      toolCall: null,
      toolParameters: null,
      answeredCallIds: new Set(),
      answers: [],
      challenge: null,
      endedAt: null,
      outcome: null,
    };
    task.runs.push(run);
    this.runsById.set(run.id, run);
    return run;
  }

  /** The task with this id, if any. */
  task(taskId: string): TaskState | undefined {
    return this.tasksById.get(taskId);
  }

  /** The run with this id, whatever its task, if any. */
  run(runId: string): RunState | undefined {
    return this.runsById.get(runId);
  }

  /** Every task, newest first. */
  tasksNewestFirst(): TaskState[] {
    return [...this.tasks].reverse();
  }

  /** Forgets every task and starts the id sequence over. */
  reset(): void {
    this.tasks = [];
    this.tasksById = new Map();
    this.runsById = new Map();
    this.ids = createRandom(this.settings.seed);
    this.challengeDice = challengeDice(this.settings.seed);
  }

  /** Moves a run along its script up to time `at`. Idempotent; the only place time passes. */
  advance(run: RunState, at: number): void {
    const steps = run.task.scenario.steps;
    while (run.status === 'running') {
      const step = steps[run.stepIndex];
      if (step === undefined) {
        const { result } = run.task.scenario;
        try {
          this.end(run, run.stepStartedAt, typeof result === 'function' ? result(run.answers) : result);
        } catch (error) {
          this.end(run, run.stepStartedAt, { error: scenarioFailure(run, error) });
        }
        return;
      }
      if (step.type === 'page') {
        const endsAt = run.stepStartedAt + step.durationMs * this.settings.timeScale;
        if (at < endsAt) return;
        run.stepIndex += 1;
        run.stepStartedAt = endsAt;
      } else if (step.type === 'fail') {
        this.end(run, run.stepStartedAt, { error: cloneJson(step.error) });
      } else if (step.type === 'check') {
        let error: ScenarioError | undefined;
        try {
          error = step.check(run.answers);
        } catch (thrown) {
          error = scenarioFailure(run, thrown);
        }
        if (error === undefined) run.stepIndex += 1;
        else this.end(run, run.stepStartedAt, { error: cloneJson(error) });
      } else {
        if (run.toolCall !== null) return;
        let parameters: ScenarioToolParameters | undefined;
        try {
          // An agent can only call the tools its task was created with (spec §3).
          if (run.task.toolNames.has(step.tool) && (step.when?.(run.answers) ?? true)) {
            parameters = cloneJson(typeof step.parameters === 'function' ? step.parameters(run.answers) : step.parameters);
          }
        } catch (error) {
          this.end(run, run.stepStartedAt, { error: scenarioFailure(run, error) });
          return;
        }
        if (parameters === undefined) {
          run.stepIndex += 1;
          continue;
        }
        if (step.challenge === true) run.challenge ??= createChallenge(this.challengeDice);
        run.toolParameters = parameters;
        run.toolCall = { toolCallId: randomId(this.ids, 'call'), tool: { name: step.tool, parameters: cloneJson(parameters) } };
        return;
      }
    }
  }

  /**
   * Hands the answer to the pending tool call to the run, which moves on from there. Returns why
   * the answer is refused (a call that was answered already, is not the pending one, or a run
   * that waits for none), or `undefined` once it is taken.
   */
  answerToolCall(run: RunState, toolCallId: string, input: string, at: number): string | undefined {
    const pending = run.toolCall;
    if (pending === null || pending.toolCallId !== toolCallId || run.toolParameters === null) {
      if (run.answeredCallIds.has(toolCallId)) return 'was already answered';
      if (run.status !== 'running') return `is not pending: the run is ${run.status}`;
      return pending === null ? 'is not pending: the run is not waiting for tool input' : 'is not the pending tool call';
    }
    const answer: ScenarioAnswer = { tool: pending.tool.name, toolCallId: pending.toolCallId, parameters: run.toolParameters, input };
    // What the agent finds when it looks at its page again, as it goes on.
    if (this.pendingChallenge(run) !== null) answer.challengePassed = run.challenge?.solved === true;
    run.answers.push(answer);
    run.answeredCallIds.add(pending.toolCallId);
    run.toolCall = null;
    run.toolParameters = null;
    run.stepIndex += 1;
    run.stepStartedAt = at;
    this.advance(run, at);
    return undefined;
  }

  /** The challenge the live view shows now: while the run waits on a call of a step with `challenge`; else `null`. */
  pendingChallenge(run: RunState): LiveChallenge | null {
    const step = run.task.scenario.steps[run.stepIndex];
    if (run.status !== 'running' || run.toolCall === null || step?.type !== 'tool_call' || step.challenge !== true) return null;
    return run.challenge;
  }

  /** A person's attempt at the live view's challenge, taken only while the run waits on it. */
  attemptChallenge(run: RunState, attempt: ChallengeAttempt, at: number): void {
    this.advance(run, at);
    const challenge = this.pendingChallenge(run);
    if (challenge !== null) attemptChallenge(challenge, attempt);
  }

  /** Stops a run that is still going at `at`; an ended run keeps its outcome. */
  stop(run: RunState, at: number): void {
    this.advance(run, at);
    if (run.status !== 'running') return;
    run.status = 'stopped';
    run.endedAt = at;
    run.toolCall = null;
    run.toolParameters = null;
    run.outcome = { output: { summary: 'The run was stopped before it finished.' }, dataTable: [], error: null };
  }

  /** Stops a task and every run of it. */
  stopTask(task: TaskState, at: number): void {
    task.status = 'stopped';
    for (const run of task.runs) this.stop(run, at);
  }

  /** The page the agent is on (or was on last); `null` before the first page. */
  currentPage(run: RunState): { title: string; url: string } | null {
    const steps = run.task.scenario.steps;
    for (let i = Math.min(run.stepIndex, steps.length - 1); i >= 0; i--) {
      const step = steps[i];
      if (step?.type === 'page') return { title: step.title, url: step.url };
    }
    return null;
  }

  /** What the status endpoint answers for the run, as it stands. */
  statusOf(run: RunState): RunStatus {
    return {
      status: run.status,
      detailedStatus: run.status === 'running' ? (run.toolCall === null ? 'processing_page' : 'tool_call') : run.status,
      toolCall: run.toolCall === null ? null : cloneJson(run.toolCall),
      liveStatus: `${this.settings.publicUrl}/live/${encodeURIComponent(run.id)}`,
    };
  }

  /** What the result endpoint answers for the run, as it stands. */
  resultOf(run: RunState): RunResult {
    if (run.outcome === null) return { status: run.status, error: null, output: {}, dataTable: [] };
    return cloneJson({ status: run.status, error: run.outcome.error, output: run.outcome.output, dataTable: run.outcome.dataTable });
  }

  /** What the gif endpoint answers for the run at time `at`. */
  gifOf(run: RunState, at: number): GifStatus {
    const { publicUrl, recordingDelayMs, timeScale } = this.settings;
    if (run.endedAt === null || at < run.endedAt + recordingDelayMs * timeScale) return { status: 'pending', url: '' };
    return { status: 'completed', url: `${publicUrl}/recordings/${encodeURIComponent(run.id)}.gif` };
  }

  private end(run: RunState, at: number, outcome: ScenarioOutcome | { error: ScenarioError }): void {
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
}

function challengeDice(seed: number): Random {
  return createRandom(hashSeed(`${seed}:challenges`));
}

/** A scenario function that throws fails the run, so a broken custom scenario shows up as a failed run, not a 500. */
function scenarioFailure(run: RunState, error: unknown): ScenarioError {
  const message = error instanceof Error ? error.message : String(error);
  return { message: `The scenario "${run.task.scenario.name}" failed: ${message}`, code: 'SCENARIO_ERROR' };
}

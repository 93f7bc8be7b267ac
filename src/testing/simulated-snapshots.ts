import { cloneJson } from '../utils';
import type { GifStatus, RunResult, ToolCall } from '../client';
import type { RunEngine, RunState, TaskState } from './run-engine';
import type { ScenarioAnswer } from './scenario';

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

/** A copy of a run brought up to time `at`, which the caller may keep and change freely. */
export function snapshotRun(engine: RunEngine, run: RunState, at: number): SimulatedRunSnapshot {
  engine.advance(run, at);
  const status = engine.statusOf(run);
  return {
    id: run.id,
    taskId: run.task.id,
    createdAt: run.createdAt,
    status: run.status,
    detailedStatus: status.detailedStatus as SimulatedRunSnapshot['detailedStatus'],
    toolCall: status.toolCall,
    page: engine.currentPage(run),
    answers: cloneJson(run.answers),
    endedAt: run.endedAt,
    result: engine.resultOf(run),
    gif: engine.gifOf(run, at),
  };
}

/** A copy of a task and its runs (newest first) at time `at`. */
export function snapshotTask(engine: RunEngine, task: TaskState, at: number): SimulatedTaskSnapshot {
  return {
    id: task.id,
    text: task.text,
    readableName: task.readableName,
    status: task.status,
    scenario: task.scenario.name,
    tools: [...task.toolNames],
    runs: [...task.runs].reverse().map((run) => snapshotRun(engine, run, at)),
  };
}

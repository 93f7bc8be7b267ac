/**
 * A scripted `TaskClient` for store and hook tests: every call is recorded with the (fake) time it
 * was made, and answered from a per-method script. Shared by test/node/store and test/dom/hooks.
 */
import { TaskApiError, type RunStatus, type TaskClient, type ToolCall } from '../../../src/client';
import type { StoreEnvironment } from '../../../src/store';

export type Method = keyof TaskClient;

/** One scripted answer: a value, an error, or `hold` (settled by the test through the recorded call). */
export type Reply = { value: unknown; delayMs?: number } | { error: Error; delayMs?: number } | { hold: true };

export type Responder = Reply | ((call: RecordedCall) => Reply);

export interface RecordedCall {
  readonly method: Method;
  readonly args: readonly unknown[];
  /** `Date.now()` when the call was made. */
  readonly at: number;
  readonly signal: AbortSignal | undefined;
  aborted: boolean;
  settled: boolean;
  resolve(value?: unknown): void;
  reject(error: Error): void;
}

export class FakeTaskClient implements TaskClient {
  readonly calls: RecordedCall[] = [];
  /** Requests open right now, and the most ever open at once. */
  inFlight = 0;
  maxInFlight = 0;
  /** When false, an abort is recorded but the call still settles from its script (a client that ignores signals). */
  honourAbort = true;
  private readonly scripts = new Map<Method, Responder[]>();

  /** Replies of `method`, used in order; the last one repeats. */
  script(method: Method, ...replies: Responder[]): this {
    this.scripts.set(method, [...replies]);
    return this;
  }

  callsTo(method: Method): RecordedCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** Calls of `method` for one task (first argument). */
  callsFor(method: Method, taskId: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method && call.args[0] === taskId);
  }

  createTask(body: Parameters<TaskClient['createTask']>[0], o?: { signal?: AbortSignal }) {
    return this.handle('createTask', [body, o], o?.signal) as ReturnType<TaskClient['createTask']>;
  }
  listTasks(o?: Parameters<TaskClient['listTasks']>[0]) {
    return this.handle('listTasks', [o], o?.signal) as ReturnType<TaskClient['listTasks']>;
  }
  listRuns(taskId: string, o?: Parameters<TaskClient['listRuns']>[1]) {
    return this.handle('listRuns', [taskId, o], o?.signal) as ReturnType<TaskClient['listRuns']>;
  }
  getRunStatus(taskId: string, o?: { runId?: string; signal?: AbortSignal }) {
    return this.handle('getRunStatus', [taskId, o], o?.signal) as ReturnType<TaskClient['getRunStatus']>;
  }
  getRunResult(taskId: string, o?: { runId?: string; signal?: AbortSignal }) {
    return this.handle('getRunResult', [taskId, o], o?.signal) as ReturnType<TaskClient['getRunResult']>;
  }
  getRunGif(taskId: string, o?: { runId?: string; signal?: AbortSignal }) {
    return this.handle('getRunGif', [taskId, o], o?.signal) as ReturnType<TaskClient['getRunGif']>;
  }
  submitToolInput(taskId: string, body: { input: string; toolCallId: string }, o?: { runId?: string; signal?: AbortSignal }) {
    return this.handle('submitToolInput', [taskId, body, o], o?.signal) as Promise<void>;
  }
  stopRun(taskId: string, o?: { runId?: string; signal?: AbortSignal }) {
    return this.handle('stopRun', [taskId, o], o?.signal) as Promise<void>;
  }
  stopTask(taskId: string, o?: { signal?: AbortSignal }) {
    return this.handle('stopTask', [taskId, o], o?.signal) as Promise<void>;
  }
  checkApiKey(o?: { signal?: AbortSignal }) {
    return this.handle('checkApiKey', [o], o?.signal) as Promise<boolean>;
  }

  private handle(method: Method, args: unknown[], signal: AbortSignal | undefined): Promise<unknown> {
    const replies = this.scripts.get(method);
    const responder = replies === undefined ? undefined : replies.length > 1 ? replies.shift() : replies[0];
    return new Promise((resolve, reject) => {
      const finish = (settle: () => void) => {
        if (call.settled) return;
        call.settled = true;
        this.inFlight -= 1;
        settle();
      };
      const call: RecordedCall = {
        method,
        args,
        at: Date.now(),
        signal,
        aborted: false,
        settled: false,
        // Each answer is a fresh copy, as from the network, so reference checks mean something.
        resolve: (value) => finish(() => resolve(value === undefined ? undefined : JSON.parse(JSON.stringify(value)))),
        reject: (error) => finish(() => reject(error)),
      };
      this.calls.push(call);
      this.inFlight += 1;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      signal?.addEventListener(
        'abort',
        () => {
          call.aborted = true;
          if (this.honourAbort) call.reject(new TaskApiError(`${method} was aborted`, { kind: 'aborted' }));
        },
        { once: true },
      );
      if (responder === undefined) {
        call.reject(new Error(`FakeTaskClient: no script for ${method}`));
        return;
      }
      const reply = typeof responder === 'function' ? responder(call) : responder;
      if ('hold' in reply) return;
      const deliver = () => ('error' in reply ? call.reject(reply.error) : call.resolve(reply.value));
      if (reply.delayMs !== undefined && reply.delayMs > 0) setTimeout(deliver, reply.delayMs);
      else deliver();
    });
  }
}

/** A visibility/connectivity source the test flips by hand. */
export class FakeEnvironment implements StoreEnvironment {
  visible = true;
  online = true;
  private readonly listeners = new Set<() => void>();

  isVisible = () => this.visible;
  isOnline = () => this.online;
  subscribe = (onChange: () => void) => {
    this.listeners.add(onChange);
    return () => {
      this.listeners.delete(onChange);
    };
  };

  set(state: { visible?: boolean; online?: boolean }): void {
    this.visible = state.visible ?? this.visible;
    this.online = state.online ?? this.online;
    for (const listener of [...this.listeners]) listener();
  }
}

export const LIVE_URL = 'https://live.example.test/run-1';

export function runStatus(status: string, detailedStatus = 'processing_page', toolCall: ToolCall | null = null): RunStatus {
  return { status, detailedStatus, toolCall, liveStatus: LIVE_URL };
}

export function formCall(toolCallId: string, heading = 'Sign in'): ToolCall {
  return {
    toolCallId,
    tool: {
      name: 'form_input',
      parameters: {
        heading,
        fields: [
          { type: 'text', label: 'Username' },
          { type: 'password', label: 'Password' },
        ],
      },
    },
  };
}

export const processing = () => runStatus('running', 'processing_page');
export const waitingFor = (toolCallId: string) => runStatus('running', 'tool_call', formCall(toolCallId));
export const completed = () => runStatus('completed', 'completed');

export function httpError(status: number, retryAfterMs?: number): TaskApiError {
  return new TaskApiError(`GET /api/v1/task/{taskId}/run/status failed with HTTP ${status}`, {
    kind: 'http',
    status,
    endpoint: 'GET /api/v1/task/{taskId}/run/status',
    retryAfterMs,
  });
}

export const networkError = () =>
  new TaskApiError('GET /api/v1/task/{taskId}/run/status failed: the service could not be reached', { kind: 'network' });

/** A small seeded generator (mulberry32), so "random" delays are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

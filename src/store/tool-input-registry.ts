import { isTaskApiError, type RunStatus } from '../client';
import { quiet, toError } from '../utils';
import { normaliseRunId } from './resource-key';

/**
 * Where the answer to one tool call stands:
 * - `idle`: nothing sent;
 * - `submitting`: the POST is out;
 * - `submitted`: the service accepted it; it is never sent again;
 * - `error`: the POST failed; a retry sends the very same body (the service may have received it);
 * - `stale`: the service no longer waits for this call (it moved on, or answered 409 and the run
 *   status confirms the call is gone); nothing can be sent for it.
 */
export type ToolInputState = 'idle' | 'submitting' | 'submitted' | 'error' | 'stale';

/** The registry's view of one tool call. Immutable; a new object on every change. */
export interface ToolInputSnapshot {
  readonly state: ToolInputState;
  /** Why the last attempt failed, for `error` and `stale`. */
  readonly error: Error | undefined;
}

/** Identifies the tool call an answer is for. */
export interface ToolInputRef {
  readonly taskId: string;
  /** The run; absent means the most recent run of the task (spec §4.7). */
  readonly runId?: string | undefined;
  readonly toolCallId: string;
}

/** The call an answer was for no longer waits for one. */
export class StaleToolCallError extends Error {
  override readonly name = 'StaleToolCallError';
  readonly toolCallId: string;

  constructor(toolCallId: string, options?: { cause?: unknown }) {
    super('This question no longer waits for an answer: the run has moved on.', options);
    this.toolCallId = toolCallId;
  }
}

export const IDLE_TOOL_INPUT: ToolInputSnapshot = Object.freeze({ state: 'idle', error: undefined });

interface Entry {
  readonly taskId: string;
  readonly runId: string | undefined;
  readonly toolCallId: string;
  /** The exact body of the first attempt; dropped once accepted, so an answer (maybe a password) is not kept longer than needed. */
  input: string | undefined;
  snapshot: ToolInputSnapshot;
  promise: Promise<void> | undefined;
  /** Store clock value when the last attempt was sent. */
  attemptTick: number;
}

export interface ToolInputRegistryDeps {
  send(ref: ToolInputRef, input: string): Promise<void>;
  /** The service accepted an answer: refetch the run status at once. */
  accepted(ref: ToolInputRef): void;
  /** Refetches the run status after a 409; resolves true when it no longer shows the call. */
  confirmGone(ref: ToolInputRef): Promise<boolean>;
  /** The store's logical clock: orders attempts against status requests. */
  tick(): number;
}

function encode(answer: unknown): string {
  if (typeof answer === 'string') return answer;
  const json = JSON.stringify(answer);
  if (json === undefined) throw new TypeError('The answer cannot be encoded as JSON.');
  return json;
}

const entryId = (taskId: string, toolCallId: string) => JSON.stringify([taskId, toolCallId]);
const runScope = (taskId: string, runId: string | undefined) => JSON.stringify([taskId, runId ?? null]);

/**
 * Exactly-once bookkeeping for tool-call answers, shared by every component that uses one store.
 *
 * Entries are keyed by task and `toolCallId` (not by run as well): the id is unique per call, and
 * keying without the run means a component addressing the run by id and one addressing "the most
 * recent run" still share one entry, so they cannot both send.
 */
export class ToolInputRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly lastAttempt = new Map<string, string>();
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(private readonly deps: ToolInputRegistryDeps) {}

  get(taskId: string, toolCallId: string): ToolInputSnapshot {
    return this.entries.get(entryId(taskId, toolCallId))?.snapshot ?? IDLE_TOOL_INPUT;
  }

  /** The toolCallId an answer was last attempted for, for this task and run. */
  lastAttempted(taskId: string, runId: string | undefined): string | undefined {
    return this.lastAttempt.get(runScope(taskId, runId));
  }

  subscribe(taskId: string, listener: () => void): () => void {
    let set = this.listeners.get(taskId);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(taskId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(taskId) === set) this.listeners.delete(taskId);
    };
  }

  /**
   * Sends an answer unless one is out or done for this call. A second call while the first is out
   * returns the first's promise; after success it resolves at once; on a `stale` call it rejects
   * with `StaleToolCallError`. After an `error`, the first attempt's body is sent again, whatever
   * `answer` says. Never throws synchronously.
   */
  submit(ref: ToolInputRef, answer: unknown): Promise<void> {
    const existing = this.entries.get(entryId(ref.taskId, ref.toolCallId));
    if (existing !== undefined) return this.resume(existing);
    let input: string;
    try {
      input = encode(answer);
    } catch (error) {
      return quiet(Promise.reject(error instanceof Error ? error : new TypeError(String(error))));
    }
    const entry: Entry = {
      taskId: ref.taskId,
      runId: normaliseRunId(ref.runId),
      toolCallId: ref.toolCallId,
      input,
      snapshot: IDLE_TOOL_INPUT,
      promise: undefined,
      attemptTick: 0,
    };
    this.entries.set(entryId(ref.taskId, ref.toolCallId), entry);
    this.lastAttempt.set(runScope(entry.taskId, entry.runId), entry.toolCallId);
    return this.send(entry);
  }

  /** Sends the first attempt's body again after an `error`; otherwise behaves like a repeated `submit`. */
  retry(taskId: string, toolCallId: string): Promise<void> {
    const existing = this.entries.get(entryId(taskId, toolCallId));
    if (existing === undefined) return Promise.resolve();
    return this.resume(existing);
  }

  /**
   * Forgets a failed (`error`) or `stale` attempt, so a different answer can be sent. Does nothing
   * while an answer is out or once it was accepted: that is what keeps the answer exactly-once.
   */
  reset(taskId: string, toolCallId: string): void {
    const id = entryId(taskId, toolCallId);
    const entry = this.entries.get(id);
    if (entry === undefined || (entry.snapshot.state !== 'error' && entry.snapshot.state !== 'stale')) return;
    this.entries.delete(id);
    const scope = runScope(entry.taskId, entry.runId);
    if (this.lastAttempt.get(scope) === toolCallId) this.lastAttempt.delete(scope);
    this.notify(taskId);
  }

  /**
   * Sees a run status that was requested at `requestTick`: a failed attempt whose call the status no
   * longer shows becomes `stale`. Only statuses requested after the attempt count, and only for the
   * same run address, so an old or unrelated status cannot condemn an answer.
   */
  observeStatus(taskId: string, runId: string | undefined, status: RunStatus, requestTick: number): void {
    let changed = false;
    for (const entry of this.entries.values()) {
      if (entry.taskId !== taskId || entry.runId !== runId) continue;
      if (entry.snapshot.state !== 'error' || entry.attemptTick >= requestTick) continue;
      if (status.toolCall?.toolCallId === entry.toolCallId) continue;
      this.markStale(entry, entry.snapshot.error);
      changed = true;
    }
    if (changed) this.notify(taskId);
  }

  private resume(entry: Entry): Promise<void> {
    switch (entry.snapshot.state) {
      case 'submitting':
        return entry.promise ?? Promise.resolve();
      case 'submitted':
        return Promise.resolve();
      case 'stale':
        return quiet(Promise.reject(entry.snapshot.error ?? new StaleToolCallError(entry.toolCallId)));
      default:
        return this.send(entry);
    }
  }

  private send(entry: Entry): Promise<void> {
    const input = entry.input;
    if (input === undefined) return Promise.resolve();
    const ref: ToolInputRef = { taskId: entry.taskId, runId: entry.runId, toolCallId: entry.toolCallId };
    entry.attemptTick = this.deps.tick();
    this.set(entry, { state: 'submitting', error: undefined });
    const promise = (async () => {
      try {
        await this.deps.send(ref, input);
      } catch (cause) {
        const error = toError(cause);
        if (isTaskApiError(cause) && cause.status === 409) {
          let gone = false;
          try {
            gone = await this.deps.confirmGone(ref);
          } catch {
            // The status could not be read: we cannot tell, so the person may retry.
          }
          if (gone) {
            const stale = new StaleToolCallError(entry.toolCallId, { cause });
            this.markStale(entry, stale);
            this.notify(entry.taskId);
            throw stale;
          }
        }
        this.set(entry, { state: 'error', error });
        throw error;
      }
      entry.input = undefined;
      this.set(entry, { state: 'submitted', error: undefined });
      this.deps.accepted(ref);
    })();
    entry.promise = promise;
    return quiet(promise);
  }

  private markStale(entry: Entry, cause: Error | undefined): void {
    entry.input = undefined;
    const error = cause instanceof StaleToolCallError ? cause : new StaleToolCallError(entry.toolCallId, { cause });
    entry.snapshot = Object.freeze({ state: 'stale', error });
  }

  private set(entry: Entry, snapshot: ToolInputSnapshot): void {
    entry.snapshot = Object.freeze({ ...snapshot });
    this.notify(entry.taskId);
  }

  private notify(taskId: string): void {
    const set = this.listeners.get(taskId);
    if (set === undefined) return;
    for (const listener of [...set]) listener();
  }
}

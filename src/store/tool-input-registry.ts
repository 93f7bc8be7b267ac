import { createIdempotencyKey, isTaskApiError, type RunStatus, type TaskClient } from '../client';
import { quiet, removeDraft, toError } from '../utils';
import { isStatusOf, normaliseRunId, resourceKeys, runOption, type ResourceKey } from './resource-key';
import {
  AnswerTooLargeError,
  callKey,
  IDLE_TOOL_INPUT,
  runKey,
  StaleToolCallError,
  type ToolInputRef,
  type ToolInputSnapshot,
} from './tool-input-state';

interface Entry {
  /** The call, its run normalised. */
  readonly ref: ToolInputRef;
  /** The exact body of the first attempt; dropped once accepted, so an answer (maybe a password) is not kept longer than needed. */
  input: string | undefined;
  /**
   * The `Idempotency-Key` of this answer: made with the entry, sent with every attempt of its one
   * body, so a proxy can tell a resend from a second answer. A different body is a new entry.
   */
  readonly key: string;
  /** An attempt failed with `answer_in_doubt` and no status or answer has settled it since. */
  doubt: boolean;
  snapshot: ToolInputSnapshot;
  promise: Promise<void> | undefined;
  /** Store clock value when the last attempt was sent. */
  attemptTick: number;
}

/** What the registry needs of its store. */
export interface ToolInputRegistryDeps {
  client: TaskClient;
  runAction<T>(action: () => Promise<T>): Promise<T>;
  invalidate(match: (key: ResourceKey) => boolean): void;
  refetch(key: ResourceKey): Promise<unknown>;
  /** The store's logical clock: orders attempts against status requests. */
  tick(): number;
  /** Largest request body sent, in bytes; a larger answer fails with `AnswerTooLargeError` before sending. */
  maxAnswerBytes: number;
  /** A tool-input state of the task changed. */
  notify(taskId: string): void;
  /** Sends under the origin's per-call lock, once for every tab (at once without other tabs). */
  exclusive(ref: ToolInputRef, send: () => Promise<void>): Promise<void>;
}

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

  constructor(private readonly deps: ToolInputRegistryDeps) {}

  get(taskId: string, toolCallId: string): ToolInputSnapshot {
    return this.entries.get(callKey(taskId, toolCallId))?.snapshot ?? IDLE_TOOL_INPUT;
  }

  /** The toolCallId an answer was last attempted for, for this task and run. */
  lastAttempted(taskId: string, runId: string | undefined): string | undefined {
    return this.lastAttempt.get(runKey(taskId, runId));
  }

  /** Sends an answer unless one is out or done for this call, as `useToolInput`'s `submit` says. Never throws synchronously. */
  submit(ref: ToolInputRef, answer: unknown): Promise<void> {
    // The service needs the id echoed (spec §4.7): without one, the answer could reach no call.
    if (typeof ref.toolCallId !== 'string' || ref.toolCallId === '')
      return quiet(Promise.reject(new TypeError('toolCallId must be a non-empty string: there is no call to answer.')));
    const existing = this.entries.get(callKey(ref.taskId, ref.toolCallId));
    if (existing !== undefined && !(existing.snapshot.state === 'error' && isTooLarge(existing.snapshot.error) && !existing.doubt))
      return this.resume(existing);
    let input: string | undefined;
    try {
      input = typeof answer === 'string' ? answer : JSON.stringify(answer);
    } catch (error) {
      return quiet(Promise.reject(error instanceof Error ? error : new TypeError(String(error))));
    }
    if (input === undefined) return quiet(Promise.reject(new TypeError('The answer cannot be encoded as JSON.')));
    const entry = this.add(ref, input);
    this.lastAttempt.set(runKey(entry.ref.taskId, entry.ref.runId), ref.toolCallId);
    // The request body `client.submitToolInput` sends, in UTF-8 bytes.
    const size = new TextEncoder().encode(JSON.stringify({ input, toolCallId: ref.toolCallId })).byteLength;
    if (size > this.deps.maxAnswerBytes) {
      // Caught here rather than by the server's 413: the person learns the limit, and keeps the form.
      const error = new AnswerTooLargeError(size, this.deps.maxAnswerBytes);
      entry.input = undefined;
      this.set(entry, { state: 'error', error, inDoubt: false });
      return quiet(Promise.reject(error));
    }
    return this.send(entry);
  }

  /** Sends the first attempt's body again after an `error`; otherwise behaves like a repeated `submit`. */
  retry(taskId: string, toolCallId: string): Promise<void> {
    const existing = this.entries.get(callKey(taskId, toolCallId));
    return existing === undefined ? Promise.resolve() : this.resume(existing);
  }

  /**
   * Forgets a failed (`error`) or `stale` attempt, so a different answer can be sent. Does nothing
   * while an answer is out, once accepted, or while in doubt: that keeps the answer exactly-once.
   */
  reset(taskId: string, toolCallId: string): void {
    const id = callKey(taskId, toolCallId);
    const entry = this.entries.get(id);
    const state = entry?.snapshot.state;
    if (entry === undefined || (state !== 'stale' && (state !== 'error' || entry.doubt))) return;
    this.entries.delete(id);
    const scope = runKey(taskId, entry.ref.runId);
    if (this.lastAttempt.get(scope) === toolCallId) this.lastAttempt.delete(scope);
    this.deps.notify(taskId);
  }

  /**
   * Another tab's answer to this call was accepted: nothing may be sent for it here any more. An
   * answer of this tab that is out is left to finish (under the same lock, it finds the record and
   * sends nothing).
   */
  adoptAccepted(ref: ToolInputRef): void {
    const existing = this.entries.get(callKey(ref.taskId, ref.toolCallId));
    if (existing?.snapshot.state === 'submitting' || existing?.snapshot.state === 'submitted') return;
    const entry = existing ?? this.add(ref, undefined);
    entry.input = undefined;
    entry.doubt = false;
    this.set(entry, { state: 'submitted', error: undefined, inDoubt: false });
  }

  /**
   * Sees a run status that was requested at `requestTick`: a failed attempt whose call the status no
   * longer shows becomes `stale` (probably received, when the failure did not say it was refused).
   * Only statuses requested after the attempt count, and only for the same run address, so an old
   * or unrelated status cannot condemn an answer.
   */
  observeStatus(taskId: string, runId: string | undefined, status: RunStatus, requestTick: number): void {
    let changed = false;
    for (const entry of this.entries.values()) {
      const { ref, snapshot } = entry;
      if (ref.taskId !== taskId || ref.runId !== runId || snapshot.state !== 'error' || entry.attemptTick >= requestTick) continue;
      if (status.toolCall?.toolCallId === ref.toolCallId) continue;
      const probablyReceived = entry.doubt || mayHaveArrived(snapshot.error);
      this.markStale(entry, new StaleToolCallError(ref.toolCallId, { cause: snapshot.error, probablyReceived }), false);
      changed = true;
    }
    if (changed) this.deps.notify(taskId);
  }

  /**
   * Forgets the answers to one run's calls, once its status was evicted from the store after the
   * run ended: nothing will show those calls again, and a long session must not keep every answer
   * it ever sent. An answer still out is kept.
   */
  forgetRun(taskId: string, runId: string | undefined): void {
    const run = normaliseRunId(runId);
    let changed = false;
    for (const [id, entry] of this.entries) {
      if (entry.ref.taskId !== taskId || entry.ref.runId !== run || entry.snapshot.state === 'submitting') continue;
      this.entries.delete(id);
      changed = true;
    }
    const scope = runKey(taskId, run);
    const last = this.lastAttempt.get(scope);
    if (last !== undefined && !this.entries.has(callKey(taskId, last))) this.lastAttempt.delete(scope);
    if (changed) this.deps.notify(taskId);
  }

  /** A new answer to `ref`'s call, with its own `Idempotency-Key`, in place of any other. */
  private add(ref: ToolInputRef, input: string | undefined): Entry {
    const { taskId, toolCallId } = ref;
    const entry: Entry = {
      ref: { taskId, runId: normaliseRunId(ref.runId), toolCallId },
      input,
      key: createIdempotencyKey(),
      doubt: false,
      snapshot: IDLE_TOOL_INPUT,
      promise: undefined,
      attemptTick: 0,
    };
    this.entries.set(callKey(taskId, toolCallId), entry);
    return entry;
  }

  private resume(entry: Entry): Promise<void> {
    switch (entry.snapshot.state) {
      case 'submitting':
        return entry.promise ?? Promise.resolve();
      case 'submitted':
        return Promise.resolve();
      case 'stale':
        return quiet(Promise.reject(entry.snapshot.error ?? new StaleToolCallError(entry.ref.toolCallId)));
      default:
        // The same body would be refused again for its size: only a different answer can go.
        if (isTooLarge(entry.snapshot.error))
          return quiet(Promise.reject(entry.snapshot.error ?? new AnswerTooLargeError(undefined, undefined)));
        return this.send(entry);
    }
  }

  private send(entry: Entry): Promise<void> {
    const { input, ref } = entry;
    if (input === undefined) return Promise.resolve();
    entry.attemptTick = this.deps.tick();
    this.set(entry, { state: 'submitting', error: undefined, inDoubt: entry.doubt });
    const promise = (async () => {
      try {
        const { client } = this.deps;
        const body = { input, toolCallId: ref.toolCallId };
        const send = () => client.submitToolInput(ref.taskId, body, { ...runOption(ref.runId), idempotencyKey: entry.key });
        await this.deps.exclusive(ref, () => this.deps.runAction(send));
      } catch (cause) {
        const error = toError(cause);
        if (isTaskApiError(cause) && cause.kind === 'already_answered') {
          // Someone else's answer went first (the proxy says so): nothing can be sent for this call.
          const stale = this.markStale(entry, cause);
          this.accepted(ref);
          throw stale;
        }
        if (isTaskApiError(cause) && cause.status === 409) {
          let gone = false;
          try {
            gone = await this.confirmGone(ref);
          } catch {
            // The status could not be read: we cannot tell, so the person may retry.
          }
          if (gone) throw this.markStale(entry, cause);
        }
        if (isTooLarge(cause)) {
          // Refused for its size, so not received: the body need not be kept for a resend.
          entry.input = undefined;
          const tooLarge = cause instanceof AnswerTooLargeError ? cause : new AnswerTooLargeError(undefined, undefined, { cause });
          this.set(entry, { state: 'error', error: tooLarge, inDoubt: entry.doubt });
          throw tooLarge;
        }
        // The proxy's `answer_in_doubt` (it passed the answer on and cannot tell whether the service
        // applied it) starts a doubt that only the run's status (or the answer taken) settles: a later
        // failure of the same answer, even a plain refusal, does not say the first attempt was not applied.
        if (isTaskApiError(cause) && cause.kind === 'answer_in_doubt') entry.doubt = true;
        this.set(entry, { state: 'error', error, inDoubt: entry.doubt });
        // It may have been taken: the status read at once says whether the service moved on.
        if (entry.doubt || mayHaveArrived(cause)) this.deps.invalidate(isStatusOf(ref.taskId));
        throw error;
      }
      entry.input = undefined;
      entry.doubt = false;
      this.set(entry, { state: 'submitted', error: undefined, inDoubt: false });
      this.accepted(ref);
    })();
    entry.promise = promise;
    return quiet(promise);
  }

  /** Nothing can be sent for the call any more; `notify`: tell the readers now, else the caller does once. */
  private markStale(entry: Entry, cause: unknown, notify = true): StaleToolCallError {
    entry.input = undefined;
    entry.doubt = false;
    const error = cause instanceof StaleToolCallError ? cause : new StaleToolCallError(entry.ref.toolCallId, { cause });
    entry.snapshot = Object.freeze({ state: 'stale', error, inDoubt: false });
    if (notify) this.deps.notify(entry.ref.taskId);
    return error;
  }

  private set(entry: Entry, snapshot: ToolInputSnapshot): void {
    entry.snapshot = Object.freeze({ ...snapshot });
    this.deps.notify(entry.ref.taskId);
  }

  /** An answer was taken (this one, or another person's): the status is read again at once. */
  private accepted(ref: ToolInputRef): void {
    // What the person typed for it is no longer needed, and may be sensitive.
    removeDraft(ref.taskId, ref.toolCallId);
    this.deps.invalidate(isStatusOf(ref.taskId));
  }

  /** After a 409: true when the status, read again, no longer shows the call. */
  private async confirmGone(ref: ToolInputRef): Promise<boolean> {
    this.deps.invalidate(isStatusOf(ref.taskId));
    const data = (await this.deps.refetch(resourceKeys.status(ref.taskId, ref.runId))) as RunStatus;
    return data.toolCall?.toolCallId !== ref.toolCallId;
  }
}

/** A failed send that was refused for its size: the server did not take it. */
function isTooLarge(error: unknown): boolean {
  return error instanceof AnswerTooLargeError || (isTaskApiError(error) && error.status === 413);
}

/**
 * Whether a failed send may still have reached the service: nothing came back (network, time-out,
 * an abort), something unreadable came back, the failure was the server's (5xx, which a gateway
 * also answers when the service is slow after applying it), or the proxy says so (`answer_in_doubt`). A 4xx or `success: false` says it was
 * not taken; an error that is not a `TaskApiError` (a custom client's own) says nothing either way.
 */
function mayHaveArrived(error: unknown): boolean {
  if (!isTaskApiError(error)) return !(error instanceof AnswerTooLargeError || error instanceof TypeError);
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'aborted' || error.kind === 'parse') return true;
  if (error.kind === 'answer_in_doubt') return true;
  return error.kind === 'http' && error.status !== undefined && error.status >= 500;
}

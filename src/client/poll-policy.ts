import { retryDelay, toError, type BackoffOptions } from '../utils';
import { unknownStatusInterval } from './run-status-terminal';
import { isRetryableReadError, isTaskApiError } from './task-api-error';

/**
 * The one polling policy of the browser's store and the proxy's hub: the rules of when a polled
 * resource is asked again, plain functions of times in ms since the epoch (who keeps the timers and
 * the state is theirs), and the gate every poll waits at (`PollGate`).
 */

/** Longest delay `setTimeout` accepts; a longer one would fire at once. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** The delay of a timer due at `due`: none for a time past, never longer than a timer accepts. */
export function timerDelay(due: number, now: number = Date.now()): number {
  return Math.min(MAX_TIMER_DELAY_MS, Math.max(0, due - now));
}

/** A first poll's wait, random in [0, `jitterMs`): resources named together do not poll in step. */
export function firstPollDelay(jitterMs: number, random: () => number): number {
  return Math.floor(random() * jitterMs);
}

/**
 * Since when a resource has said something its poller cannot place (a run status nobody knows): the
 * start of the first request in a row that did, `undefined` as soon as it says something it can.
 */
export function unknownSince(since: number | undefined, unknown: boolean, startedAt: number): number | undefined {
  return unknown ? (since ?? startedAt) : undefined;
}

/**
 * When the next poll is due, the last having started at `startedAt`: one interval after that start,
 * not after the answer, so slow answers (a busy service, a starved main thread) do not stretch the
 * interval. While the resource has said something unknown since `since`, the wait grows as
 * `unknownStatusInterval` says. Clamped to now: after the wall clock is set back, the next poll is
 * one interval away, not years.
 */
export function nextPollAt(startedAt: number, intervalMs: number, since: number | undefined, now: number = Date.now()): number {
  const last = Math.min(startedAt, now);
  return last + (since === undefined ? intervalMs : unknownStatusInterval(intervalMs, Math.max(0, last - since)));
}

/** What a failed read means for the next one (`planRetry`). */
export type RetryPlan =
  /** A refused key (401/403): every poll made with it stops until someone acts. */
  | { readonly stop: 'auth' }
  /** Retrying cannot help (a 404, a `success: false` that says the task or run is gone): this resource stops. */
  | { readonly stop: 'halt' }
  | {
      readonly stop: false;
      /** The next try: full-jitter backoff, never sooner than `Retry-After`. */
      readonly retryAt: number;
      /** `Retry-After`'s time (0 without one): nothing is asked of this resource sooner. */
      readonly notBefore: number;
      /** A 429 with `Retry-After` speaks for the whole service: every poll waits until then (`PollGate.holdUntil`). */
      readonly holdUntil: number | undefined;
    };

/**
 * What a read failing at `at`, after `failures` failures in a row, means: network errors,
 * time-outs, 408, 429, 5xx and a `success: false` answer that does not say the task or run is gone
 * (`isRetryableReadError`) are retried, and so is anything that is not a `TaskApiError` (data that
 * could not be used may be followed by data that can).
 */
export function planRetry(cause: unknown, failures: number, at: number, backoff: BackoffOptions): RetryPlan {
  const error = isTaskApiError(cause) ? cause : undefined;
  if (error?.isAuthError === true) return { stop: 'auth' };
  if (error !== undefined && !isRetryableReadError(error)) return { stop: 'halt' };
  const retryAfter = error?.retryAfterMs;
  return {
    stop: false,
    retryAt: at + retryDelay(failures, retryAfter, backoff),
    notBefore: retryAfter === undefined ? 0 : at + retryAfter,
    holdUntil: retryAfter !== undefined && error?.status === 429 ? at + retryAfter : undefined,
  };
}

/**
 * The gate in front of a poller's requests: at most `max` open at once, the others waiting first in,
 * first out (the hub's cap on upstream polls; the store's only when `maxConcurrentRequests` is set,
 * since its polls go at low fetch priority); and a hold of every request until a time (a 429's
 * `Retry-After` speaks for the whole service). A read a person asked for may skip the line (`begin`
 * without `push`) but still counts, so polls wait for it.
 */
export class PollGate {
  private active = 0;
  // A Set keeps insertion order and removes a cancelled job in O(1).
  private readonly jobs = new Set<() => void>();
  /** Until when every request is held (ms since the epoch; in the past when none is); `holdUntil` moves it. */
  heldUntil = 0;
  private wakeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly max: number;

  constructor(max: number) {
    this.max = Math.max(1, Math.floor(max));
  }

  /** Queues `job`, run once a place is free; it must call `begin()` if it starts a request. Returns its cancel. */
  push(job: () => void): () => void {
    // Wrapped so the same function pushed twice is two jobs.
    const entry = () => job();
    this.jobs.add(entry);
    this.pump();
    return () => void this.jobs.delete(entry);
  }

  /** Counts one more open request. */
  begin(): void {
    this.active += 1;
  }

  /** Counts one request fewer and lets the next job run. */
  end(): void {
    this.active = Math.max(0, this.active - 1);
    this.pump();
  }

  /** Holds every queued job until `time` (ms since the epoch). */
  holdUntil(time: number): void {
    if (time <= this.heldUntil) return;
    this.heldUntil = time;
    this.pump();
  }

  /** Drops every queued job (their owners queue again when they poll again). */
  clear(): void {
    this.jobs.clear();
    clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
  }

  private pump(): void {
    while (this.active < this.max && this.jobs.size > 0) {
      if (this.heldUntil > Date.now()) {
        if (this.wakeTimer === undefined) {
          this.wakeTimer = setTimeout(() => {
            this.wakeTimer = undefined;
            this.pump();
          }, timerDelay(this.heldUntil));
          // Not on its own a reason for a Node process (the proxy) to stay alive.
          (this.wakeTimer as { unref?: () => void }).unref?.();
        }
        return;
      }
      const [next] = this.jobs;
      if (next === undefined) return;
      this.jobs.delete(next);
      next();
    }
  }
}

/**
 * Runs `poll` through `gate` in its turn and gives its place back when it settles; leaves the line
 * if `signal` aborts first. Apart from the class so that a page, whose store queues jobs, ships none of it.
 */
export function throughGate<T>(gate: PollGate, poll: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let cancel = () => {};
    const leave = () => {
      cancel();
      reject(toError(signal?.reason));
    };
    signal?.addEventListener('abort', leave, { once: true });
    cancel = gate.push(() => {
      signal?.removeEventListener('abort', leave);
      gate.begin();
      new Promise<T>((started) => started(poll())).then(
        (value) => {
          gate.end();
          resolve(value);
        },
        (error: unknown) => {
          gate.end();
          reject(toError(error));
        },
      );
    });
  });
}

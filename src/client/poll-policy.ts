import { retryDelay, type BackoffOptions } from '../utils';
import { unknownStatusInterval } from './run-status-terminal';
import { isRetryableReadError, isTaskApiError } from './task-api-error';

/**
 * The rules of when a polled resource is asked again, shared by the browser's store and the proxy's
 * hub: plain functions of times in ms since the epoch. Who keeps the timers and the state is theirs.
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

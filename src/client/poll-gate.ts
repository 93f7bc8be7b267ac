import { toError } from '../utils';
import { timerDelay } from './poll-policy';

/**
 * The gate in front of a poller's requests: at most `max` open at once, the others waiting first in,
 * first out, so hundreds of resources watched together never open hundreds of connections; and a
 * hold of every request until a time (a 429's `Retry-After` speaks for the whole service). A read a
 * person asked for may skip the line (`begin` without `push`) but still counts, so polls wait for it.
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

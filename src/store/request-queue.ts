/**
 * A first-in, first-out gate in front of the store's reads, so a page watching hundreds of runs never
 * has more than `max` requests open at once. Reads a person asked for (`refetch`, the refetch after
 * an answer was accepted) skip the line but still count, so polls wait for them.
 */
export class RequestQueue {
  private active = 0;
  // A Set keeps insertion order and removes a cancelled job in O(1).
  private readonly jobs = new Set<() => void>();
  private notBefore = 0;
  private wakeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly max: number) {}

  /** Queues `job`; it is run once a slot is free and must call `begin()` if it starts a request. Returns a cancel function. */
  push(job: () => void): () => void {
    // Wrapped so the same function pushed twice is two jobs.
    const entry = () => job();
    this.jobs.add(entry);
    this.pump();
    return () => {
      this.jobs.delete(entry);
    };
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

  /** Holds every queued job until `time` (ms since the epoch): a service-wide `Retry-After`. */
  holdUntil(time: number): void {
    if (time <= this.notBefore) return;
    this.notBefore = time;
    this.pump();
  }

  /** Drops every queued job (their owners re-queue when polling resumes). */
  clear(): void {
    this.jobs.clear();
    if (this.wakeTimer !== undefined) clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
  }

  private pump(): void {
    while (this.active < this.max && this.jobs.size > 0) {
      const wait = this.notBefore - Date.now();
      if (wait > 0) {
        if (this.wakeTimer === undefined) {
          this.wakeTimer = setTimeout(() => {
            this.wakeTimer = undefined;
            this.pump();
          }, wait);
        }
        return;
      }
      const next = this.jobs.values().next();
      if (next.done) return;
      this.jobs.delete(next.value);
      next.value();
    }
  }
}

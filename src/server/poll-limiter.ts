/**
 * At most `max` upstream polls of one proxy open at once, first come first served: a thousand runs
 * named at the same moment must not open a thousand connections to the service.
 */
export class PollLimiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly max: number) {}

  /** Runs `poll` when a place is free; the place is given back when it settles. */
  async run<T>(poll: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await poll();
    } finally {
      const next = this.waiting.shift();
      // The place goes straight to the next in line.
      if (next === undefined) this.active -= 1;
      else next();
    }
  }
}

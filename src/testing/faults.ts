import type { Random } from './seeded-random';

/**
 * A failure the simulated service can produce instead of (or, with `afterHandling`, after)
 * handling a request. Between them they make every `TaskApiError` kind:
 * - `http-500`, `http-502`, `http-503`, `http-429`, `unauthorized` (401): kind `http`;
 * - `api-error`: HTTP 200 with `success: false`, kind `api`;
 * - `malformed` (cut-off JSON), `empty` (no body), `not-envelope` (JSON without `success`): kind `parse`;
 * - `network`: the connection fails (in-process `fetch` rejects; the HTTP server drops the socket): kind `network`;
 * - `hang`: no answer until the client aborts or the server closes: kind `timeout`/`aborted`.
 */
export type FaultType =
  | 'http-500'
  | 'http-502'
  | 'http-503'
  | 'http-429'
  | 'unauthorized'
  | 'api-error'
  | 'malformed'
  | 'empty'
  | 'not-envelope'
  | 'network'
  | 'hang';

/** A one-shot (or few-shot) fault for a precise test. */
export interface FaultInjection {
  type: FaultType;
  /** `Retry-After` for `http-429`/`http-503`: seconds, or an HTTP-date string. Default: no header. */
  retryAfter?: number | string;
  /** How many matching requests it hits; `Infinity` for all. Default: 1. */
  times?: number;
  /**
   * Which requests it hits. `path` is an exact pathname, a spec template such as
   * `/api/v1/task/{taskId}/run/status`, or a RegExp tested on the pathname.
   * Default: the next API request, whatever it is.
   */
  match?: { method?: string; path?: string | RegExp };
  /**
   * Handle the request first, then answer with the fault, as when a gateway loses the answer to
   * a request the service did carry out (e.g. a tool input that was applied). Default: false.
   */
  afterHandling?: boolean;
}

/** Faults drawn at random for every API request, reproducible under the service's `seed`. */
export interface RandomFaults {
  /** Delay before every API answer, fixed or drawn from a range. The only timer the service uses. Default: 0. */
  latencyMs?: number | { min: number; max: number };
  /** Share (0–1) of requests answered 500 or 503. Default: 0. */
  errorRate?: number;
  /** Share (0–1) of requests that never get an answer. Default: 0. */
  hangRate?: number;
  /** Share (0–1) of requests answered with cut-off JSON. Default: 0. */
  malformedRate?: number;
  /** Share (0–1) of requests whose connection fails. Default: 0. */
  networkErrorRate?: number;
  /** At most `requests` API requests per `windowMs`; the rest get 429 with `Retry-After`. Default: no limit. */
  rateLimit?: { requests: number; windowMs: number };
}

/** `service.faults`: controls failures while the service runs. */
export interface FaultController {
  /** Queues a fault; queued faults are tried in order, before the random ones. */
  inject(fault: FaultInjection): void;
  /** Replaces the random faults, e.g. to switch them on in the middle of a test. */
  configure(faults: RandomFaults): void;
  /** Drops every queued fault and switches random faults off. */
  clear(): void;
  /** Number of queued faults still to hit. */
  readonly pending: number;
}

/** A fault chosen for one request. `rate-limit` is the 429 of `RandomFaults.rateLimit`. */
export interface ChosenFault {
  type: FaultType | 'rate-limit';
  retryAfter?: number | string;
  afterHandling: boolean;
}

interface Queued extends FaultInjection {
  remaining: number;
}

/** The fault state of one service. */
export class FaultState implements FaultController {
  private queue: Queued[] = [];
  private random: RandomFaults;
  private windowStart = Number.NEGATIVE_INFINITY;
  private windowCount = 0;

  constructor(
    initial: RandomFaults,
    private dice: Random,
  ) {
    this.random = { ...initial };
  }

  inject(fault: FaultInjection): void {
    const times = fault.times ?? 1;
    if (!(times >= 1)) throw new RangeError('faults.inject: times must be 1 or more');
    this.queue.push({ ...fault, remaining: times });
  }

  configure(faults: RandomFaults): void {
    this.random = { ...faults };
  }

  clear(): void {
    this.queue = [];
    this.random = {};
    this.windowStart = Number.NEGATIVE_INFINITY;
    this.windowCount = 0;
  }

  /** Drops queued faults and the rate-limit window, and starts the dice over; random faults stay configured. */
  restart(dice: Random): void {
    this.queue = [];
    this.windowStart = Number.NEGATIVE_INFINITY;
    this.windowCount = 0;
    this.dice = dice;
  }

  get pending(): number {
    return this.queue.length;
  }

  /** The fault for an API request, if any; consumes a queued one. */
  choose(method: string, pathname: string, template: string | undefined, now: number): ChosenFault | undefined {
    const index = this.queue.findIndex((fault) => matches(fault, method, pathname, template));
    const queued = this.queue[index];
    if (queued !== undefined) {
      queued.remaining -= 1;
      if (queued.remaining <= 0) this.queue.splice(index, 1);
      return { type: queued.type, retryAfter: queued.retryAfter, afterHandling: queued.afterHandling ?? false };
    }

    const { rateLimit } = this.random;
    if (rateLimit !== undefined) {
      if (now >= this.windowStart + rateLimit.windowMs) {
        this.windowStart = now;
        this.windowCount = 0;
      }
      this.windowCount += 1;
      if (this.windowCount > rateLimit.requests) {
        return {
          type: 'rate-limit',
          retryAfter: Math.max(1, Math.ceil((this.windowStart + rateLimit.windowMs - now) / 1000)),
          afterHandling: false,
        };
      }
    }

    // One roll per request, whatever is switched on, so turning one rate up does not reshuffle
    // which requests the others hit.
    const roll = this.dice();
    const rates: Array<[number | undefined, () => ChosenFault]> = [
      [this.random.hangRate, () => ({ type: 'hang', afterHandling: false })],
      [this.random.networkErrorRate, () => ({ type: 'network', afterHandling: false })],
      [this.random.errorRate, () => ({ type: this.dice() < 0.5 ? 'http-500' : 'http-503', afterHandling: false })],
      [this.random.malformedRate, () => ({ type: 'malformed', afterHandling: false })],
    ];
    let threshold = 0;
    for (const [rate, make] of rates) {
      threshold += rate ?? 0;
      if (roll < threshold) return make();
    }
    return undefined;
  }

  /** The delay before the next API answer. */
  latency(): number {
    const latency = this.random.latencyMs;
    if (latency === undefined) return 0;
    if (typeof latency === 'number') return Math.max(0, latency);
    return Math.max(0, latency.min + this.dice() * (latency.max - latency.min));
  }
}

function matches(fault: FaultInjection, method: string, pathname: string, template: string | undefined): boolean {
  const { match } = fault;
  if (match === undefined) return true;
  if (match.method !== undefined && match.method.toUpperCase() !== method) return false;
  if (match.path === undefined) return true;
  if (match.path instanceof RegExp) return match.path.test(pathname);
  return match.path === pathname || match.path === template;
}

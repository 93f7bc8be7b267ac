/** Defaults of the retry schedule, in milliseconds. */
export const DEFAULT_RETRY_BASE_MS = 1000;
export const DEFAULT_RETRY_CAP_MS = 30_000;

export interface BackoffOptions {
  /** Upper bound of the first retry's delay. Default: 1000. */
  baseMs?: number;
  /** No delay bound ever exceeds this. Default: 30000. */
  capMs?: number;
  /** Source of randomness in [0, 1). Default: `Math.random`. */
  random?: () => number;
}

/**
 * "Full jitter" exponential backoff: a delay drawn uniformly from `[0, min(cap, base · 2^attempt))`.
 * Spreading retries over the whole window (rather than around its end) is what stops many clients
 * that failed together from retrying together.
 *
 * @param attempt 0 for the first retry, 1 for the second, and so on.
 */
export function fullJitterBackoff(attempt: number, options: BackoffOptions = {}): number {
  const base = options.baseMs ?? DEFAULT_RETRY_BASE_MS;
  const cap = options.capMs ?? DEFAULT_RETRY_CAP_MS;
  const random = options.random ?? Math.random;
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, attempt));
  // Clamped so a `random` returning exactly 1 (or a little more) cannot step outside the window.
  return Math.floor(Math.min(Math.max(random(), 0), 1) * ceiling);
}

/**
 * Delay before retry number `attempt`: the backoff, but never sooner than the service asked for
 * through `Retry-After`.
 */
export function retryDelay(attempt: number, retryAfterMs: number | undefined, options: BackoffOptions = {}): number {
  return Math.max(fullJitterBackoff(attempt, options), retryAfterMs ?? 0);
}

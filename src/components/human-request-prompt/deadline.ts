/** The latest time a `Date` can hold: a deadline beyond it could not be shown or compared. */
const MAX_DATE_MS = 8.64e15;

/**
 * A request's `deadline` as epoch milliseconds: a finite number as it is, a string as `Date.parse`
 * reads it (ISO 8601). Anything else, or a time no `Date` can hold, is no deadline.
 */
export function parseDeadline(deadline: unknown): number | undefined {
  const ms = typeof deadline === 'number' ? deadline : typeof deadline === 'string' ? Date.parse(deadline) : Number.NaN;
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS ? ms : undefined;
}

/** `setTimeout` runs a longer delay at once (it holds 32 bits): a far deadline is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Calls `onPassed` once the clock reaches `deadline` (at once when it already has), with one timer
 * at a time, never polling. Returns the function that stops waiting.
 */
export function watchDeadline(deadline: number, onPassed: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const left = deadline - Date.now();
    if (left <= 0) onPassed();
    else timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
  };
  check();
  return () => clearTimeout(timer);
}

/** An abort signal that fires after a time-out or when a parent signal aborts, and knows which. */
export interface Deadline {
  readonly signal: AbortSignal;
  /** True once the time-out, not the parent, aborted the signal. */
  readonly timedOut: boolean;
  /** Stops the timer and the parent listener; call it when the work is over. */
  dispose(): void;
}

/**
 * Made by hand rather than with `AbortSignal.any`/`AbortSignal.timeout`: callers must tell a
 * time-out from their own abort, and the timer must be cleared as soon as the work ends so it
 * never holds a process open.
 */
export function createDeadline(timeoutMs: number, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const onParentAbort = () => controller.abort();
  // A parent that is already aborted never fires `abort` again.
  if (parent?.aborted) controller.abort();
  else parent?.addEventListener('abort', onParentAbort, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      parent?.removeEventListener('abort', onParentAbort);
    },
  };
}

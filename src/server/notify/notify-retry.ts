/** Resolves after `ms`, or rejects with the signal's reason once `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const done = () => {
      signal.removeEventListener('abort', abort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', abort, { once: true });
  });
}

/** A signal that aborts with `parent` or after `ms`; `clear` stops its timer. */
export function deadlineSignal(parent: AbortSignal, ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort(parent.reason);
  if (parent.aborted) abort();
  else parent.addEventListener('abort', abort, { once: true });
  const timer = ms > 0 ? setTimeout(() => controller.abort(new Error(`no answer within ${ms} ms`)), ms) : undefined;
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      parent.removeEventListener('abort', abort);
    },
  };
}

/** Whether an HTTP status is worth another try: a server error, a time-out, too many requests. */
export const isRetryableStatus = (status: number) => status >= 500 || status === 408 || status === 429;

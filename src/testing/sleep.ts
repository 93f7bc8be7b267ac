/** Waits `ms`, or rejects with the signal's abort reason as soon as it aborts, as `fetch` does. */
export async function sleep(ms: number, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  const aborted = await new Promise<boolean>((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(false);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  // Rethrows the reason itself, whatever it is, rather than an Error made from it.
  if (aborted) signal.throwIfAborted();
}

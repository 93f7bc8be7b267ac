/** The requests a `hang` fault holds, so that `reset` (and a closing server) can end them. */
export class HangingRequests {
  private readonly releases = new Set<() => void>();

  /**
   * An answer that never comes: rejects with the abort reason once the request's signal aborts,
   * as `fetch` does, or resolves with `Response.error()` (a dropped connection) on `releaseAll`.
   */
  async hang(signal: AbortSignal): Promise<Response> {
    const ended = await new Promise<'aborted' | 'released'>((resolve) => {
      const release = () => {
        this.releases.delete(release);
        signal.removeEventListener('abort', onAbort);
        resolve('released');
      };
      const onAbort = () => {
        this.releases.delete(release);
        resolve('aborted');
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      this.releases.add(release);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    // Rethrows the reason itself, whatever it is, rather than an Error made from it.
    if (ended === 'aborted') signal.throwIfAborted();
    return Response.error();
  }

  /** Ends every hanging request with a dropped connection. */
  releaseAll(): void {
    for (const release of [...this.releases]) release();
  }
}

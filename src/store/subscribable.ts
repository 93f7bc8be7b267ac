/**
 * The listeners of an observer, as TanStack Query's `Subscribable`: `onSubscribe` runs when the
 * first one comes, `onUnsubscribe` when the last one leaves.
 */
export class Subscribable {
  protected readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.onSubscribe();
    return () => {
      if (this.listeners.delete(listener) && this.listeners.size === 0) this.onUnsubscribe();
    };
  };

  protected onSubscribe(): void {}

  protected onUnsubscribe(): void {}

  /** Tells every listener, including one that unsubscribes another on the way. */
  protected notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

import type { ChangeWatcher } from './request-answer-route';

/**
 * Who on this instance waits for a change of a request's record (an answer route waiting for its
 * source to take the answer): told of each change the store announces, and all woken at close.
 */
export function createChangeWatchers() {
  const waiting = new Map<string, Set<() => void>>();

  // A watch starts before the answer is written: a change that lands while the route still awaits
  // the store is kept for its next wait, not lost (which would hold the 200 a whole recheck).
  const watch: ChangeWatcher = (id) => {
    let changed = false;
    let wake: (() => void) | undefined;
    const heard = () => {
      changed = true;
      wake?.();
    };
    let waiters = waiting.get(id);
    if (waiters === undefined) waiting.set(id, (waiters = new Set()));
    waiters.add(heard);
    const own = waiters;
    return {
      wait: (ms: number) =>
        new Promise<void>((resolve) => {
          if (changed) {
            changed = false;
            resolve();
            return;
          }
          const timer = setTimeout(() => {
            wake = undefined;
            resolve();
          }, ms);
          wake = () => {
            clearTimeout(timer);
            wake = undefined;
            changed = false;
            resolve();
          };
        }),
      stop: () => {
        own.delete(heard);
        if (own.size === 0 && waiting.get(id) === own) waiting.delete(id);
      },
    };
  };

  return {
    watch,
    /** The store announced a change of `id`. */
    heard(id: string): void {
      const waiters = waiting.get(id);
      if (waiters !== undefined) for (const wake of [...waiters]) wake();
    },
    wakeAll(): void {
      for (const waiters of waiting.values()) for (const wake of [...waiters]) wake();
    },
  };
}

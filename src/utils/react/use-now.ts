import { useSyncExternalStore } from 'react';

/** One clock per interval, shared by every caller: what it read last, while anyone listens. */
interface Clock {
  subscribe: (listener: () => void) => () => void;
  read: () => number | undefined;
}

const clocks = new Map<number, Clock>();

function clockOf(intervalMs: number): Clock {
  let clock = clocks.get(intervalMs);
  if (clock !== undefined) return clock;
  const listeners = new Set<() => void>();
  let now: number | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  clock = {
    subscribe(listener) {
      if (listeners.size === 0) {
        now = Date.now();
        timer = setInterval(() => {
          now = Date.now();
          for (const notify of [...listeners]) notify();
        }, intervalMs);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        clearInterval(timer);
        // Read afresh by the next reader, not kept from this subscription.
        now = undefined;
      };
    },
    // The same value until the next tick, as useSyncExternalStore requires of a snapshot.
    read: () => (now ??= Date.now()),
  };
  clocks.set(intervalMs, clock);
  return clock;
}

const unknownTime = () => undefined;
const noSubscription = () => () => undefined;

/**
 * `Date.now()`, renewed every `intervalMs` while `enabled`, for texts that tick ("waiting for
 * 2 min"); the callers of one interval share one timer. `undefined` on the server and in the render
 * that hydrates its HTML, and while not `enabled`: a prerender (Next.js's with `cacheComponents`
 * refuses the clock there) and hydration never read the time, and the time shows right after.
 */
export function useNow(enabled: boolean, intervalMs = 1000): number | undefined {
  const clock = clockOf(intervalMs);
  return useSyncExternalStore(enabled ? clock.subscribe : noSubscription, enabled ? clock.read : unknownTime, unknownTime);
}

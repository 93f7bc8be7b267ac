import { useEffect, useState } from 'react';

/**
 * `Date.now()`, renewed every `intervalMs` while `enabled`: for texts that tick ("waiting for
 * 2 min"). One timer per caller, so a list ticks once for all its items.
 */
export function useNow(enabled: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [enabled, intervalMs]);
  return now;
}

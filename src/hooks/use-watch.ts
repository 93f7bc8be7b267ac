import { useEffect, useRef } from 'react';
import type { ResourceData, ResourceKey } from '../store/resource-key';
import type { PollInterval, RunStore, Watcher } from '../store/run-store';

/**
 * Keeps a resource watched (fetched and polled) while the component is mounted and `enabled`.
 * `key` must be memoised: a new key object means a new watch.
 */
export function useWatch<K extends ResourceKey>(
  store: RunStore,
  key: K,
  enabled: boolean,
  intervalMs: PollInterval<ResourceData<K>> | undefined,
  passive = false,
): void {
  const watcher = useRef<Watcher<ResourceData<K>> | undefined>(undefined);
  const interval = useRef(intervalMs);

  useEffect(() => {
    if (!enabled) return undefined;
    const current = store.watch(key, { intervalMs: interval.current, passive });
    watcher.current = current;
    return () => {
      if (watcher.current === current) watcher.current = undefined;
      current.unwatch();
    };
  }, [store, key, enabled, passive]);

  useEffect(() => {
    interval.current = intervalMs;
    watcher.current?.setOptions({ intervalMs, passive });
  }, [intervalMs, passive]);
}

import { useEffect, useState, useSyncExternalStore } from 'react';
import { StoreObserver, type ObserverDefinition, type RunStore } from '../store';

/**
 * The body of every reading hook, like TanStack Query's `useBaseQuery`: one observer per component,
 * made once, read through `useSyncExternalStore`, told about new options after each render. The
 * result it returns records which fields the component reads, so it re-renders only for those.
 */
export function useStoreObserver<O, R extends object, A extends object, M>(
  definition: ObserverDefinition<O, R, A, M>,
  store: RunStore,
  options: O,
): R {
  const [observer] = useState(() => new StoreObserver(definition, store, options));
  const result = useSyncExternalStore(
    observer.subscribe,
    () => observer.result(store, options),
    () => observer.serverResult(options),
  );
  // Every render: cheap when nothing changed, and a new task id or store is adopted at once.
  useEffect(() => observer.setOptions(store, options));
  return observer.trackResult(result);
}

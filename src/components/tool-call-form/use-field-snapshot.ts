import { useCallback, useSyncExternalStore } from 'react';
import type { FieldSnapshot, FormStore } from './form-store';

/** Subscribes a component to one field's slot. */
export function useFieldSnapshot(store: FormStore, index: number): FieldSnapshot {
  const subscribe = useCallback((listener: () => void) => store.subscribe(index, listener), [store, index]);
  const get = useCallback(() => store.get(index), [store, index]);
  return useSyncExternalStore(subscribe, get, get);
}

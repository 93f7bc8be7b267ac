import { useCallback, useSyncExternalStore } from 'react';
import type { FieldState, FormControl } from '../../form';

/** Subscribes a component to field `index` of `control` only: it re-renders when that field's state changes. */
export function useFieldState(control: FormControl, index: number): FieldState {
  const subscribe = useCallback((listener: () => void) => control.subscribeField(index, listener), [control, index]);
  const get = useCallback(() => control.getFieldState(index), [control, index]);
  return useSyncExternalStore(subscribe, get, get);
}

import { useState, useSyncExternalStore } from 'react';
import { MutationObserver, type MutationOptions, type MutationResult } from '../store';
import { useIsomorphicLayoutEffect } from '../utils/react';

/** The body of the mutation hooks: one `MutationObserver` per component, fed the latest `run` and callbacks. */
export function useMutation<TData, TVariables>(
  run: (variables: TVariables) => Promise<TData>,
  options: MutationOptions<TData, TVariables>,
): MutationResult<TData, TVariables> {
  const [observer] = useState(() => new MutationObserver(run, options));
  // Before any effect of the component: a `mutate` from an effect uses this render's function.
  useIsomorphicLayoutEffect(() => observer.setOptions(run, options));
  return useSyncExternalStore(observer.subscribe, observer.getCurrentResult, observer.getCurrentResult);
}

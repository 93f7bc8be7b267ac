import { useCallback, useRef } from 'react';
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect';

/**
 * A function whose identity never changes and that always calls the latest `callback`. For
 * callbacks a component hands to effects, stores or memoised children: passing the prop itself
 * would re-run the effect or re-render the child on every parent render.
 *
 * The ref is updated in a layout effect, so an event fired after commit sees the new callback;
 * calling the result during render is not supported (it would see the previous one).
 */
export function useLatestCallback<Args extends unknown[], R>(callback: (...args: Args) => R): (...args: Args) => R {
  const latest = useRef(callback);
  useIsomorphicLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}

/** Like `useLatestCallback`, for an optional callback: calling the result does nothing while it is absent. */
export function useLatestOptionalCallback<Args extends unknown[]>(
  callback: ((...args: Args) => unknown) | undefined,
): (...args: Args) => void {
  return useLatestCallback((...args: Args) => {
    callback?.(...args);
  });
}

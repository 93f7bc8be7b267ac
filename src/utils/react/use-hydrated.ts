import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False on the server and while hydrating, true after: for what must only exist in a browser
 * (a frame that loads another site), without rendering twice on a client that did not hydrate.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

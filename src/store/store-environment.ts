/**
 * What the store needs to know about the page: polls stop while the document is hidden or the
 * browser is offline. Injectable so tests (and non-browser hosts) can drive it.
 */
export interface StoreEnvironment {
  /** False while the document is hidden (another tab, minimised window). */
  isVisible(): boolean;
  /** False while the browser reports being offline. */
  isOnline(): boolean;
  /** Calls `onChange` whenever either answer may have changed; returns the unsubscribe function. */
  subscribe(onChange: () => void): () => void;
}

/**
 * The default environment: `document.visibilityState`, `navigator.onLine` and their events where
 * they exist. Where they do not (server rendering, Node), the page counts as visible and online and
 * nothing is subscribed to.
 */
export function createBrowserEnvironment(): StoreEnvironment {
  return {
    isVisible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
    // Node has a `navigator` without `onLine`; only an explicit `false` means offline.
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    subscribe(onChange) {
      if (typeof window === 'undefined' || typeof document === 'undefined') return () => {};
      document.addEventListener('visibilitychange', onChange);
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        document.removeEventListener('visibilitychange', onChange);
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
  };
}

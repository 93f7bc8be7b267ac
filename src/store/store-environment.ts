/**
 * What the store needs to know about the page: polls stop while the document is hidden or the
 * browser is offline. Injectable so tests (and non-browser hosts) can drive it, like the
 * `TabEnvironment` below.
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

/**
 * What the store needs from the browser to work with the other tabs of its origin: a message
 * channel, locks and a small shared storage. Injectable, so the cross-tab
 * rules are tested in Node with fakes; the browser's are `BroadcastChannel`, `navigator.locks` and
 * `localStorage`.
 */

/** A channel every tab of the origin opening the same name hears (`BroadcastChannel`). */
export interface TabChannel {
  /** Sends to every other tab; a tab does not hear its own messages. */
  post(message: unknown): void;
  /** Calls `listener` with each message of another tab; returns the unsubscribe function. */
  listen(listener: (message: unknown) => void): () => void;
  close(): void;
}

/** The part of the Web Locks API (`navigator.locks`) the store uses. */
export interface TabLocks {
  request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<T> | T): Promise<T>;
}

/** A storage every tab of the origin shares (`localStorage`). */
export interface TabStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface TabEnvironment {
  /** Opens a channel; undefined where there is none (then each tab polls alone). */
  channel(name: string): TabChannel | undefined;
  /** Undefined where Web Locks are missing: leaders are then elected over the channel. */
  readonly locks: TabLocks | undefined;
  /** Undefined where storage is missing or refused (private modes). */
  readonly storage: TabStorage | undefined;
  /** Calls `listener` when the tab goes away (`pagehide`); returns the unsubscribe function. */
  onClose(listener: () => void): () => void;
}

/** True in a browser with a `BroadcastChannel`, where `createBrowserTabEnvironment` makes one. */
export const hasBrowserTabs = (): boolean =>
  typeof window !== 'undefined' && typeof document !== 'undefined' && typeof BroadcastChannel === 'function';

/** The browser's tab environment, or undefined outside a browser (no window, or no `BroadcastChannel`). */
export function createBrowserTabEnvironment(): TabEnvironment | undefined {
  if (!hasBrowserTabs()) return undefined;
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? (navigator.locks as TabLocks | undefined) : undefined;
  let storage: TabStorage | undefined;
  try {
    storage = globalThis.localStorage ?? undefined;
  } catch {
    // Some browsers throw on the mere access when storage is blocked.
  }
  return {
    channel(name) {
      const channel = new BroadcastChannel(name);
      return {
        post: (message) => channel.postMessage(message),
        listen(listener) {
          const onMessage = (event: MessageEvent) => listener(event.data);
          channel.addEventListener('message', onMessage);
          return () => channel.removeEventListener('message', onMessage);
        },
        close: () => channel.close(),
      };
    },
    locks,
    storage,
    onClose(listener) {
      window.addEventListener('pagehide', listener);
      return () => window.removeEventListener('pagehide', listener);
    },
  };
}

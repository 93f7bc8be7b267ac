import type { ProxyStore } from '../stores/proxy-store';

/** Where a guarded store reports how its calls went. */
interface StoreGuardListener {
  /** The store failed: the hub degrades until a call succeeds. */
  failed(error: unknown): void;
  /** One call failed for being slow while others succeeded: counted, no more. */
  slow(error: unknown): void;
  succeeded(): void;
}

/** The store did not answer within the hub's bound. */
export class StoreTimeoutError extends Error {
  override readonly name = 'StoreTimeoutError';
  constructor(method: string, timeoutMs: number) {
    super(`the proxy store did not answer ${method} within ${timeoutMs} ms`);
  }
}

/** `setImmediate` where there is one (Node); elsewhere a zero timer, which also comes after pending I/O. */
const afterPendingIo = (callback: () => void): void => {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  if (immediate === undefined) setTimeout(callback, 0);
  else immediate(callback);
};

/** A time-out of the store's own client (node-redis rejects a command after 5 s by default). */
const isTimeout = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'TimeoutError' || error.constructor.name === 'TimeoutError' || /timed? ?-?out/i.test(error.message));

type HubMethods = 'acquireLease' | 'releaseLease' | 'markWanted' | 'isWanted' | 'commit' | 'read' | 'announceAnswered' | 'subscribe';

/**
 * The store as the hub uses it: every call it waits on bounded by `timeoutMs` while nothing comes
 * back from the store (a store that hangs must not hold a stream's state or a poll; one that is
 * only slow under load is waited for), and every outcome reported, so the hub knows at once when
 * the store fails and when it works again.
 */
export function guardStore(store: ProxyStore, timeoutMs: number, listener: StoreGuardListener): Pick<ProxyStore, HubMethods> {
  /** When a call last succeeded: a store that answers at all is slow, not down. */
  let lastSuccessAt = Number.NEGATIVE_INFINITY;
  const bound = <T>(method: string, call: () => Promise<T>, late?: (value: T) => void): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      let settled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = (since: number) => {
        timer = setTimeout(() => {
          // After the I/O already waiting: a busy event loop fires the timer before it reads a reply
          // that came in time, and that is no store failure.
          afterPendingIo(() => {
            if (settled) return;
            // Other calls came back meanwhile: the store is loaded, not gone; this one may still come.
            if (lastSuccessAt > since) {
              arm(Date.now());
              return;
            }
            settled = true;
            const error = new StoreTimeoutError(method, timeoutMs);
            listener.failed(error);
            reject(error);
          });
        }, timeoutMs);
        (timer as { unref?: () => void }).unref?.();
      };
      const startedAt = Date.now();
      arm(startedAt);
      let pending: Promise<T>;
      try {
        pending = call();
      } catch (error) {
        pending = Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      pending.then(
        (value) => {
          lastSuccessAt = Date.now();
          if (settled) {
            late?.(value);
            return;
          }
          settled = true;
          clearTimeout(timer);
          listener.succeeded();
          resolve(value);
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          // A call that timed out in the client while others succeeded: the store is loaded, not down.
          if (lastSuccessAt > startedAt && isTimeout(error)) listener.slow(error);
          else listener.failed(error);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  return {
    acquireLease: (topic, owner, ttlMs) => bound('acquireLease', () => store.acquireLease(topic, owner, ttlMs)),
    releaseLease: (topic, owner, holdMs) => bound('releaseLease', () => store.releaseLease(topic, owner, holdMs)),
    markWanted: (topics, ttlMs, keepMs) => bound('markWanted', () => store.markWanted(topics, ttlMs, keepMs)),
    isWanted: (topic) => bound('isWanted', () => store.isWanted(topic)),
    commit: (taskId, change, keepMs) => bound('commit', () => store.commit(taskId, change, keepMs)),
    read: (topics) => bound('read', () => store.read(topics)),
    announceAnswered: (taskId) => bound('announceAnswered', () => store.announceAnswered(taskId)),
    // A subscription that comes through after the hub gave up on it is ended, not leaked.
    subscribe: (taskId, channel) =>
      bound(
        'subscribe',
        () => store.subscribe(taskId, channel),
        (stop) => void stop().catch(() => undefined),
      ),
  };
}

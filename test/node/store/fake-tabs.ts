/**
 * The browser's tab environment, in Node: channels, Web Locks and storage shared by the "tabs" of
 * one `FakeOrigin`, delivered like the browser does (a channel message arrives in a later task, a
 * lock is handed on when its holder's promise settles).
 */
import type { TabChannel, TabEnvironment, TabLocks, TabStorage } from '../../../src/store';

class FakeLocks implements TabLocks {
  private readonly busy = new Set<string>();
  private readonly waiting = new Map<string, Array<() => void>>();

  async request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<T> | T): Promise<T> {
    // The browser answers in a later task, never inside the call.
    await Promise.resolve();
    if (this.busy.has(name)) {
      if (options.ifAvailable === true) return callback(null);
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(name) ?? [];
        queue.push(resolve);
        this.waiting.set(name, queue);
      });
    } else {
      this.busy.add(name);
    }
    try {
      return await callback({ name });
    } finally {
      const next = this.waiting.get(name)?.shift();
      if (next === undefined) this.busy.delete(name);
      else next();
    }
  }
}

class FakeStorage implements TabStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

interface Endpoint {
  name: string;
  listeners: Set<(message: unknown) => void>;
  closed: boolean;
}

export class FakeOrigin {
  readonly locks: TabLocks | undefined;
  readonly storage = new FakeStorage();
  readonly sent: unknown[] = [];
  private readonly endpoints = new Set<Endpoint>();

  constructor(options: { locks?: boolean } = {}) {
    this.locks = options.locks === false ? undefined : new FakeLocks();
  }

  /** A new tab of this origin; `close()` fires its `pagehide`. */
  tab(): TabEnvironment & { close(): void } {
    const closers = new Set<() => void>();
    return {
      channel: (name) => this.open(name),
      locks: this.locks,
      storage: this.storage,
      onClose(listener) {
        closers.add(listener);
        return () => closers.delete(listener);
      },
      close() {
        for (const listener of [...closers]) listener();
      },
    };
  }

  private open(name: string): TabChannel {
    const endpoint: Endpoint = { name, listeners: new Set(), closed: false };
    this.endpoints.add(endpoint);
    return {
      post: (message) => {
        if (endpoint.closed) throw new Error('closed');
        this.sent.push(message);
        const copy: unknown = structuredClone(message);
        for (const other of this.endpoints) {
          if (other === endpoint || other.name !== name) continue;
          setTimeout(() => {
            if (!other.closed) for (const listener of [...other.listeners]) listener(copy);
          }, 0);
        }
      },
      listen(listener) {
        endpoint.listeners.add(listener);
        return () => endpoint.listeners.delete(listener);
      },
      close: () => {
        endpoint.closed = true;
        this.endpoints.delete(endpoint);
      },
    };
  }
}

import type { TabEnvironment } from './tab-environment';

/** Records older than this are pruned: long after any tab could still show their call. */
const RECORD_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * Things done once for the whole origin (an answer sent, a notification shown), recorded in the
 * shared storage and decided under a Web Lock per record, so two tabs asking at the same moment
 * are taken one after the other and the second sees the first's record. Without locks the check
 * is best effort (the record is read, then written); without storage it holds within the tab.
 */
export class SharedRecords {
  private readonly local = new Set<string>();

  constructor(
    private readonly prefix: string,
    private readonly tabs: TabEnvironment,
  ) {}

  /** Runs `action` unless it was done (and succeeded) under `id` in any tab; resolves either way. */
  async once(id: string, action: () => Promise<void>): Promise<void> {
    const run = async () => {
      if (this.has(id)) return;
      await action();
      this.mark(id);
    };
    const locks = this.tabs.locks;
    if (locks === undefined) return run();
    await locks.request(`${this.prefix}:lock:${id}`, {}, run);
  }

  has(id: string): boolean {
    if (this.local.has(id)) return true;
    try {
      return this.tabs.storage?.getItem(this.key(id)) != null;
    } catch {
      return false;
    }
  }

  private mark(id: string): void {
    this.local.add(id);
    const storage = this.tabs.storage;
    if (storage === undefined) return;
    const now = Date.now();
    try {
      storage.setItem(this.key(id), String(now));
      // The index lets old records be pruned without listing the whole storage.
      const indexKey = `${this.prefix}:records`;
      const parsed: unknown = JSON.parse(storage.getItem(indexKey) ?? '{}');
      const index = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {};
      for (const [old, at] of Object.entries(index)) {
        if (typeof at === 'number' && now - at < RECORD_LIFETIME_MS) continue;
        delete index[old];
        storage.removeItem(this.key(old));
      }
      index[id] = now;
      storage.setItem(indexKey, JSON.stringify(index));
    } catch {
      // Full or refused storage: the record holds in this tab, and the lock still orders the tabs.
    }
  }

  private key(id: string): string {
    return `${this.prefix}:record:${id}`;
  }
}

import type { ProxyStore } from '../stores/proxy-store';
import type { EventHub } from './event-hub';

/** What the watches of an instance need. */
export interface RunWatchSettings {
  readonly hub: Pick<EventHub, 'watch' | 'unwatch'>;
  readonly store: Pick<ProxyStore, 'watchTask' | 'listWatchedTasks' | 'unwatchTask'>;
  /** How long after its start a watch ends, whatever its run does. */
  readonly maxMs: number;
  /** How often the instance reads the store's list: how soon it goes on with the watches of an instance gone. */
  readonly syncMs: number;
  /** Most tasks the instance watches at once. */
  readonly limit: number;
  readonly onStoreError: (error: unknown) => void;
  /** Default: `Date.now`. */
  readonly now?: () => number;
}

interface Watch {
  /** When it ends at the latest (`maxMs` after it began; for one read from the list, after this instance read it). */
  readonly until: number;
  /** When the store's list was known to hold it: a list read after that time without it means it ended elsewhere. */
  listedAt: number | undefined;
}

/** Most ended watches remembered, so that a list read before their removal does not start them again. */
const MAX_ENDED = 10_000;

/**
 * The tasks created through the proxy, watched until their run ends so that their waiting calls
 * reach the notifications with no page open. Each watch is the hub's (`EventHub.watch`: one
 * instance polls it at a time, by the topic's lease); the list is the store's, read by every
 * instance every `syncMs`, so that the others go on with the watches of an instance that died. A
 * watch ends when its run ends (whichever instance sees it takes it off the list) or `maxMs` after
 * it began. Without the store's list, an instance watches the tasks created through it alone.
 */
export class RunWatches {
  private readonly watching = new Map<string, Watch>();
  private readonly ended = new Map<string, number>();
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly now: () => number;
  private syncing = false;
  private closed = false;

  constructor(private readonly settings: RunWatchSettings) {
    this.now = settings.now ?? Date.now;
    this.timer = setInterval(() => void this.sync(), settings.syncMs);
    // A proxy's timers must not keep a Node process alive on their own.
    (this.timer as { unref?: () => void }).unref?.();
    void this.sync();
  }

  /** Watches `taskId`, just created through the proxy, from now on: here at once, on the other instances from their next read of the list. */
  async start(taskId: string): Promise<void> {
    const until = this.now() + this.settings.maxMs;
    const watch = this.follow(taskId, until);
    const { store, onStoreError } = this.settings;
    if (watch === undefined || store.watchTask === undefined) return;
    try {
      await store.watchTask(taskId, until);
      watch.listedAt = this.now();
    } catch (error) {
      // Watched here only, until its end or its time.
      onStoreError(error);
    }
  }

  /** Stops the timer; the hub's close ends the polls. */
  close(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  private follow(taskId: string, until: number, listedAt?: number): Watch | undefined {
    if (this.closed || this.watching.has(taskId) || this.watching.size >= this.settings.limit) return undefined;
    const watch: Watch = { until, listedAt };
    this.watching.set(taskId, watch);
    this.settings.hub.watch(taskId, () => this.end(taskId));
    return watch;
  }

  /** The run ended (seen here): off the list for every instance. */
  private end(taskId: string): void {
    const watch = this.watching.get(taskId);
    if (watch === undefined) return;
    this.watching.delete(taskId);
    this.ended.delete(taskId);
    this.ended.set(taskId, watch.until);
    if (this.ended.size > MAX_ENDED) this.ended.delete(this.ended.keys().next().value as string);
    this.settings.store.unwatchTask?.(taskId).catch(this.settings.onStoreError);
  }

  /** Ended elsewhere, or its time is up: this instance stops following it. */
  private drop(taskId: string): void {
    this.watching.delete(taskId);
    this.settings.hub.unwatch(taskId);
  }

  private async sync(): Promise<void> {
    if (this.syncing || this.closed) return;
    this.syncing = true;
    try {
      const startedAt = this.now();
      for (const [taskId, watch] of this.watching) if (watch.until <= startedAt) this.drop(taskId);
      for (const [taskId, until] of this.ended) if (until <= startedAt) this.ended.delete(taskId);
      const { store, limit, maxMs, onStoreError } = this.settings;
      if (store.listWatchedTasks === undefined) return;
      let listed: string[];
      try {
        listed = await store.listWatchedTasks(limit);
      } catch (error) {
        onStoreError(error);
        return;
      }
      if (this.closed) return;
      const onList = new Set(listed);
      for (const [taskId, watch] of this.watching)
        if (!onList.has(taskId) && watch.listedAt !== undefined && watch.listedAt < startedAt) this.drop(taskId);
      // The list's own times bound these: one that lapses there is dropped at a later read.
      for (const taskId of listed) if (!this.ended.has(taskId)) this.follow(taskId, startedAt + maxMs, startedAt);
    } finally {
      this.syncing = false;
    }
  }
}

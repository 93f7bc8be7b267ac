import { topicKey, type EventTopic, type TaskClient } from '../client';
import { envelope } from './envelope';
import { parseEventId } from './event-id';
import { HubStream } from './hub-stream';
import { PollLimiter } from './poll-limiter';
import type { ProxyStore, StoredChange } from './proxy-store';
import { TopicPoller, type PollerSettings } from './topic-poller';

/** What the hub needs besides its store: how to reach the service, and its rules. */
export interface EventHubSettings {
  store: ProxyStore;
  upstream: TaskClient;
  scrub: (text: string) => string;
  poller: Omit<PollerSettings, 'hold' | 'limiter'>;
  /** Most upstream polls open at once. */
  maxConcurrentPolls: number;
  /** A topic no stream has named for this long is no longer polled. */
  idleMs: number;
  heartbeatMs: number;
  maxBufferedBytes: number;
  /** Called when the store fails; the hub carries on (streams end, pollers retry). */
  onStoreError: (error: unknown) => void;
  /** Most topics this instance follows at once; a stream that would add more is answered 429. Default: no limit. */
  maxPollers?: number;
}

/** What the hub is doing now, for monitoring and tests. */
export interface EventHubStats {
  /** Open event streams of this instance. */
  readonly streams: number;
  /** Topics this instance follows (some stream names them, or did within the idle time). */
  readonly topics: number;
  /** Of those, the topics this instance polls (it holds their lease). */
  readonly polling: number;
  /** Streams dropped since the start because their client did not read. */
  readonly dropped: number;
}

interface LocalTopic {
  readonly topic: EventTopic;
  readonly key: string;
  readonly streams: Set<HubStream>;
  readonly poller: TopicPoller;
}

interface LocalTask {
  readonly topics: Set<string>;
  /** Resolves once the task's channel is listened to, with the function that stops listening. */
  readonly listening: Promise<() => Promise<void>>;
}

const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // `no-transform`: a compressing proxy would hold events back to fill its blocks.
  'cache-control': 'no-store, no-transform',
  // nginx: pass each event on as it comes.
  'x-accel-buffering': 'no',
};

/**
 * The hub behind `GET {basePath}/events`: one poller per topic for every stream that names it (on
 * this instance, and through the store on every other), the changes fanned out to the streams, the
 * heartbeat, and the bookkeeping of who still wants which topic.
 */
export class EventHub {
  private readonly topics = new Map<string, LocalTopic>();
  private readonly tasks = new Map<string, LocalTask>();
  private readonly streams = new Set<HubStream>();
  private readonly owner = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 8).toString(36)}`;
  private readonly pollerSettings: PollerSettings;
  private timers: Array<ReturnType<typeof setInterval>> = [];
  private dropped = 0;
  private pollers = 0;
  private closed = false;

  constructor(private readonly settings: EventHubSettings) {
    this.pollerSettings = { ...settings.poller, hold: { notBefore: 0 }, limiter: new PollLimiter(settings.maxConcurrentPolls) };
  }

  stats(): EventHubStats {
    let polling = 0;
    for (const local of this.topics.values()) if (local.poller.isPolling) polling += 1;
    return { streams: this.streams.size, topics: this.topics.size, polling, dropped: this.dropped };
  }

  /** Opens a stream of `topics` for `request` (its `Last-Event-ID` says what the client has seen). */
  open(request: Request, topics: readonly EventTopic[]): Response {
    const keys = topics.map(topicKey);
    const adding = keys.filter((key) => !this.topics.has(key)).length;
    if (adding > 0 && this.topics.size + adding > (this.settings.maxPollers ?? Infinity))
      return envelope(429, 'This proxy follows as many runs as it may; try again later', {
        code: 'too_many_runs',
        retryAfter: String(Math.ceil(this.settings.idleMs / 1000)),
      });
    const stream = new HubStream({
      topics: keys,
      maxBufferedBytes: this.settings.maxBufferedBytes,
      retryMs: this.settings.poller.statusIntervalMs,
      onEnd: (ended, why) => this.onStreamEnd(ended, why),
    });
    this.streams.add(stream);
    for (const topic of topics) this.follow(topic).streams.add(stream);
    this.startTimers();
    request.signal.addEventListener('abort', () => stream.close(), { once: true });
    void this.begin(stream, topics, request.headers.get('last-event-id'));
    return new Response(stream.readable, { status: 200, headers: EVENT_STREAM_HEADERS });
  }

  /** An answer to a tool call of `taskId` was accepted: every instance drops statuses requested before it. */
  async answered(taskId: string): Promise<void> {
    await this.settings.store.announceAnswered(taskId);
  }

  /** Ends every stream and poller of this instance. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    for (const stream of [...this.streams]) stream.close();
    const stopping = [...this.topics.values()].map((local) => local.poller.stop());
    const unlistening = [...this.tasks.values()].map(async (task) => (await task.listening)());
    this.topics.clear();
    this.tasks.clear();
    await Promise.allSettled([...stopping, ...unlistening]);
  }

  private async begin(stream: HubStream, topics: readonly EventTopic[], lastEventId: string | null): Promise<void> {
    const { store, idleMs, poller } = this.settings;
    try {
      // Listening first, so no change committed while the state is read can slip between the two.
      await Promise.all(topics.flatMap((topic) => this.tasks.get(topic.taskId)?.listening ?? []));
      await store.markWanted(stream.topics, idleMs, poller.keepMs);
      const state = await store.read(stream.topics);
      await stream.start(state, parseEventId(lastEventId));
    } catch (error) {
      this.settings.onStoreError(error);
      stream.close();
    }
  }

  /** The local record of a topic, made (with its poller and its task's channel) on first use. */
  private follow(topic: EventTopic): LocalTopic {
    const key = topicKey(topic);
    const known = this.topics.get(key);
    if (known !== undefined) {
      known.poller.revive();
      return known;
    }
    const local: LocalTopic = {
      topic,
      key,
      streams: new Set(),
      poller: new TopicPoller({
        topic,
        key,
        // One name per poller: a topic forgotten and followed again must not release its successor's lease.
        owner: `${this.owner}.${++this.pollers}`,
        store: this.settings.store,
        upstream: this.settings.upstream,
        settings: this.pollerSettings,
        scrub: this.settings.scrub,
        hasStreams: () => local.streams.size > 0,
        onIdle: () => void this.forget(local),
        onStoreError: this.settings.onStoreError,
      }),
    };
    this.topics.set(key, local);
    let task = this.tasks.get(topic.taskId);
    if (task === undefined) {
      task = {
        topics: new Set(),
        listening: this.settings.store.subscribe(topic.taskId, {
          change: (change) => this.deliver(change),
          answered: () => this.invalidate(topic.taskId),
        }),
      };
      // A failed subscription is reported when a stream waits for it.
      task.listening.catch(() => undefined);
      this.tasks.set(topic.taskId, task);
    }
    task.topics.add(key);
    local.poller.start();
    return local;
  }

  private async forget(local: LocalTopic): Promise<void> {
    if (this.topics.get(local.key) !== local || local.streams.size > 0) return;
    this.topics.delete(local.key);
    const task = this.tasks.get(local.topic.taskId);
    task?.topics.delete(local.key);
    if (task !== undefined && task.topics.size === 0) this.tasks.delete(local.topic.taskId);
    try {
      await local.poller.stop();
      if (task !== undefined && task.topics.size === 0) await (await task.listening)();
    } catch (error) {
      this.settings.onStoreError(error);
    }
  }

  private deliver(change: StoredChange): void {
    const local = this.topics.get(change.topic);
    if (local === undefined) return;
    for (const stream of local.streams) stream.change(change);
  }

  private invalidate(taskId: string): void {
    const at = Date.now();
    for (const key of this.tasks.get(taskId)?.topics ?? []) this.topics.get(key)?.poller.invalidate(at);
  }

  private onStreamEnd(stream: HubStream, why: 'closed' | 'dropped'): void {
    this.streams.delete(stream);
    if (why === 'dropped') this.dropped += 1;
    const released: string[] = [];
    for (const key of stream.topics) {
      const local = this.topics.get(key);
      if (local === undefined || !local.streams.delete(stream) || local.streams.size > 0) continue;
      released.push(key);
    }
    // The idle time of a topic counts from the moment its last stream here went away.
    if (released.length > 0 && !this.closed) {
      this.settings.store
        .markWanted(released, this.settings.idleMs, this.settings.poller.keepMs)
        .catch((error: unknown) => this.settings.onStoreError(error));
      // A poller waiting its turn for the service does not look at the idle time until its request
      // is done: after a client that named thousands of runs leaves, they are stopped from here.
      const sweep = setTimeout(() => void this.sweep(released), this.settings.idleMs + 1000);
      (sweep as { unref?: () => void }).unref?.();
    }
    if (this.streams.size === 0) this.stopTimers();
  }

  /** Forgets the topics of `keys` that no stream anywhere has named within the idle time. */
  private async sweep(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const local = this.topics.get(key);
      if (this.closed || local === undefined || local.streams.size > 0) continue;
      try {
        if (!(await this.settings.store.isWanted(key))) await this.forget(local);
      } catch (error) {
        this.settings.onStoreError(error);
      }
    }
  }

  private startTimers(): void {
    if (this.timers.length > 0 || this.closed) return;
    const heartbeat = setInterval(() => {
      for (const stream of [...this.streams]) stream.heartbeat();
    }, this.settings.heartbeatMs);
    // Other instances learn that a topic is still wanted from this mark, renewed well within the idle time.
    const wanted = setInterval(
      () => {
        const keys = [...this.topics.values()].filter((local) => local.streams.size > 0).map((local) => local.key);
        if (keys.length === 0) return;
        this.settings.store
          .markWanted(keys, this.settings.idleMs, this.settings.poller.keepMs)
          .catch((error: unknown) => this.settings.onStoreError(error));
      },
      Math.max(1000, Math.floor(this.settings.idleMs / 3)),
    );
    for (const timer of [heartbeat, wanted]) (timer as { unref?: () => void }).unref?.();
    this.timers = [heartbeat, wanted];
  }

  private stopTimers(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }
}

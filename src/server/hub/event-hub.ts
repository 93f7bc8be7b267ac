import { errorEnvelope, PollGate, topicKey, type EventTopic } from '../../client';
import { parseEventId } from './event-id';
import { guardStore } from './guard-store';
import type { EventHubSettings, EventHubStats, PollerSettings } from './event-hub-settings';
import { HubHealth } from './hub-health';
import { EVENT_STREAM_HEADERS, HubStream } from './hub-stream';
import type { StoredChange } from '../stores/proxy-store';
import { TopicLease } from './topic-lease';
import { TopicPoller } from './topic-poller';
import { isFinalPayload } from './topic-state';
import type { LocalTask, LocalTopic, WantedWrite } from './local-topic';

export { NO_HUB_STATS, type EventHubSettings, type EventHubStats } from './event-hub-settings';

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
  /** The epoch of changes this instance hands its streams itself while the store fails: never one of the store's. */
  private readonly localEpoch = `L${this.owner}`;
  private localSeq = 0;
  private readonly pollerSettings: PollerSettings;
  private readonly health: HubHealth;
  private readonly store: ReturnType<typeof guardStore>;
  private timers: Array<ReturnType<typeof setInterval>> = [];
  private probe: ReturnType<typeof setInterval> | undefined;
  private wanting: WantedWrite | undefined;
  private dropped = 0;
  private pollers = 0;
  private closed = false;

  constructor(private readonly settings: EventHubSettings) {
    this.pollerSettings = { ...settings.poller, gate: new PollGate(settings.maxConcurrentPolls) };
    this.health = new HubHealth({
      logger: settings.logger,
      quietMs: Math.max(1000, 5 * settings.poller.statusIntervalMs),
      onStoreError: settings.onStoreError,
      onDegraded: () => this.degrade(),
      onRecovered: () => this.recover(),
    });
    this.store = guardStore(settings.store, settings.storeTimeoutMs, {
      failed: (error) => this.health.storeFailed(error),
      slow: (error) => this.health.storeSlow(error),
      succeeded: () => this.health.storeSucceeded(),
    });
  }

  stats(): EventHubStats {
    let polling = 0;
    for (const local of this.topics.values()) if (local.poller.isPolling) polling += 1;
    return { streams: this.streams.size, topics: this.topics.size, polling, dropped: this.dropped, ...this.health.stats() };
  }

  /**
   * Opens a stream of `topics` for `request` (its `Last-Event-ID` says what the client has seen).
   * `notFound`: topics it names that are not polled (tasks the caller may not see; see `HubStream`).
   */
  open(request: Request, topics: readonly EventTopic[], notFound: readonly EventTopic[] = []): Response {
    const keys = topics.map(topicKey);
    const adding = keys.filter((key) => !this.topics.has(key)).length;
    if (adding > 0 && this.topics.size + adding > (this.settings.maxPollers ?? Infinity))
      return errorEnvelope(429, 'This proxy follows as many runs as it may; try again later', {
        code: 'too_many_runs',
        retryAfter: String(Math.ceil(this.settings.idleMs / 1000)),
      });
    const stream = new HubStream({
      topics: keys,
      notFound,
      maxBufferedBytes: this.settings.maxBufferedBytes,
      retryMs: this.settings.poller.statusIntervalMs,
      onEnd: (ended, why) => this.onStreamEnd(ended, why),
    });
    this.streams.add(stream);
    for (const topic of topics) this.follow(topic).streams.add(stream);
    this.startTimers();
    request.signal.addEventListener('abort', () => stream.close(), { once: true });
    if (this.health.isDegraded) stream.notice('degraded');
    void this.begin(stream, topics, request.headers.get('last-event-id'));
    return new Response(stream.readable, { status: 200, headers: EVENT_STREAM_HEADERS });
  }

  /** An answer to a tool call of `taskId` was accepted: every instance drops statuses requested before it. */
  async answered(taskId: string): Promise<void> {
    // Whatever the store says, this instance's own pollers drop what they asked before the answer.
    this.invalidate(taskId);
    await this.store.announceAnswered(taskId);
  }

  /**
   * Follows the latest run of `taskId` without a stream (a watch: its status is polled at the
   * watch's pace while no stream names it, by one instance at a time) until the run ends, then
   * calls `onEnd` once. Nothing while the hub is closed.
   */
  watch(taskId: string, onEnd: () => void): void {
    if (this.closed) return;
    const local = this.follow({ taskId });
    local.onRunEnd = onEnd;
    const status = local.latest.get('status');
    if (status !== undefined && isFinalPayload(status.payload)) this.runEnded(local);
  }

  /** Ends the watch of `taskId` (another instance saw its run end, or its time is up); `onEnd` is not called. */
  unwatch(taskId: string): void {
    const local = this.topics.get(topicKey({ taskId }));
    if (local !== undefined) local.onRunEnd = undefined;
  }

  /** Ends every stream and poller of this instance. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    clearInterval(this.probe);
    this.health.close();
    for (const stream of [...this.streams]) stream.close();
    const stopping = [...this.topics.values()].map((local) => local.poller.stop());
    const unlistening = [...this.tasks.values()].map(async (task) => (await task.listening)());
    this.topics.clear();
    this.tasks.clear();
    await Promise.allSettled([...stopping, ...unlistening]);
  }

  private async begin(stream: HubStream, topics: readonly EventTopic[], lastEventId: string | null): Promise<void> {
    const { readyWaitMs } = this.settings;
    let stored: StoredChange[] = [];
    try {
      // Listening first, so no change committed while the state is read can slip between the two.
      await Promise.all(topics.flatMap((topic) => this.tasks.get(topic.taskId)?.listening ?? []));
      await this.want(stream.topics);
      stored = await this.store.read(stream.topics);
    } catch {
      // The store failed (reported, and the hub polls on its own): the stream starts from what this instance knows.
    }
    let state = this.withKnown(stream.topics, stored);
    // A run nobody has a status of yet is polled now; a finished latest run is asked again, as the
    // task may have a new one. The stream waits for those (bounded), so `ready` comes with a state.
    const waits: Array<Promise<void>> = [];
    for (const topic of topics) {
      const local = this.topics.get(topicKey(topic));
      if (local === undefined) continue;
      const status = state.find((change) => change.topic === local.key && change.resource === 'status');
      if (status === undefined) waits.push(local.poller.refresh('fill'));
      else if (topic.runId === undefined && isFinalPayload(status.payload)) waits.push(local.poller.refresh('verify'));
    }
    if (waits.length > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([Promise.all(waits), new Promise<void>((resolve) => (timer = setTimeout(resolve, readyWaitMs)))]);
      clearTimeout(timer);
      if (stream.isEnded) return;
      // Committed changes reach this instance through the store's channel a moment later: read them.
      stored = await this.store.read(stream.topics).catch(() => stored);
      state = this.withKnown(stream.topics, stored);
      // Still nothing: the store may have lost the state (flushed) while the instance polling the run
      // sees nothing new to commit. This instance polls it and commits what it gets; the stream gets it live.
      for (const key of stream.topics)
        if (!state.some((change) => change.topic === key && change.resource === 'status'))
          void this.topics.get(key)?.poller.refresh('republish');
    }
    await stream.start(state, parseEventId(lastEventId));
  }

  /**
   * Marks `keys` wanted. While one such store call is out, the streams opened meanwhile wait and go
   * together in the next: a thousand streams opened at once make a few store calls, not a thousand,
   * and a lone stream waits for none.
   */
  private want(keys: readonly string[]): Promise<void> {
    const writing = this.wanting;
    if (writing === undefined) return this.writeWanted(new Set(keys));
    if (writing.next === undefined) {
      const next = new Set<string>();
      writing.next = { keys: next, done: writing.done.catch(() => undefined).then(() => this.writeWanted(next)) };
    }
    for (const key of keys) writing.next.keys.add(key);
    return writing.next.done;
  }

  private writeWanted(keys: ReadonlySet<string>): Promise<void> {
    const done = this.store.markWanted([...keys], this.settings.idleMs, this.settings.poller.keepMs);
    const writing: WantedWrite = { done };
    this.wanting = writing;
    const finish = () => {
      // The next batch, if any, takes over as the write others wait for.
      if (this.wanting === writing && writing.next === undefined) this.wanting = undefined;
    };
    done.then(finish, finish);
    return done;
  }

  /** `stored`, with what this instance knows of the resources the store has no change of. */
  private withKnown(keys: readonly string[], stored: readonly StoredChange[]): StoredChange[] {
    const state = [...stored];
    const present = new Set(stored.map((change) => `${change.resource} ${change.topic}`));
    for (const key of keys)
      for (const change of this.topics.get(key)?.latest.values() ?? [])
        if (!present.has(`${change.resource} ${change.topic}`)) state.push(change);
    return state;
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
      latest: new Map(),
      poller: new TopicPoller({
        topic,
        key,
        // One name per poller: a topic forgotten and followed again must not release its successor's lease.
        lease: new TopicLease(this.store, key, `${this.owner}.${++this.pollers}`, this.settings.poller.statusIntervalMs),
        store: this.store,
        upstream: this.settings.upstream,
        settings: this.pollerSettings,
        scrub: this.settings.scrub,
        hasStreams: () => local.streams.size > 0,
        isWatched: () => local.onRunEnd !== undefined,
        onRunEnded: () => this.runEnded(local),
        onIdle: () => void this.forget(local),
        deliverLocal: (change) => this.deliver({ ...change, epoch: this.localEpoch, seq: ++this.localSeq }),
        health: this.health,
        toolCalls: this.settings.toolCalls,
      }),
    };
    this.topics.set(key, local);
    let task = this.tasks.get(topic.taskId);
    if (task === undefined) {
      task = { topics: new Set(), listening: Promise.resolve(() => Promise.resolve()), failed: false };
      this.listen(topic.taskId, task);
      this.tasks.set(topic.taskId, task);
    }
    task.topics.add(key);
    return local;
  }

  private listen(taskId: string, task: LocalTask): void {
    task.failed = false;
    task.listening = this.store.subscribe(taskId, {
      change: (change) => this.deliver(change),
      answered: () => this.invalidate(taskId),
    });
    // A failed subscription is reported by the store guard, and made again when the store works again.
    task.listening.catch(() => {
      task.failed = true;
    });
  }

  /** The store failed: every stream is told; the pollers poll on their own, and a probe watches for the store's return. */
  private degrade(): void {
    for (const stream of this.streams) stream.notice('degraded');
    if (this.probe !== undefined || this.closed) return;
    this.probe = setInterval(() => {
      // Any call that goes through ends the degraded state; this one is for an instance with nothing to poll.
      this.store.isWanted('').catch(() => undefined);
    }, this.settings.poller.statusIntervalMs);
    (this.probe as { unref?: () => void }).unref?.();
  }

  /**
   * The store works again: what changed during the gap may never have reached it, or reached it
   * while nobody listened. Subscriptions are made again, and every run this instance's streams
   * name is polled once more and committed, changed or not.
   */
  private recover(): void {
    clearInterval(this.probe);
    this.probe = undefined;
    if (this.closed) return;
    for (const stream of this.streams) stream.notice('recovered');
    for (const [taskId, task] of this.tasks) if (task.failed) this.listen(taskId, task);
    const wanted: string[] = [];
    for (const local of this.topics.values()) {
      if (local.streams.size === 0) continue;
      wanted.push(local.key);
      void local.poller.refresh('republish');
    }
    if (wanted.length > 0) this.store.markWanted(wanted, this.settings.idleMs, this.settings.poller.keepMs).catch(() => undefined);
  }

  private async forget(local: LocalTopic): Promise<void> {
    if (this.topics.get(local.key) !== local || local.streams.size > 0 || local.onRunEnd !== undefined) return;
    this.topics.delete(local.key);
    const task = this.tasks.get(local.topic.taskId);
    task?.topics.delete(local.key);
    if (task !== undefined && task.topics.size === 0) this.tasks.delete(local.topic.taskId);
    try {
      await local.poller.stop();
      if (task !== undefined && task.topics.size === 0) await (await task.listening)();
    } catch {
      // Reported by the store guard; a lease or subscription left behind lapses by itself.
    }
  }

  private deliver(change: StoredChange): void {
    const local = this.topics.get(change.topic);
    if (local === undefined) return;
    local.latest.set(change.resource, change);
    local.poller.observe(change);
    if (change.resource === 'status' && isFinalPayload(change.payload)) this.runEnded(local);
    for (const stream of local.streams) stream.change(change);
  }

  private runEnded(local: LocalTopic): void {
    const onEnd = local.onRunEnd;
    local.onRunEnd = undefined;
    onEnd?.();
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
      this.store.markWanted(released, this.settings.idleMs, this.settings.poller.keepMs).catch(() => undefined);
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
        this.store.markWanted(keys, this.settings.idleMs, this.settings.poller.keepMs).catch(() => undefined);
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

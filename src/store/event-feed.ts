import {
  EVENT_RESOURCES,
  eventTopicsQuery,
  isCheckedSource,
  isTaskApiError,
  TaskApiError,
  topicKey,
  type EventTopic,
  type TaskEvent,
  type TaskEventSource,
} from '../client';
import { fullJitterBackoff } from '../utils';
import type { Resource } from './resource';
import { isRunResourceKey, resourceKeys, type RunResourceKey } from './resource-key';
import type { Transport } from './run-store';
import { wantsUpdates, type EventFeedSettings, type UpdateSource, type UpdateSourceHost } from './update-source';

/** The topic of a run resource's key: its run, or the task's most recent one (no `runId` at all). */
const topicOf = (key: RunResourceKey<'status' | 'result' | 'gif'>): EventTopic =>
  key.runId === undefined ? { taskId: key.taskId } : { taskId: key.taskId, runId: key.runId };

type TimerName = 'sync' | 'retry' | 'ready' | 'stall' | 'trim';

interface Connection {
  readonly controller: AbortController;
  readonly keys: ReadonlySet<string>;
  ready: boolean;
}

/**
 * The store's side of the proxy's event stream: one connection for every run the store's
 * watchers follow, opened, resumed (`Last-Event-ID`) and replaced as the watched runs change,
 * closed while polling is paused. While the transport is `stream`, the resources it brings are not
 * polled. It falls back to `polling` when the stream cannot work (the proxy answers 404 or
 * another refusal, the answer is not an event stream, `ready` never comes through, or attempts
 * keep failing), and tries the stream again later, doubling the wait each time.
 */
export class EventFeed implements UpdateSource {
  private mode: Transport = 'stream';
  /** The runs the stream follows or is about to, in order. */
  private readonly followed = new Map<string, EventTopic>();
  private queryLength = 0;
  /** Runs whose status the proxy no longer polls: the run ended (its result and GIF come next), or it gave up. */
  private readonly hubDone = new Map<string, 'ended' | 'halted'>();
  private connection: Connection | undefined;
  private failures = 0;
  private probes = 0;
  private lastEventId: string | undefined;
  /** The runs every change up to `lastEventId` was received for. */
  private lastKeys: ReadonlySet<string> | undefined;
  private readonly timers: Partial<Record<TimerName, ReturnType<typeof setTimeout>>> = {};
  private destroyed = false;
  /** Events of the client's own stream were checked as it read them; another source's are checked by the store. */
  private readonly checked: boolean;

  constructor(
    private readonly host: UpdateSourceHost,
    private readonly source: TaskEventSource,
    private readonly settings: EventFeedSettings,
  ) {
    this.checked = isCheckedSource(source);
  }

  get transport(): Transport {
    return this.mode;
  }

  /**
   * Whether the stream brings `resource`, so it need not be polled. A run the stream does not
   * follow yet is added (when it fits), and the connection is brought up to date soon.
   */
  covers(resource: Resource): boolean {
    const key = resource.key;
    if (this.mode !== 'stream' || this.destroyed || !isRunResourceKey(key) || !wantsUpdates(this.host, resource)) return false;
    const id = topicKey(key);
    const done = this.hubDone.get(id);
    // The status comes until the proxy stops polling it; the result and GIF only once it saw the run end.
    if (key.resource === 'status' ? done !== undefined : done !== 'ended') return false;
    if (this.followed.has(id)) return true;
    const topic = topicOf(key);
    if (!this.fits(topic)) return false;
    this.add(id, topic);
    this.refresh();
    return true;
  }

  /** The watched runs may have changed: bring the connection up to date soon (changes in one tick are batched). */
  refresh(): void {
    if (this.destroyed || this.timers.sync !== undefined) return;
    this.timers.sync = setTimeout(() => this.sync(), 0);
  }

  destroy(): void {
    this.destroyed = true;
    this.close();
    for (const timer of Object.values(this.timers)) clearTimeout(timer);
  }

  private sync(): void {
    this.clear('sync');
    if (this.destroyed) return;
    if (this.host.isPaused()) {
      this.close();
      return;
    }
    const before = [...this.followed.keys()].join('\n');
    const wanted = new Map<string, EventTopic>();
    for (const resource of this.host.resources()) {
      const key = resource.key;
      if (resource.watchers.size === 0 || !isRunResourceKey(key) || !wantsUpdates(this.host, resource)) continue;
      wanted.set(topicKey(key), topicOf(key));
    }
    // Runs already followed keep their place; new ones join while they fit.
    const kept = [...this.followed].filter(([id]) => wanted.has(id));
    this.followed.clear();
    this.queryLength = 0;
    for (const [id, topic] of kept) this.add(id, topic);
    for (const [id, topic] of wanted) if (!this.followed.has(id) && this.fits(topic)) this.add(id, topic);
    for (const id of this.hubDone.keys()) if (!wanted.has(id)) this.hubDone.delete(id);
    if ([...this.followed.keys()].join('\n') !== before) this.host.reschedule();

    if (this.followed.size === 0) {
      this.close();
      return;
    }
    const open = this.connection;
    if (open !== undefined && [...this.followed.keys()].every((id) => open.keys.has(id))) {
      // Only runs nobody watches any more: no hurry, but the proxy should stop polling them for us.
      if (open.keys.size > this.followed.size && this.timers.trim === undefined)
        this.timers.trim = setTimeout(() => {
          this.clear('trim');
          if (this.connection === open) this.open();
        }, this.settings.trimDelayMs);
      return;
    }
    // A retry or a probe is due: it opens with the runs wanted then, at its time.
    if (this.timers.retry !== undefined) return;
    if (this.mode === 'polling') this.retryIn(this.settings.retryMs);
    else this.open();
  }

  private fits(topic: EventTopic): boolean {
    const { maxTopics, maxQueryLength } = this.settings;
    return this.followed.size < maxTopics && this.queryLength + eventTopicsQuery([topic]).length + 1 <= maxQueryLength;
  }

  private add(id: string, topic: EventTopic): void {
    this.followed.set(id, topic);
    this.queryLength += eventTopicsQuery([topic]).length + 1;
  }

  private open(): void {
    this.close();
    this.clear('retry');
    if (this.followed.size === 0 || this.destroyed || this.host.isPaused()) return;
    const keys = new Set(this.followed.keys());
    // A new stream makes the proxy try again the runs it gave up on (a refused key, say): until it
    // says otherwise, their status is the stream's again.
    let revived = false;
    for (const [id, done] of this.hubDone) {
      if (done !== 'halted' || !keys.has(id)) continue;
      this.hubDone.delete(id);
      revived = true;
    }
    if (revived) this.host.reschedule();
    const connection: Connection = { controller: new AbortController(), keys, ready: false };
    this.connection = connection;
    // Resuming is only right when every run asked for was followed up to that id.
    const resumable = this.lastKeys !== undefined && [...keys].every((id) => this.lastKeys?.has(id));
    this.timers.ready = setTimeout(
      () => this.fail(connection, new TaskApiError('The event stream sent nothing in time', { kind: 'timeout' })),
      this.settings.readyTimeoutMs,
    );
    this.source
      .connect({
        topics: [...this.followed.values()],
        lastEventId: resumable ? this.lastEventId : undefined,
        signal: connection.controller.signal,
        onReady: () => this.ready(connection),
        onEvent: (event) => this.event(connection, event),
        onActivity: () => this.alive(connection),
      })
      .then(
        () => this.ended(connection, undefined),
        (error: unknown) => this.ended(connection, error),
      );
  }

  private ready(connection: Connection): void {
    if (connection !== this.connection) return;
    connection.ready = true;
    this.lastKeys = connection.keys;
    this.clear('ready');
    this.failures = 0;
    this.probes = 0;
    this.alive(connection);
    if (this.mode === 'polling') {
      this.mode = 'stream';
      this.host.reschedule();
    }
  }

  private event(connection: Connection, event: TaskEvent): void {
    if (connection !== this.connection) return;
    if (event.id !== undefined) {
      this.lastEventId = event.id;
      this.lastKeys = connection.keys;
    }
    // Noted before the change is applied, so a result watched because the run just ended is left to
    // the stream; the polls are rescheduled after, from what the status now says.
    const covered = event.resource === 'status' && this.noteStatus(event);
    const { taskId, runId } = event.topic;
    this.host.push(resourceKeys[event.resource](taskId, runId), Date.now(), event.data, event.error, this.checked);
    if (covered) this.host.reschedule(EVENT_RESOURCES.map((kind) => resourceKeys[kind](taskId, runId)));
  }

  /** Notes whether the proxy still polls the run's status; true when that changed. */
  private noteStatus(event: TaskEvent): boolean {
    const id = topicKey(event.topic);
    const done = !event.final ? undefined : event.error === undefined ? 'ended' : 'halted';
    if (this.hubDone.get(id) === done) return false;
    if (done === undefined) this.hubDone.delete(id);
    else this.hubDone.set(id, done);
    return true;
  }

  private alive(connection: Connection): void {
    if (connection !== this.connection || !connection.ready) return;
    this.clear('stall');
    this.timers.stall = setTimeout(
      () => this.fail(connection, new TaskApiError('The event stream went silent', { kind: 'timeout' })),
      this.settings.stallMs,
    );
  }

  private fail(connection: Connection, error: TaskApiError): void {
    this.ended(connection, error);
    connection.controller.abort();
  }

  private ended(connection: Connection, error: unknown): void {
    if (connection !== this.connection) return;
    this.connection = undefined;
    this.clear('ready');
    this.clear('stall');
    if (this.destroyed || this.host.isPaused()) return;
    const { settings } = this;
    if (connection.ready) {
      // A stream that worked and broke: reconnect, resuming where it stopped.
      this.failures = 0;
      this.retryIn(fullJitterBackoff(0, settings.backoff));
      return;
    }
    this.failures += 1;
    if (this.mode === 'polling') {
      this.probes += 1;
      this.retryIn(Math.min(settings.retryCapMs, settings.retryMs * 2 ** this.probes));
      return;
    }
    if (isHopeless(error) || this.failures >= settings.failuresBeforePolling) {
      this.mode = 'polling';
      this.retryIn(settings.retryMs);
      this.host.reschedule();
      return;
    }
    this.retryIn(fullJitterBackoff(this.failures - 1, settings.backoff));
  }

  private retryIn(delayMs: number): void {
    this.clear('retry');
    this.timers.retry = setTimeout(() => {
      this.timers.retry = undefined;
      this.open();
    }, delayMs);
  }

  private close(): void {
    const connection = this.connection;
    this.connection = undefined;
    this.clear('ready');
    this.clear('stall');
    this.clear('trim');
    connection?.controller.abort();
  }

  private clear(name: TimerName): void {
    clearTimeout(this.timers[name]);
    this.timers[name] = undefined;
  }
}

/**
 * Failures that retrying soon will not fix: the proxy has no stream or refuses it (a 4xx other
 * than 408 and 429), the answer is not an event stream, or nothing comes through in time (a
 * middlebox that holds the stream back does so every time).
 */
function isHopeless(error: unknown): boolean {
  if (!isTaskApiError(error)) return false;
  if (error.kind === 'parse' || error.kind === 'timeout') return true;
  return error.kind === 'http' && error.status !== undefined && error.status < 500 && !error.isTransient;
}

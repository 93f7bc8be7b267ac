import {
  eventPayload,
  firstPollDelay,
  isFinalGifStatus,
  isTaskApiError,
  nextPollAt,
  planRetry,
  TaskApiError,
  throughGate,
  timerDelay,
  unknownSince,
  type EventResource,
  type EventTopic,
  type GifStatus,
  type RunStatus,
  type TaskClient,
} from '../../client';
import { stringifyJson } from '../../utils';
import type { PollerSettings } from './event-hub-settings';
import type { HubHealth } from './hub-health';
import type { ProxyStore, StoredChange } from '../stores/proxy-store';
import type { TopicLease } from './topic-lease';
import { TopicState } from './topic-state';
import type { ToolCallClock } from '../forward/tool-call-clock';

const ENDPOINT = { status: 'getRunStatus', result: 'getRunResult', gif: 'getRunGif' } as const;

export interface TopicPollerDeps {
  readonly topic: EventTopic;
  /** `topicKey(topic)`. */
  readonly key: string;
  /** Which instance polls the topic. */
  readonly lease: TopicLease;
  /** The shared store, every call bounded in time (`guardStore`). */
  readonly store: Pick<ProxyStore, 'isWanted' | 'commit' | 'read'>;
  /** A client of the service itself, with the key. */
  readonly upstream: TaskClient;
  readonly settings: PollerSettings;
  /** Removes the API key from text the service sent. */
  scrub: (text: string) => string;
  /** Whether a stream of this instance names the topic now. */
  hasStreams: () => boolean;
  /** Whether a watch follows the topic (its run is polled, at the watch's pace, while no stream names it). */
  isWatched: () => boolean;
  /** A status the poller read (or gave up on) is final: the run ended. */
  onRunEnded: () => void;
  /** Nobody wants the topic any more: the hub forgets it. */
  onIdle: () => void;
  /** The store could not take a change: hand it to this instance's streams directly. */
  deliverLocal: (change: Pick<StoredChange, 'topic' | 'resource' | 'payload'>) => void;
  /** Counts every upstream request's outcome, and each topic taken over from another instance. */
  readonly health: Pick<HubHealth, 'upstreamSucceeded' | 'upstreamFailed' | 'tookOver'>;
  /** When the proxy first saw each pending tool call. */
  readonly toolCalls: Pick<ToolCallClock, 'seen'>;
}

/**
 * The one upstream poller of a topic, shared by every stream on every instance that names it. When
 * it asks again is the polling policy (`src/client`); its own are the lease and publishing. What it
 * polls follows from what it knows of the topic (`TopicState`). Only the holder of the topic's lease
 * polls (`TopicLease`); the others follow what it commits. It stops when no stream anywhere has
 * named the topic for the hub's idle time.
 *
 * When the store fails, every instance with a stream naming the topic polls it itself and hands the
 * changes to its streams directly (duplicate polls, at most one per instance, are the price of never
 * going silent). A topic without a run follows the task's latest run: once that run is over its
 * status is still asked now and then, so a new run is never hidden behind the old one's end.
 */
export class TopicPoller {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts schedules: only the latest one may run. */
  private turn = 0;
  private controller: AbortController | undefined;
  /** The next turn polls the status, lease or not (a stream waits for it, or the store came back). */
  private forced = false;
  private ticking = false;
  /** Waiting for the end of the next turn that polls. */
  private waiting: Array<() => void> = [];
  private stopped = false;
  private failures = 0;
  private lastRequestAt = Number.NEGATIVE_INFINITY;
  private invalidatedAt = Number.NEGATIVE_INFINITY;
  private unknownSince: number | undefined;
  /** At the last turn, only a watch wanted the topic: its status is asked at the watch's pace. */
  private watchedOnly = false;
  private readonly state = new TopicState();

  /** Polls from now on, the first request a random moment later so that topics named together do not poll in step. */
  constructor(private readonly deps: TopicPollerDeps) {
    this.schedule(Date.now() + firstPollDelay(deps.settings.firstPollJitterMs, deps.settings.random));
  }

  /** Whether this instance polls the topic (holds its lease, or the store cannot be asked). */
  get isPolling(): boolean {
    return this.deps.lease.held === true || (this.deps.lease.held === undefined && this.deps.hasStreams());
  }

  private get intervalEnd(): number {
    return this.lastRequestAt + this.deps.settings.statusIntervalMs;
  }

  /** Between two status requests now. */
  private get statusInterval(): number {
    const { statusIntervalMs, watchIntervalMs } = this.deps.settings;
    return this.watchedOnly ? Math.max(statusIntervalMs, watchIntervalMs) : statusIntervalMs;
  }

  /**
   * Resolves once the next poll of this instance is done, or a status of the topic reached it.
   * `fill`: nobody has a state of the topic yet; polled if this instance may (the lease), never
   * sooner than an interval after its last request. `verify`: a finished latest-run topic is asked
   * its status again, lease or not (the task may have a new run). `republish`: the store lost what
   * was committed; polled again from the status, lease or not, and every resource committed again.
   */
  refresh(mode: 'fill' | 'verify' | 'republish'): Promise<void> {
    if (this.stopped || (mode === 'verify' && this.intervalEnd > Date.now())) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.waiting.push(resolve));
    if (mode === 'republish') this.state.reset();
    if (mode !== 'fill') [this.failures, this.forced] = [0, true];
    const { statusIntervalMs, random } = this.deps.settings;
    // Every run of every instance is republished at once after an outage: spread over an interval.
    const at = mode === 'fill' ? this.intervalEnd : Date.now() + (mode === 'republish' ? firstPollDelay(statusIntervalMs, random) : 0);
    if (!this.ticking) this.schedule(at);
    return done;
  }

  /** A change of the topic reached this instance: a running status of a finished topic means a new run to poll. */
  observe({ resource, payload }: StoredChange): void {
    if (this.stopped) return;
    const finished = this.state.finished;
    this.state.remember(resource, payload);
    if (resource === 'status') this.settle();
    if (finished && this.state.running) this.schedule(this.intervalEnd);
  }

  /**
   * A stream names the topic again: after a failure it gave up on (a refused key, an unknown
   * task), the poller tries once more from the status, never sooner than an interval after its last request.
   */
  revive(): void {
    if (this.state.next !== 'halted' || this.stopped) return;
    this.state.restart();
    this.failures = 0;
    this.schedule(this.intervalEnd);
  }

  /** An answer was accepted at `at`: a status requested before it is out of date and is not sent on. */
  invalidate(at: number): void {
    this.invalidatedAt = at;
  }

  /** Stops polling and gives the lease up, so that nobody polls sooner than this instance would have. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.controller?.abort();
    this.settle();
    await this.deps.lease.release(this.intervalEnd - Date.now());
  }

  /** The next turn at `at` (ms since the epoch), and never while the service holds every poll. */
  private schedule(at: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    const delay = timerDelay(Math.max(at, this.deps.settings.gate.heldUntil));
    this.deps.lease.wait(delay);
    const turn = ++this.turn;
    const run = () => {
      if (turn === this.turn && !this.stopped) void this.tick();
    };
    // Due now: no timer hop, so a topic named by a new stream is requested at once.
    if (delay === 0) {
      queueMicrotask(run);
      return;
    }
    this.timer = setTimeout(run, delay);
    // A proxy's timers must not keep a Node process alive on their own.
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** One turn: a poll if the topic is wanted and this instance holds its lease, or must poll without. */
  private async tick(): Promise<void> {
    const { store, key, hasStreams, lease, settings } = this.deps;
    const { gate, idleCheckMs } = settings;
    // Due since the service asked every poll to wait (a 429): waited out here, not in the gate's
    // line, where each poll would keep renewing its lease until the end of the hold.
    if (gate.heldUntil > Date.now()) return this.schedule(Date.now());
    [this.ticking, this.timer] = [true, undefined];
    const had = lease.held;
    try {
      let taken: boolean | number | undefined;
      try {
        const wanted = hasStreams() || this.forced || (await store.isWanted(key));
        if (!wanted && !this.deps.isWatched()) return this.deps.onIdle();
        this.watchedOnly = !wanted;
        taken = await lease.take();
      } catch {
        // The store failed (the hub reports it).
        lease.held = undefined;
      }
      const statusIntervalMs = this.statusInterval;
      const forced = this.forced;
      this.forced = false;
      // Another instance polls it (or nobody here needs it); try again in case that one goes away,
      // right as its lease lapses when the store says when.
      if (!this.isPolling && !forced)
        return this.schedule(Date.now() + (typeof taken === 'number' ? Math.min(statusIntervalMs, taken + 1) : statusIntervalMs));
      // Taken from another instance: picks up where the store says the topic stands (what it no longer
      // holds is committed again); a run still going counts as taken over, a finished one is only looked after.
      const stored = lease.held === true && had !== true && !forced ? await store.read([key]).catch(() => undefined) : undefined;
      if (stored !== undefined) this.state.reset(stored);
      if (stored !== undefined && this.state.running) this.deps.health.tookOver();
      // The run ended before this instance took it: a watch of it is over.
      if (stored !== undefined && this.state.ended) this.deps.onRunEnded();
      let resource = forced ? 'status' : this.state.next;
      // A finished latest-run topic asks its status now and then: the task may have a new run.
      if (resource === 'done' && this.deps.topic.runId === undefined && this.lastRequestAt + idleCheckMs <= Date.now()) resource = 'status';
      if (this.stopped) return;
      if (resource === 'done' || resource === 'halted') this.schedule(Date.now() + idleCheckMs);
      else await this.poll(resource);
      this.settle();
    } catch {
      // Nothing here should throw; if it does, the topic is polled again rather than forgotten.
      this.schedule(Date.now() + this.statusInterval);
    } finally {
      this.ticking = false;
      // A refresh asked for while this turn was busy with the store: its poll is due now.
      if (this.forced && this.timer === undefined && !this.stopped) this.schedule(Date.now());
    }
  }

  private async poll(resource: EventResource): Promise<void> {
    const { settings, topic } = this.deps;
    const { signal } = (this.controller = new AbortController());
    const options = topic.runId === undefined ? { signal } : { runId: topic.runId, signal };
    // The request's start is the poll's.
    const read = (): Promise<unknown> => {
      this.lastRequestAt = Date.now();
      return this.deps.upstream[ENDPOINT[resource]](topic.taskId, options);
    };
    let data: unknown;
    try {
      data = await this.deps.lease.during(() => throughGate(settings.gate, read, signal));
      this.deps.health.upstreamSucceeded();
    } catch (cause) {
      if (this.stopped) return;
      this.deps.health.upstreamFailed(cause);
      const error = isTaskApiError(cause) ? cause : new TaskApiError(String(cause), { kind: 'network', cause });
      const plan = planRetry(error, this.failures, Date.now(), settings.backoff);
      if (plan.stop === false) this.failures += 1;
      if (plan.stop === false && plan.holdUntil !== undefined) settings.gate.holdUntil(plan.holdUntil);
      // A status it gives up on (an unknown task, a refused key) ends a watch as a run's end does.
      if (resource === 'status' && plan.stop !== false) this.deps.onRunEnded();
      await this.commit(resource, plan.stop !== false, { error });
      // A refused key stops everything; a result that cannot be read does not stop the GIF.
      this.state.refused = plan.stop === 'auth';
      return this.schedule(plan.stop === false ? plan.retryAt : this.afterEnd());
    } finally {
      this.controller = undefined;
    }
    if (this.stopped) return;
    const startedAt = this.lastRequestAt;
    const interval = resource === 'gif' ? settings.gifIntervalMs : this.statusInterval;
    // Asked before an answer was accepted: it may still show the answered call.
    if (resource === 'status' && startedAt < this.invalidatedAt) return this.schedule(startedAt + interval);
    this.failures = 0;
    const kind = resource === 'status' ? settings.classifyRun(data as RunStatus) : undefined;
    // A status nobody knows is not an end (the run may yet ask the person something).
    this.unknownSince = unknownSince(this.unknownSince, kind === 'unknown', startedAt);
    const final =
      resource === 'result' || (kind === undefined ? isFinalGifStatus(String((data as GifStatus).status)) : kind === 'terminal');
    if (resource === 'status' && final) this.deps.onRunEnded();
    const call = resource === 'status' ? (data as RunStatus).toolCall : null;
    const toolCallSeenAt =
      call?.toolCallId === undefined ? undefined : await this.deps.toolCalls.seen(topic.taskId, call.toolCallId, Date.now(), call);
    await this.commit(resource, final, { data, toolCallSeenAt });
    const due = nextPollAt(startedAt, interval, this.unknownSince);
    // Never sooner than half an interval after a slow answer: a busy service gets a rest.
    this.schedule(final ? this.afterEnd() : Math.max(due, Date.now() + (due - startedAt) / 2));
  }

  /** After a resource's end: the next one at once, or an idle check once there is none. */
  private afterEnd(): number {
    return Date.now() + (this.state.finished ? this.deps.settings.idleCheckMs : 0);
  }

  private settle(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  private async commit(resource: EventResource, final: boolean, outcome: Parameters<typeof eventPayload>[2]): Promise<void> {
    // Agent-made data can nest deeper than `JSON.stringify` can recurse.
    const payload = this.deps.scrub(stringifyJson(eventPayload(this.deps.topic, final, outcome)));
    const unchanged = this.state.has(resource, payload);
    this.state.remember(resource, payload, { final, error: 'error' in outcome });
    if (unchanged) return;
    const { store, topic, key, settings } = this.deps;
    try {
      await store.commit(topic.taskId, { topic: key, resource, payload }, settings.keepMs);
    } catch {
      // The store failed (the hub reports it): this instance's streams still get the change.
      this.deps.deliverLocal({ topic: key, resource, payload });
    }
  }
}

import {
  eventPayload,
  isFinalGifStatus,
  isRetryableReadError,
  isTaskApiError,
  TaskApiError,
  unknownStatusInterval,
  type EventResource,
  type EventTopic,
  type GifStatus,
  type RunStatus,
  type RunStatusClass,
  type TaskClient,
} from '../client';
import { retryDelay, stringifyJson, type BackoffOptions } from '../utils';
import type { PollLimiter } from './poll-limiter';
import type { ProxyStore } from './proxy-store';

/** The hub's polling rules, shared by every poller of one proxy. */
export interface PollerSettings {
  /** Between the starts of two status requests of a topic (at least half of it after an answer). */
  statusIntervalMs: number;
  /** Between two GIF requests, once the run is over. */
  gifIntervalMs: number;
  /** How long a lease lasts unless renewed; longer than a request may take. */
  leaseMs: number;
  /** How often a topic with nothing left to poll checks whether it is still wanted. */
  idleCheckMs: number;
  /** How long a topic's state is kept after it was last wanted. */
  keepMs: number;
  /** A topic's first request waits a random 0 to this many ms, so topics named together do not poll in step. */
  firstPollJitterMs: number;
  backoff: BackoffOptions;
  random: () => number;
  /** Where a run stands: `terminal` ends its status polls, `unknown` slows them down. */
  classifyRun: (status: RunStatus) => RunStatusClass;
  /** A `Retry-After` on a 429 speaks for the whole service: no poller of the proxy requests before this time. */
  hold: { notBefore: number };
  /** Shared by every poller of the proxy: how many requests may be open at once. */
  limiter: PollLimiter;
}

export interface TopicPollerDeps {
  readonly topic: EventTopic;
  /** `topicKey(topic)`. */
  readonly key: string;
  /** This proxy instance, as the lease names it. */
  readonly owner: string;
  readonly store: ProxyStore;
  /** A client of the service itself, with the key. */
  readonly upstream: TaskClient;
  readonly settings: PollerSettings;
  /** Removes the API key from text the service sent. */
  scrub: (text: string) => string;
  /** Whether a stream of this instance names the topic now. */
  hasStreams: () => boolean;
  /** Nobody wants the topic any more: the hub forgets it. */
  onIdle: () => void;
  /** The store failed; the poller tries again at its next turn. */
  onStoreError: (error: unknown) => void;
}

/** What is polled next: the status, then once the run is over its result and its GIF; or nothing. */
type Phase = 'status' | 'result' | 'gif' | 'done' | 'halted';

const NEXT_PHASE = { status: 'result', result: 'gif', gif: 'done' } as const;

const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * The one upstream poller of a topic, shared by every stream on every instance that names it,
 * with the store's rules: one request per interval, full-jitter backoff for network
 * errors, time-outs, 408, 429 and 5xx, never sooner than `Retry-After`; a refused key (401/403)
 * or another failure retrying cannot fix stops it; a terminal run stops its status polls (then its
 * result is read once and its GIF polled until final). Only the instance holding the topic's lease
 * polls; the others follow the changes it commits, and take over when the lease lapses. It stops
 * when no stream anywhere has named the topic for the hub's idle time. Only changed data is committed.
 */
export class TopicPoller {
  private phase: Phase = 'status';
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts schedules: only the latest one may run. */
  private turn = 0;
  private controller: AbortController | undefined;
  private owning = false;
  private stopped = false;
  private failures = 0;
  private lastRequestAt = Number.NEGATIVE_INFINITY;
  private invalidatedAt = Number.NEGATIVE_INFINITY;
  /** When the first status request whose answer was `unknown` started; undefined while it is not. */
  private unknownSince: number | undefined;
  /** The payload committed last, per resource: an unchanged answer is not a change. */
  private readonly last = new Map<EventResource, string>();

  constructor(private readonly deps: TopicPollerDeps) {}

  /** Whether this instance polls the topic (holds its lease). */
  get isPolling(): boolean {
    return this.owning;
  }

  start(): void {
    this.schedule(Math.floor(this.deps.settings.random() * this.deps.settings.firstPollJitterMs));
  }

  /**
   * A stream names the topic again: after a failure it gave up on (a refused key, an unknown
   * task), the poller tries once more, never sooner than an interval after its last request.
   */
  revive(): void {
    if (this.phase !== 'halted' || this.stopped) return;
    this.phase = 'status';
    this.failures = 0;
    this.schedule(this.lastRequestAt + this.deps.settings.statusIntervalMs - Date.now());
  }

  /** An answer was accepted at `at`: a status requested before it is out of date and is not sent on. */
  invalidate(at: number): void {
    this.invalidatedAt = at;
  }

  /** Stops polling and gives the lease up, so that nobody polls sooner than this instance would have. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.turn += 1;
    clearTimeout(this.timer);
    this.controller?.abort();
    if (!this.owning) return;
    this.owning = false;
    const hold = this.lastRequestAt + this.deps.settings.statusIntervalMs - Date.now();
    await this.deps.store.releaseLease(this.deps.key, this.deps.owner, Math.max(0, Math.ceil(hold)));
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    const { hold } = this.deps.settings;
    const delay = Math.min(MAX_TIMER_DELAY_MS, Math.max(0, delayMs, hold.notBefore - Date.now()));
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

  private async tick(): Promise<void> {
    this.timer = undefined;
    const { store, key, owner, settings } = this.deps;
    try {
      if (!this.deps.hasStreams() && !(await store.isWanted(key))) {
        this.deps.onIdle();
        return;
      }
      const owns = !this.stopped && (await store.acquireLease(key, owner, settings.leaseMs));
      if (this.stopped) return;
      if (!owns) {
        // Another instance polls it; try again in case that one goes away.
        this.owning = false;
        this.schedule(settings.statusIntervalMs);
        return;
      }
      if (!this.owning) {
        this.owning = true;
        await this.catchUp();
      }
      if (this.phase === 'done' || this.phase === 'halted') this.schedule(settings.idleCheckMs);
      else await this.poll(this.phase);
    } catch (error) {
      this.deps.onStoreError(error);
      this.schedule(settings.statusIntervalMs);
    }
  }

  /** Picks up where the store says the topic stands (another instance may have polled it). */
  private async catchUp(): Promise<void> {
    for (const change of await this.deps.store.read([this.deps.key])) this.last.set(change.resource, change.payload);
    const read = (resource: EventResource) => {
      const payload = this.last.get(resource);
      return payload === undefined ? undefined : (JSON.parse(payload) as { final?: boolean; error?: unknown });
    };
    const status = read('status');
    if (status?.final !== true) this.phase = 'status';
    else if (status.error !== undefined) this.phase = 'halted';
    else if (read('result') === undefined) this.phase = 'result';
    else this.phase = read('gif')?.final === true ? 'done' : 'gif';
  }

  private async poll(resource: 'status' | 'result' | 'gif'): Promise<void> {
    const { settings } = this.deps;
    const controller = new AbortController();
    this.controller = controller;
    let startedAt = Date.now();
    let data: unknown;
    try {
      data = await settings.limiter.run(() => {
        startedAt = Date.now();
        this.lastRequestAt = startedAt;
        return this.request(resource, controller.signal);
      });
    } catch (cause) {
      if (this.stopped) return;
      await this.failed(resource, isTaskApiError(cause) ? cause : new TaskApiError(String(cause), { kind: 'network', cause }));
      return;
    } finally {
      this.controller = undefined;
    }
    if (this.stopped) return;
    const interval = resource === 'gif' ? settings.gifIntervalMs : settings.statusIntervalMs;
    if (resource === 'status' && startedAt < this.invalidatedAt) {
      // Asked before an answer was accepted: it may still show the answered call.
      this.schedule(startedAt + interval - Date.now());
      return;
    }
    this.failures = 0;
    const kind = resource === 'status' ? settings.classifyRun(data as RunStatus) : undefined;
    // A status nobody knows is not an end (the run may yet ask the person something): polled on,
    // more slowly the longer it lasts, and at the normal pace again as soon as the run is live.
    this.unknownSince = kind === 'unknown' ? (this.unknownSince ?? startedAt) : undefined;
    const wait = this.unknownSince === undefined ? interval : unknownStatusInterval(interval, startedAt - this.unknownSince);
    // An interval from one request's start to the next, so the service sees one per interval
    // however long each takes; but never sooner than half an interval after a slow answer.
    const next = Math.max(startedAt + wait, Date.now() + wait / 2) - Date.now();
    const final =
      resource === 'result' || (kind === undefined ? isFinalGifStatus(String((data as GifStatus).status)) : kind === 'terminal');
    await this.commit(resource, final, { data });
    if (!final) {
      this.schedule(next);
      return;
    }
    this.phase = NEXT_PHASE[resource];
    this.schedule(this.phase === 'done' ? settings.idleCheckMs : 0);
  }

  private async failed(resource: 'status' | 'result' | 'gif', error: TaskApiError): Promise<void> {
    const { settings } = this.deps;
    // A `success: false` answer says nothing about why: retried like a 5xx, unless it says the run is gone.
    if (error.isAuthError || !isRetryableReadError(error)) {
      await this.commit(resource, true, { error });
      // A refused key stops everything; a result that cannot be read does not stop the GIF.
      this.phase = error.isAuthError || resource === 'status' ? 'halted' : NEXT_PHASE[resource];
      this.schedule(this.phase === 'halted' || this.phase === 'done' ? settings.idleCheckMs : 0);
      return;
    }
    this.failures += 1;
    const at = Date.now();
    if (error.status === 429 && error.retryAfterMs !== undefined)
      settings.hold.notBefore = Math.max(settings.hold.notBefore, at + error.retryAfterMs);
    await this.commit(resource, false, { error });
    this.schedule(retryDelay(this.failures - 1, error.retryAfterMs, settings.backoff) - (Date.now() - at));
  }

  private request(resource: 'status' | 'result' | 'gif', signal: AbortSignal): Promise<unknown> {
    const { upstream, topic } = this.deps;
    const options = topic.runId === undefined ? { signal } : { runId: topic.runId, signal };
    if (resource === 'status') return upstream.getRunStatus(topic.taskId, options);
    if (resource === 'result') return upstream.getRunResult(topic.taskId, options);
    return upstream.getRunGif(topic.taskId, options);
  }

  private async commit(resource: EventResource, final: boolean, outcome: { data: unknown } | { error: TaskApiError }): Promise<void> {
    // Agent-made data can nest deeper than `JSON.stringify` can recurse.
    const payload = this.deps.scrub(stringifyJson(eventPayload(this.deps.topic, final, outcome)));
    if (payload === this.last.get(resource)) return;
    const { store, topic, key, settings } = this.deps;
    await store.commit(topic.taskId, { topic: key, resource, payload }, settings.keepMs);
    this.last.set(resource, payload);
  }
}

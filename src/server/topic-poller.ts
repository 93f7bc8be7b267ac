import {
  eventPayload,
  isFinalGifStatus,
  isRetryableReadError,
  isTaskApiError,
  TaskApiError,
  unknownStatusInterval,
  type EventResource,
  type GifStatus,
  type RunStatus,
} from '../client';
import { retryDelay, stringifyJson } from '../utils';
import type { StoredChange } from './proxy-store';
import { leaseMs, pendingCallSeenAt, readResource, type TopicPollerDeps } from './topic-poller-settings';

export type { PollerSettings, TopicPollerDeps } from './topic-poller-settings';

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
 *
 * When the store fails, the poller of every instance with a stream naming the topic polls it itself
 * and hands the changes to its streams directly (duplicate polls, at most one per instance, are the
 * price of never going silent). A topic that names a task without a run follows the task's latest
 * run: once its run is over it still asks for the status now and then, so a new run is never hidden
 * behind the old one's final state.
 */
export class TopicPoller {
  private phase: Phase = 'status';
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts schedules: only the latest one may run. */
  private turn = 0;
  private controller: AbortController | undefined;
  private owning = false;
  /** Polling without the lease, because the store cannot be asked. */
  private alone = false;
  /** The next turn polls even without the lease (a stream waits for the state, or the store came back). */
  private forced = false;
  /** The phase to go back to when a status asked again of a finished run is unchanged. */
  private resume: Phase | undefined;
  /** Whether the latest commit changed anything. */
  private changed = false;
  /** Every resource is committed even if this instance has seen it as the latest (the store lost it). */
  private republishing = false;
  private ticking = false;
  /** Waiting for the end of the next turn that polls. */
  private waiting: Array<() => void> = [];
  private stopped = false;
  private failures = 0;
  private lastRequestAt = Number.NEGATIVE_INFINITY;
  private invalidatedAt = Number.NEGATIVE_INFINITY;
  /** When the first status request whose answer was `unknown` started; undefined while it is not. */
  private unknownSince: number | undefined;
  /** The payload committed last, per resource: an unchanged answer is not a change. */
  private readonly last = new Map<EventResource, string>();

  constructor(private readonly deps: TopicPollerDeps) {}

  /** Whether this instance polls the topic (holds its lease, or the store cannot be asked). */
  get isPolling(): boolean {
    return this.owning || this.alone;
  }

  /**
   * Resolves once the next poll of this instance is done, or a status of the topic reached it.
   * `fill`: nobody has a state of the topic yet; polled at once if this instance may (the lease),
   * never sooner than an interval after its last request. `verify`: a finished latest-run topic is
   * asked its status again, lease or not (the task may have a new run); unchanged, the poller goes
   * back to where it was. `republish`: the store lost what was committed; polled again from the
   * status, lease or not, and every resource committed again, changed or not.
   */
  refresh(mode: 'fill' | 'verify' | 'republish'): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const { statusIntervalMs } = this.deps.settings;
    if (mode === 'verify' && this.lastRequestAt + statusIntervalMs > Date.now()) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.waiting.push(resolve));
    if (mode === 'fill') {
      if (!this.ticking) this.schedule(this.lastRequestAt + statusIntervalMs - Date.now());
      return done;
    }
    if (mode === 'republish') {
      this.last.clear();
      this.republishing = true;
      this.resume = undefined;
      this.phase = 'status';
    } else if (this.phase === 'done' || this.phase === 'halted') {
      this.resume = this.phase;
      this.phase = 'status';
    }
    this.failures = 0;
    this.forced = true;
    // Every run of every instance is republished at once after an outage: spread over an interval.
    if (!this.ticking) this.schedule(mode === 'republish' ? Math.floor(this.deps.settings.random() * statusIntervalMs) : 0);
    return done;
  }

  /** A change of the topic reached this instance: a running status of a finished topic means a new run to poll. */
  observe(change: StoredChange): void {
    if (change.resource === 'status') this.settle();
    if (change.resource !== 'status' || (this.phase !== 'done' && this.phase !== 'halted') || this.stopped) return;
    let final: unknown;
    try {
      final = (JSON.parse(change.payload) as { final?: unknown }).final;
    } catch {
      return;
    }
    if (final === true) return;
    this.phase = 'status';
    this.resume = undefined;
    this.schedule(this.lastRequestAt + this.deps.settings.statusIntervalMs - Date.now());
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
    this.settle();
    this.alone = false;
    if (!this.owning) return;
    this.owning = false;
    const hold = this.lastRequestAt + this.deps.settings.statusIntervalMs - Date.now();
    await this.deps.store.releaseLease(this.deps.key, this.deps.owner, Math.max(0, Math.ceil(hold)));
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    const { hold, statusIntervalMs } = this.deps.settings;
    const delay = Math.min(MAX_TIMER_DELAY_MS, Math.max(0, delayMs, hold.notBefore - Date.now()));
    // The lease outlasts the next turn by one interval, however far off it is (a GIF's pace, a
    // backoff, an idle check): another instance takes over at most an interval after this one
    // would have polled, and never while this one is only waiting.
    if (this.owning && delay > statusIntervalMs) this.renewLease(delay + statusIntervalMs);
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
    this.ticking = true;
    try {
      await this.turnOnce();
    } finally {
      this.ticking = false;
      // A refresh asked for while this turn was busy with the store: its poll is due now.
      if (this.forced && this.timer === undefined && !this.stopped) this.schedule(0);
    }
  }

  private async turnOnce(): Promise<void> {
    this.timer = undefined;
    const { store, key, owner, settings } = this.deps;
    let lease: boolean | number | 'unknown';
    try {
      if (!this.deps.hasStreams() && !this.forced && !(await store.isWanted(key))) {
        this.deps.onIdle();
        return;
      }
      lease = !this.stopped && (await store.acquireLease(key, owner, leaseMs(settings)));
    } catch {
      // The store failed (the hub reports it): whoever has a stream here polls for it.
      lease = 'unknown';
    }
    if (this.stopped) return;
    const forced = this.forced;
    this.forced = false;
    if (lease !== true && (lease !== 'unknown' || !this.deps.hasStreams())) {
      // Another instance polls it (or nobody here needs it); try again in case that one goes away,
      // right as its lease lapses when the store says when.
      this.owning = false;
      this.alone = false;
      if (!forced) {
        this.schedule(typeof lease === 'number' ? Math.min(settings.statusIntervalMs, lease + 1) : settings.statusIntervalMs);
        return;
      }
    }
    const wasPolling = this.owning || this.alone;
    if (lease === true && !this.owning) {
      this.owning = true;
      this.alone = false;
      if (!forced) await this.catchUp();
    } else if (lease === 'unknown' && this.deps.hasStreams()) {
      this.owning = false;
      this.alone = true;
      if (!wasPolling && !forced) this.catchUpFrom(this.deps.known(), false);
    }
    if (this.stopped) return;
    try {
      if (this.phase === 'done' || this.phase === 'halted') {
        // A finished latest-run topic asks its status now and then: the task may have a new run.
        if (this.phase === 'done' && this.deps.topic.runId === undefined && this.lastRequestAt + settings.idleCheckMs <= Date.now()) {
          this.resume = this.phase;
          this.phase = 'status';
        } else {
          this.schedule(settings.idleCheckMs);
          return;
        }
      }
      const resume = this.resume;
      this.resume = undefined;
      this.changed = false;
      await this.poll(this.phase);
      // `poll` moved the phase on (the type checker cannot see it).
      const after = this.phase as Phase;
      if (after === 'status' || after === 'done' || after === 'halted') this.republishing = false;
      if (resume !== undefined && !this.changed && !this.stopped) {
        this.phase = resume;
        this.schedule(settings.idleCheckMs);
      }
    } catch {
      // Nothing here should throw; if it does, the topic is polled again rather than forgotten.
      this.schedule(settings.statusIntervalMs);
    } finally {
      this.settle();
    }
  }

  private settle(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /** Picks up where the store says the topic stands (another instance may have polled it). */
  private async catchUp(): Promise<void> {
    try {
      this.catchUpFrom(await this.deps.store.read([this.deps.key]), true);
    } catch {
      this.catchUpFrom(this.deps.known(), false);
    }
  }

  private catchUpFrom(changes: readonly StoredChange[], fromStore: boolean): void {
    // What the store no longer holds is committed again, even if this instance committed it before.
    this.last.clear();
    for (const change of changes) this.last.set(change.resource, change.payload);
    const read = (resource: EventResource) => {
      const payload = this.last.get(resource);
      return payload === undefined ? undefined : (JSON.parse(payload) as { final?: boolean; error?: unknown });
    };
    const status = read('status');
    // A run still going that another instance polled: taken over (a finished one is only looked after).
    if (fromStore && status !== undefined && status.final !== true) this.deps.onTookOver();
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
    // A slow answer, or a wait for a place among the proxy's open requests, must not cost the
    // lease: another instance would start polling the same run.
    const renewal = setInterval(() => this.renewLease(leaseMs(settings)), Math.max(50, Math.floor(leaseMs(settings) / 3)));
    (renewal as { unref?: () => void }).unref?.();
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
      clearInterval(renewal);
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
    await this.commit(resource, final, { data, toolCallSeenAt: await pendingCallSeenAt(this.deps, resource, data) });
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

  private async request(resource: 'status' | 'result' | 'gif', signal: AbortSignal): Promise<unknown> {
    const { upstream, topic } = this.deps;
    const options = topic.runId === undefined ? { signal } : { runId: topic.runId, signal };
    try {
      const data = await readResource(upstream, topic.taskId, resource, options);
      this.deps.onRequest();
      return data;
    } catch (error) {
      if (!signal.aborted) this.deps.onRequest(error);
      throw error;
    }
  }

  private renewLease(ttlMs: number): void {
    if (this.owning) this.deps.store.acquireLease(this.deps.key, this.deps.owner, ttlMs).catch(() => undefined);
  }

  private async commit(resource: EventResource, final: boolean, outcome: Parameters<typeof eventPayload>[2]): Promise<void> {
    // Agent-made data can nest deeper than `JSON.stringify` can recurse.
    const payload = this.deps.scrub(stringifyJson(eventPayload(this.deps.topic, final, outcome)));
    if (payload === this.last.get(resource)) return;
    // What this instance already has as the latest (another instance committed it) is no change.
    if (!this.republishing && this.deps.known().some((change) => change.resource === resource && change.payload === payload)) {
      this.last.set(resource, payload);
      return;
    }
    const { store, topic, key, settings } = this.deps;
    this.changed = true;
    try {
      await store.commit(topic.taskId, { topic: key, resource, payload }, settings.keepMs);
    } catch {
      // The store failed (the hub reports it): this instance's streams still get the change.
      this.deps.deliverLocal({ topic: key, resource, payload });
    }
    this.last.set(resource, payload);
  }
}

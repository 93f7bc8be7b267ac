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
  type GifStatus,
  type RunStatus,
} from '../client';
import { stringifyJson } from '../utils';
import type { StoredChange } from './proxy-store';
import { leaseMs, pendingCallSeenAt, readResource, type TopicPollerDeps } from './topic-poller-settings';

export type { PollerSettings, TopicPollerDeps } from './topic-poller-settings';

/** What is polled next: the status, then once the run is over its result and its GIF; or nothing. */
type Phase = EventResource | 'done' | 'halted';

const NEXT_PHASE = { status: 'result', result: 'gif', gif: 'done' } as const;

/**
 * The one upstream poller of a topic, shared by every stream on every instance that names it. When
 * it asks again is the store's polling policy (`src/client`: the interval from a request's start,
 * backoff, `Retry-After`, the unknown-status slow-down, the proxy's `PollGate`); its own are the
 * lease and publishing. A refused key or a failure retrying cannot fix stops it; a terminal run
 * stops its status polls (then its result is read once and its GIF polled until final). Only the
 * instance holding the topic's lease polls; the others follow the changes it commits, and take over
 * when the lease lapses. It stops when no stream anywhere has named the topic for the hub's idle
 * time. Only changed data is committed.
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
  /** Why this instance polls the topic: it holds the lease, or the store cannot be asked. */
  private role: 'lease' | 'alone' | undefined;
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
  private unknownSince: number | undefined;
  /** The payload committed last, per resource: an unchanged answer is not a change. */
  private readonly last = new Map<EventResource, string>();

  constructor(private readonly deps: TopicPollerDeps) {}

  /** Whether this instance polls the topic (holds its lease, or the store cannot be asked). */
  get isPolling(): boolean {
    return this.role !== undefined;
  }

  private get finished(): boolean {
    return this.phase === 'done' || this.phase === 'halted';
  }

  /** A status interval after the last request's start. */
  private get intervalEnd(): number {
    return this.lastRequestAt + this.deps.settings.statusIntervalMs;
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
    if (this.stopped || (mode === 'verify' && this.intervalEnd > Date.now())) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.waiting.push(resolve));
    if (mode === 'fill') {
      if (!this.ticking) this.schedule(this.intervalEnd);
      return done;
    }
    if (mode === 'republish') {
      this.last.clear();
      this.republishing = true;
      this.resume = undefined;
      this.phase = 'status';
    } else if (this.finished) {
      this.resume = this.phase;
      this.phase = 'status';
    }
    this.failures = 0;
    this.forced = true;
    const { statusIntervalMs, random } = this.deps.settings;
    // Every run of every instance is republished at once after an outage: spread over an interval.
    if (!this.ticking) this.schedule(Date.now() + (mode === 'republish' ? firstPollDelay(statusIntervalMs, random) : 0));
    return done;
  }

  /** A change of the topic reached this instance: a running status of a finished topic means a new run to poll. */
  observe(change: StoredChange): void {
    if (change.resource !== 'status') return;
    this.settle();
    if (!this.finished || this.stopped) return;
    let final: unknown = true;
    try {
      final = (JSON.parse(change.payload) as { final?: unknown }).final;
    } catch {
      // Unreadable: no sign of a new run.
    }
    if (final === true) return;
    this.phase = 'status';
    this.resume = undefined;
    this.schedule(this.intervalEnd);
  }

  start(): void {
    const { firstPollJitterMs, random } = this.deps.settings;
    this.schedule(Date.now() + firstPollDelay(firstPollJitterMs, random));
  }

  /**
   * A stream names the topic again: after a failure it gave up on (a refused key, an unknown
   * task), the poller tries once more, never sooner than an interval after its last request.
   */
  revive(): void {
    if (this.phase !== 'halted' || this.stopped) return;
    this.phase = 'status';
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
    this.turn += 1;
    clearTimeout(this.timer);
    this.controller?.abort();
    this.settle();
    const owned = this.role === 'lease';
    this.role = undefined;
    if (owned) await this.deps.store.releaseLease(this.deps.key, this.deps.owner, Math.max(0, Math.ceil(this.intervalEnd - Date.now())));
  }

  /** The next turn at `at` (ms since the epoch), and never while the service holds every poll. */
  private schedule(at: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    const { gate, statusIntervalMs } = this.deps.settings;
    const delay = timerDelay(Math.max(at, gate.heldUntil));
    // The lease outlasts the next turn by one interval, however far off it is (a GIF's pace, a
    // backoff, an idle check): another instance takes over at most an interval after this one
    // would have polled, and never while this one is only waiting.
    if (this.role === 'lease' && delay > statusIntervalMs) this.renewLease(delay + statusIntervalMs);
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
    // Due since the service asked every poll to wait (a 429): waited out here, not in the gate's
    // line, where each poll would keep renewing its lease until the end of the hold.
    if (this.deps.settings.gate.heldUntil > Date.now()) {
      this.schedule(Date.now());
      return;
    }
    this.ticking = true;
    this.timer = undefined;
    try {
      if (await this.claim()) await this.turnOnce();
    } finally {
      this.ticking = false;
      // A refresh asked for while this turn was busy with the store: its poll is due now.
      if (this.forced && this.timer === undefined && !this.stopped) this.schedule(Date.now());
    }
  }

  /** Whether this turn polls: the topic is wanted and this instance holds its lease, or must poll without. */
  private async claim(): Promise<boolean> {
    const { store, key, owner, settings } = this.deps;
    let lease: boolean | number | 'unknown';
    try {
      if (!this.deps.hasStreams() && !this.forced && !(await store.isWanted(key))) {
        this.deps.onIdle();
        return false;
      }
      lease = !this.stopped && (await store.acquireLease(key, owner, leaseMs(settings)));
    } catch {
      // The store failed (the hub reports it): whoever has a stream here polls for it.
      lease = 'unknown';
    }
    if (this.stopped) return false;
    const forced = this.forced;
    const was = this.role;
    this.forced = false;
    this.role = lease === true ? 'lease' : lease === 'unknown' && this.deps.hasStreams() ? 'alone' : undefined;
    if (this.role === undefined && !forced) {
      // Another instance polls it (or nobody here needs it); try again in case that one goes away,
      // right as its lease lapses when the store says when.
      const { statusIntervalMs } = settings;
      this.schedule(Date.now() + (typeof lease === 'number' ? Math.min(statusIntervalMs, lease + 1) : statusIntervalMs));
      return false;
    }
    if (this.role === 'lease' && was !== 'lease' && !forced) await this.catchUp();
    if (this.role === 'alone' && was === undefined && !forced) this.catchUpFrom(this.deps.known(), false);
    return !this.stopped;
  }

  private async turnOnce(): Promise<void> {
    const { settings } = this.deps;
    try {
      if (this.finished) {
        // A finished latest-run topic asks its status now and then: the task may have a new run.
        if (this.phase === 'halted' || this.deps.topic.runId !== undefined || this.lastRequestAt + settings.idleCheckMs > Date.now()) {
          this.schedule(Date.now() + settings.idleCheckMs);
          return;
        }
        this.resume = this.phase;
        this.phase = 'status';
      }
      const resume = this.resume;
      this.resume = undefined;
      this.changed = false;
      await this.poll(this.phase as EventResource);
      // `poll` moved the phase on (the type checker cannot see it).
      if (this.phase !== ('result' as Phase) && this.phase !== ('gif' as Phase)) this.republishing = false;
      if (resume !== undefined && !this.changed && !this.stopped) {
        this.phase = resume;
        this.schedule(Date.now() + settings.idleCheckMs);
      }
    } catch {
      // Nothing here should throw; if it does, the topic is polled again rather than forgotten.
      this.schedule(Date.now() + settings.statusIntervalMs);
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

  private async poll(resource: EventResource): Promise<void> {
    const { settings } = this.deps;
    const controller = (this.controller = new AbortController());
    let data: unknown;
    // A slow answer, or a wait for a place among the proxy's open requests, must not cost the
    // lease: another instance would start polling the same run.
    const renewal = setInterval(() => this.renewLease(leaseMs(settings)), Math.max(50, Math.floor(leaseMs(settings) / 3)));
    (renewal as { unref?: () => void }).unref?.();
    try {
      data = await throughGate(settings.gate, () => this.request(resource, controller.signal), controller.signal);
    } catch (cause) {
      if (!this.stopped)
        await this.failed(resource, isTaskApiError(cause) ? cause : new TaskApiError(String(cause), { kind: 'network', cause }));
      return;
    } finally {
      clearInterval(renewal);
      this.controller = undefined;
    }
    if (this.stopped) return;
    const startedAt = this.lastRequestAt;
    const interval = resource === 'gif' ? settings.gifIntervalMs : settings.statusIntervalMs;
    if (resource === 'status' && startedAt < this.invalidatedAt) {
      // Asked before an answer was accepted: it may still show the answered call.
      this.schedule(startedAt + interval);
      return;
    }
    this.failures = 0;
    const kind = resource === 'status' ? settings.classifyRun(data as RunStatus) : undefined;
    // A status nobody knows is not an end (the run may yet ask the person something).
    this.unknownSince = unknownSince(this.unknownSince, kind === 'unknown', startedAt);
    const due = nextPollAt(startedAt, interval, this.unknownSince);
    const final =
      resource === 'result' || (kind === undefined ? isFinalGifStatus(String((data as GifStatus).status)) : kind === 'terminal');
    await this.commit(resource, final, { data, toolCallSeenAt: await pendingCallSeenAt(this.deps, resource, data) });
    if (final) {
      this.phase = NEXT_PHASE[resource];
      this.schedule(Date.now() + (this.phase === 'done' ? settings.idleCheckMs : 0));
    } else {
      // Never sooner than half an interval after a slow answer: a busy service gets a rest.
      this.schedule(Math.max(due, Date.now() + (due - startedAt) / 2));
    }
  }

  private async failed(resource: EventResource, error: TaskApiError): Promise<void> {
    const { settings } = this.deps;
    const plan = planRetry(error, this.failures, Date.now(), settings.backoff);
    if (plan.stop === false) {
      this.failures += 1;
      if (plan.holdUntil !== undefined) settings.gate.holdUntil(plan.holdUntil);
      await this.commit(resource, false, { error });
      this.schedule(plan.retryAt);
      return;
    }
    await this.commit(resource, true, { error });
    // A refused key stops everything; a result that cannot be read does not stop the GIF.
    this.phase = plan.stop === 'auth' || resource === 'status' ? 'halted' : NEXT_PHASE[resource];
    this.schedule(Date.now() + (this.finished ? settings.idleCheckMs : 0));
  }

  /** One request to the service, its outcome counted; its start is the poll's. */
  private async request(resource: EventResource, signal: AbortSignal): Promise<unknown> {
    this.lastRequestAt = Date.now();
    try {
      const data = await readResource(this.deps.upstream, this.deps.topic, resource, signal);
      this.deps.onRequest();
      return data;
    } catch (error) {
      if (!signal.aborted) this.deps.onRequest(error);
      throw error;
    }
  }

  private renewLease(ttlMs: number): void {
    if (this.role === 'lease') this.deps.store.acquireLease(this.deps.key, this.deps.owner, ttlMs).catch(() => undefined);
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

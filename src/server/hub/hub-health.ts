import { isTaskApiError } from '../../client';
import { describeError, type TaskProxyLogger } from '../logger';

/** How an upstream request of the hub failed, as an operator charts it. */
export type UpstreamFailureKind = 'refused' | 'unreachable' | 'unusable' | 'rateLimited' | 'other';

/** Upstream failures that are one condition of the whole service, logged when they start and when they end. */
const CONDITIONS = {
  refused: { level: 'error', text: 'the task service refuses the API key (HTTP 401/403): events show the error until the key is fixed' },
  unreachable: { level: 'warn', text: 'the task service cannot be reached or fails (network error, time-out or 5xx); the hub retries' },
  unusable: { level: 'warn', text: 'the task service answers data the proxy cannot use' },
} as const;

type Condition = keyof typeof CONDITIONS;

/** Counters and states of one hub, for `proxy.stats()`. */
export interface HubHealthStats {
  readonly upstreamRequests: number;
  readonly upstreamFailures: Readonly<Record<UpstreamFailureKind, number>>;
  /** Store calls that failed, of which `storeTimeouts` only for being slow while the store answered others. */
  readonly storeErrors: number;
  readonly storeTimeouts: number;
  readonly degraded: boolean;
  readonly takenOver: number;
}

interface HubHealthOptions {
  logger: TaskProxyLogger;
  /** A condition of the service ends once requests succeed this long after its last failure, so a flaky service is one line, not one per failure. */
  quietMs: number;
  /** Called with every store error as it happens (the log says only when the store fails and recovers). */
  onStoreError: (error: unknown) => void;
  /** The store failed while it was working: the hub polls on its own and tells its streams. */
  onDegraded: () => void;
  /** The store works again after a failure: the hub re-polls and re-publishes. */
  onRecovered: () => void;
}

/** Classifies an upstream failure. */
function upstreamFailureKind(error: unknown): UpstreamFailureKind {
  if (!isTaskApiError(error)) return 'unreachable';
  if (error.isAuthError) return 'refused';
  if (error.status === 429) return 'rateLimited';
  if (error.kind === 'network' || error.kind === 'timeout' || (error.status !== undefined && error.status >= 500)) return 'unreachable';
  if (error.kind === 'parse' || error.kind === 'api') return 'unusable';
  return 'other';
}

/**
 * What the hub tells an operator: one log line when the service refuses the key, cannot be
 * reached or answers unusable data, and when that ends; one when the shared store fails and when
 * it works again; one per batch of runs taken over from another instance. Never one per poll.
 */
export class HubHealth {
  private requests = 0;
  private readonly failures: Record<UpstreamFailureKind, number> = { refused: 0, unreachable: 0, unusable: 0, rateLimited: 0, other: 0 };
  /** The conditions in force: since when, their last failure and how many failed requests they counted. */
  private readonly active = new Map<Condition, { since: number; lastFailureAt: number; failures: number }>();
  private storeErrors = 0;
  private storeTimeouts = 0;
  private degraded = false;
  private takenOver = 0;
  private takeOvers = 0;
  private takeOverTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: HubHealthOptions) {}

  get isDegraded(): boolean {
    return this.degraded;
  }

  stats(): HubHealthStats {
    return {
      upstreamRequests: this.requests,
      upstreamFailures: { ...this.failures },
      storeErrors: this.storeErrors,
      storeTimeouts: this.storeTimeouts,
      degraded: this.degraded,
      takenOver: this.takenOver,
    };
  }

  upstreamSucceeded(): void {
    this.requests += 1;
    if (this.active.size === 0) return;
    const now = Date.now();
    for (const [condition, state] of this.active) {
      if (now - state.lastFailureAt < this.options.quietMs) continue;
      this.active.delete(condition);
      this.options.logger.info(
        `the task service works again (was ${condition} for ${Math.round((state.lastFailureAt - state.since) / 1000)} s, ${state.failures} failed request${state.failures === 1 ? '' : 's'})`,
      );
    }
  }

  upstreamFailed(error: unknown): void {
    this.requests += 1;
    const kind = upstreamFailureKind(error);
    this.failures[kind] += 1;
    if (kind !== 'refused' && kind !== 'unreachable' && kind !== 'unusable') return;
    const now = Date.now();
    const state = this.active.get(kind);
    if (state !== undefined) {
      state.lastFailureAt = now;
      state.failures += 1;
      return;
    }
    this.active.set(kind, { since: now, lastFailureAt: now, failures: 1 });
    const { level, text } = CONDITIONS[kind];
    this.options.logger[level](`${text}: ${describeError(error)}`);
  }

  storeFailed(error: unknown): void {
    this.storeErrors += 1;
    try {
      this.options.onStoreError(error);
    } catch {
      // The caller's handler must not stop the hub.
    }
    if (this.degraded) return;
    this.degraded = true;
    this.options.logger.error(
      `the proxy store failed (${describeError(error)}): this instance now polls the runs its streams name itself, until the store works again`,
    );
    this.options.onDegraded();
  }

  /** A store call failed for being slow while the store answered others: counted and passed on, no degraded state. */
  storeSlow(error: unknown): void {
    this.storeErrors += 1;
    this.storeTimeouts += 1;
    try {
      this.options.onStoreError(error);
    } catch {
      // The caller's handler must not stop the hub.
    }
  }

  storeSucceeded(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.options.logger.info('the proxy store works again: this instance re-polls its runs and shares them through the store again');
    this.options.onRecovered();
  }

  /** This instance took the lease of a run another instance was polling; logged once per second at most, as a count. */
  tookOver(): void {
    this.takenOver += 1;
    this.takeOvers += 1;
    if (this.takeOverTimer !== undefined) return;
    this.takeOverTimer = setTimeout(() => {
      this.takeOverTimer = undefined;
      const count = this.takeOvers;
      this.takeOvers = 0;
      this.options.logger.info(
        `this instance took over polling ${count} run${count === 1 ? '' : 's'} another instance was polling (its lease lapsed)`,
      );
    }, 1000);
    (this.takeOverTimer as { unref?: () => void }).unref?.();
  }

  close(): void {
    clearTimeout(this.takeOverTimer);
  }
}

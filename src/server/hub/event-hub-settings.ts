import type { PollGate, RunStatus, RunStatusClass, TaskClient } from '../../client';
import type { BackoffOptions } from '../../utils';
import type { HubHealthStats } from './hub-health';
import type { TaskProxyLogger } from '../logger';
import type { ProxyStore } from '../stores/proxy-store';
import type { ToolCallClock } from '../forward/tool-call-clock';

/** The hub's polling rules, shared by every poller of one proxy. */
export interface PollerSettings {
  /** Between the starts of two status requests of a topic (at least half of it after an answer). */
  statusIntervalMs: number;
  /**
   * Between the starts of two status requests of a topic that only a watch follows (a task created
   * through the proxy, with notifications, that no stream names anywhere): at least `statusIntervalMs`.
   */
  watchIntervalMs: number;
  /** Between two GIF requests, once the run is over. */
  gifIntervalMs: number;
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
  /** Shared by every poller of the proxy: how many requests may be open at once, and a 429's hold of them all. */
  gate: PollGate;
}

/** What the hub needs besides its store: how to reach the service, and its rules. */
export interface EventHubSettings {
  store: ProxyStore;
  upstream: TaskClient;
  scrub: (text: string) => string;
  poller: Omit<PollerSettings, 'gate'>;
  /** Most upstream polls open at once. */
  maxConcurrentPolls: number;
  /** A topic no stream has named for this long is no longer polled. */
  idleMs: number;
  heartbeatMs: number;
  maxBufferedBytes: number;
  /** Longest wait for one store call; past it the store counts as failed. */
  storeTimeoutMs: number;
  /** Longest wait of a new stream for a state nobody has yet, before `ready`. */
  readyWaitMs: number;
  /** Called with every store error; the hub carries on (it polls on its own until the store works again). */
  onStoreError: (error: unknown) => void;
  logger: TaskProxyLogger;
  /** Most topics this instance follows at once; a stream that would add more is answered 429. Default: no limit. */
  maxPollers?: number;
  /** When the proxy first saw each pending tool call, shared with the status GETs it forwards. */
  toolCalls: Pick<ToolCallClock, 'seen'>;
}

/** What the hub is doing now, for monitoring and tests: counters only grow, the rest is the state now. */
export interface EventHubStats extends HubHealthStats {
  /** Open event streams of this instance. */
  readonly streams: number;
  /** Topics this instance follows (some stream names them, or did within the idle time). */
  readonly topics: number;
  /** Of those, the topics this instance polls (it holds their lease, or the store failed). */
  readonly polling: number;
  /** Streams dropped since the start because their client did not read. */
  readonly dropped: number;
}

/** The stats of a proxy without a hub (events off, or not configured yet). */
export const NO_HUB_STATS: EventHubStats = Object.freeze({
  streams: 0,
  topics: 0,
  polling: 0,
  dropped: 0,
  upstreamRequests: 0,
  upstreamFailures: Object.freeze({ refused: 0, unreachable: 0, unusable: 0, rateLimited: 0, other: 0 }),
  storeErrors: 0,
  storeTimeouts: 0,
  degraded: false,
  takenOver: 0,
});

import type { EventResource, EventTopic, PollGate, RunStatus, RunStatusClass, TaskClient, ToolCall } from '../client';
import type { BackoffOptions } from '../utils';
import type { ProxyStore, StoredChange } from './proxy-store';

/** The hub's polling rules, shared by every poller of one proxy. */
export interface PollerSettings {
  /** Between the starts of two status requests of a topic (at least half of it after an answer). */
  statusIntervalMs: number;
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

export interface TopicPollerDeps {
  readonly topic: EventTopic;
  /** `topicKey(topic)`. */
  readonly key: string;
  /** This proxy instance, as the lease names it. */
  readonly owner: string;
  /** The shared store, every call bounded in time (`guardStore`). */
  readonly store: Pick<ProxyStore, 'acquireLease' | 'releaseLease' | 'isWanted' | 'commit' | 'read'>;
  /** A client of the service itself, with the key. */
  readonly upstream: TaskClient;
  readonly settings: PollerSettings;
  /** Removes the API key from text the service sent. */
  scrub: (text: string) => string;
  /** Whether a stream of this instance names the topic now. */
  hasStreams: () => boolean;
  /** Nobody wants the topic any more: the hub forgets it. */
  onIdle: () => void;
  /** The latest changes of the topic this instance has seen, for when the store cannot say. */
  known: () => readonly StoredChange[];
  /** The store could not take a change: hand it to this instance's streams directly. */
  deliverLocal: (change: Pick<StoredChange, 'topic' | 'resource' | 'payload'>) => void;
  /** Every upstream request's outcome, for the hub's counters and log. */
  onRequest: (error?: unknown) => void;
  /** This instance took the lease while the store held another instance's state of the topic. */
  onTookOver: () => void;
  /** A status shows `toolCall` pending at `at`: when the proxy first saw it (ms since the epoch). */
  toolCallSeen: (taskId: string, toolCallId: string, at: number, toolCall?: ToolCall) => Promise<number>;
}

/**
 * A lease taken at a turn lasts two status intervals: the poll and the next turn an interval later,
 * with an interval to spare. So another instance takes over a run within two intervals of its
 * holder's last turn (it is told when the lease lapses), and no sooner.
 */
export const leaseMs = (settings: PollerSettings): number => 2 * settings.statusIntervalMs;

/** One read of a topic's resource from the service. */
export function readResource(
  upstream: TaskClient,
  { taskId, runId }: EventTopic,
  resource: EventResource,
  signal: AbortSignal,
): Promise<unknown> {
  const options = runId === undefined ? { signal } : { runId, signal };
  if (resource === 'status') return upstream.getRunStatus(taskId, options);
  if (resource === 'result') return upstream.getRunResult(taskId, options);
  return upstream.getRunGif(taskId, options);
}

/** When the proxy first saw the pending call of `data`, a status read just now; `undefined` for anything else. */
export function pendingCallSeenAt(deps: TopicPollerDeps, resource: EventResource, data: unknown): Promise<number | undefined> {
  const toolCall = resource === 'status' ? ((data as RunStatus).toolCall ?? undefined) : undefined;
  return toolCall?.toolCallId === undefined
    ? Promise.resolve(undefined)
    : deps.toolCallSeen(deps.topic.taskId, toolCall.toolCallId, Date.now(), toolCall);
}

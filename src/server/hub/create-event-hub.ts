import { createRunStatusClassifier, createTaskClient } from '../../client';
import { DEFAULT_RETRY_BASE_MS, DEFAULT_RETRY_CAP_MS } from '../../utils';
import { EventHub } from './event-hub';
import type { TaskProxyLogger } from '../logger';
import type { ProxyStore } from '../stores/proxy-store';
import type { ToolCallClock } from '../forward/tool-call-clock';
import { TASK_PROXY_DEFAULTS, type TaskProxyEventOptions } from '../task-proxy-options';

/** What the proxy hands its hub. */
interface EventHubInput {
  upstream: string;
  apiKey: string;
  /** The proxy's time-out of one upstream request; 0 disables it. */
  timeoutMs: number;
  /** The proxy's `fetch` to the upstream, redirects not followed. */
  fetch: (request: Request) => Promise<Response>;
  scrub: (text: string) => string;
  store: ProxyStore;
  onStoreError: (error: unknown) => void;
  logger: TaskProxyLogger;
  events: TaskProxyEventOptions;
  /** Most runs the hub follows at once. */
  maxPollers?: number;
  toolCalls: Pick<ToolCallClock, 'seen'>;
  /** Between two status requests of a run only a watch follows; at least the status interval. */
  watchIntervalMs: number;
}

/** The hub of a proxy, its options resolved to their defaults. */
export function createEventHub(input: EventHubInput): EventHub {
  const { events } = input;
  const status = events.pollIntervalMs?.status ?? TASK_PROXY_DEFAULTS.pollIntervalMs.status;
  const gif = events.pollIntervalMs?.gif ?? TASK_PROXY_DEFAULTS.pollIntervalMs.gif;
  const idleMs = events.idleMs ?? TASK_PROXY_DEFAULTS.idleMs;
  const random = events.random ?? Math.random;
  const idleCheckMs = Math.max(1000, Math.floor(idleMs / 3));
  return new EventHub({
    store: input.store,
    // The hub reads the service as the browser client does: the same checks, the same errors.
    upstream: createTaskClient({ baseUrl: input.upstream, apiKey: input.apiKey, fetch: input.fetch, timeoutMs: input.timeoutMs }),
    scrub: input.scrub,
    idleMs,
    heartbeatMs: events.heartbeatMs ?? TASK_PROXY_DEFAULTS.heartbeatMs,
    maxBufferedBytes: events.maxBufferedBytes ?? TASK_PROXY_DEFAULTS.maxBufferedBytes,
    maxConcurrentPolls: events.maxConcurrentPolls ?? TASK_PROXY_DEFAULTS.maxConcurrentPolls,
    onStoreError: input.onStoreError,
    logger: input.logger,
    // A store that does not answer within this counts as failed: streams and polls do not wait on it longer.
    storeTimeoutMs: Math.min(5000, Math.max(1000, status)),
    readyWaitMs: Math.max(1000, 2 * status),
    maxPollers: input.maxPollers,
    toolCalls: input.toolCalls,
    poller: {
      statusIntervalMs: status,
      watchIntervalMs: Math.max(status, input.watchIntervalMs),
      gifIntervalMs: gif,
      idleCheckMs,
      keepMs: Math.max(10 * 60_000, idleMs),
      firstPollJitterMs: events.firstPollJitterMs ?? TASK_PROXY_DEFAULTS.firstPollJitterMs,
      backoff: { baseMs: events.retryBaseMs ?? DEFAULT_RETRY_BASE_MS, capMs: events.retryCapMs ?? DEFAULT_RETRY_CAP_MS, random },
      random,
      classifyRun: createRunStatusClassifier({
        nonTerminalRunStatuses: events.nonTerminalRunStatuses,
        terminalRunStatuses: events.terminalRunStatuses,
      }),
    },
  });
}

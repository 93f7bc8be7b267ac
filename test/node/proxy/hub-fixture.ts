/**
 * The event hub in process: the simulated service (its clock is the fake one), a proxy in front of
 * it, and a reader of the proxy's event streams. For the hub's tests, which drive intervals with
 * fake timers.
 */
import { ServerSentEventParser, type ServerSentEvent } from '../../../src/client';
import { createTaskProxy, type TaskProxy, type TaskProxyOptions } from '../../../src/server';
import {
  createSimulatedService,
  DEFAULT_SIMULATOR_API_KEY,
  SIMULATOR_ORIGIN,
  type Scenario,
  type SimulatedService,
} from '../../../src/testing';

export const PROXY = 'http://proxy.test/api/hitl';

/** A run that stays on one page for an hour, then asks nothing. */
export const WATCH_SCENARIO: Scenario = {
  name: 'watch',
  description: 'Stays on one page for an hour.',
  keywords: ['watch'],
  steps: [{ type: 'page', title: 'Waiting', url: 'https://shop.example.com/', durationMs: 3_600_000 }],
  result: { summary: 'Done.' },
};

/** A run that asks for a code after 3 s, then works for an hour. */
export const ASKING_SCENARIO: Scenario = {
  name: 'asking',
  description: 'Asks for a code after 3 s.',
  keywords: ['ask'],
  steps: [
    { type: 'page', title: 'Start', url: 'https://shop.example.com/', durationMs: 3000 },
    { type: 'tool_call', tool: 'form_input', parameters: { heading: 'Code', fields: [{ type: 'text', label: 'Code' }] } },
    { type: 'page', title: 'Working', url: 'https://shop.example.com/w', durationMs: 3_600_000 },
  ],
  result: { summary: 'Done.' },
};

export interface Hub {
  service: SimulatedService;
  proxy: TaskProxy;
  /** Opens a stream of the proxy (`query` after `/events?`), with request headers. */
  open(query: string, headers?: Record<string, string>): Promise<Response>;
  /** Status GETs the service received, for `taskId` or all. */
  statusRequests(taskId?: string): number;
  close(): Promise<void>;
}

export function startHub(options: Partial<TaskProxyOptions> = {}, scenarios: Scenario[] = [WATCH_SCENARIO]): Hub {
  const service = createSimulatedService({ seed: 'hub', scenarios, defaultScenario: scenarios[0]?.name });
  const proxy = createTaskProxy({
    upstream: SIMULATOR_ORIGIN,
    apiKey: DEFAULT_SIMULATOR_API_KEY,
    basePath: '/api/hitl',
    fetch: (request) => service.fetch(request),
    ...options,
    events: options.events === false ? false : { firstPollJitterMs: 0, random: () => 0.5, ...options.events },
  });
  const controllers: AbortController[] = [];
  return {
    service,
    proxy,
    open(query, headers = {}) {
      const controller = new AbortController();
      controllers.push(controller);
      return proxy(new Request(`${PROXY}/events?${query}`, { headers, signal: controller.signal }));
    },
    statusRequests: (taskId) =>
      service.requests.filter((request) => request.path.endsWith('/run/status') && (taskId === undefined || request.path.includes(taskId)))
        .length,
    async close() {
      for (const controller of controllers) controller.abort();
      await proxy.close();
    },
  };
}

/** Reads a stream as it comes: its events (with the id in force), its comments, and whether it ended. */
export function readStream(response: Response) {
  const events: ServerSentEvent[] = [];
  const comments: string[] = [];
  const parser = new ServerSentEventParser({ onEvent: (event) => events.push(event), onComment: (text) => comments.push(text) });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const state = { ended: false as boolean | 'error' };
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(value);
      }
      state.ended = true;
    } catch {
      state.ended = 'error';
    }
  })();
  return {
    events,
    comments,
    get ended() {
      return state.ended;
    },
    /** The changes (not `ready`) with their parsed payloads. */
    changes: () =>
      events
        .filter((event) => event.event !== 'ready')
        .map((event) => ({ id: event.lastEventId, event: event.event, payload: JSON.parse(event.data) as Record<string, unknown> })),
    cancel: () => reader.cancel(),
  };
}

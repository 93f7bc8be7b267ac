import { createTaskClient, type TaskClient } from '../../../src/client';
import {
  createSimulatedService,
  SIMULATOR_ORIGIN,
  startSimulatorServer,
  type SimulatedService,
  type SimulatedServiceOptions,
} from '../../../src/testing';

/** A manual clock for the simulator: time only moves when a test says so. */
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
}

export function createTestClock(start = Date.parse('2026-03-01T09:00:00.000Z')): TestClock {
  let time = start;
  return {
    now: () => time,
    advance(ms) {
      time += ms;
    },
  };
}

export interface ClientOverrides {
  apiKey?: string;
  timeoutMs?: number;
}

/** One way of reaching the simulated service, with everything the shared suite needs. */
export interface Face {
  service: SimulatedService;
  /** The face's standard client: `service.client`, or a client over HTTP with the default `fetch`. */
  client: TaskClient;
  /** Another client on the same face. */
  makeClient(overrides?: ClientOverrides): TaskClient;
  /** Every `Request` the face's clients sent, as they left the client. */
  sent: Request[];
  close(): Promise<void>;
}

export interface FaceKind {
  name: string;
  start(options: SimulatedServiceOptions & { apiKey: string }): Promise<Face>;
}

export const inProcessFace: FaceKind = {
  name: 'in-process',
  start(options) {
    const service = createSimulatedService(options);
    const sent: Request[] = [];
    const makeClient = (overrides: ClientOverrides = {}) =>
      createTaskClient({
        baseUrl: SIMULATOR_ORIGIN,
        apiKey: 'apiKey' in overrides ? overrides.apiKey : options.apiKey,
        timeoutMs: overrides.timeoutMs ?? 30_000,
        fetch: (request) => {
          sent.push(request.clone());
          return service.fetch(request);
        },
      });
    // The standard client is the service's own; its requests are captured through the log instead.
    return Promise.resolve({ service, client: service.client, makeClient, sent, close: () => Promise.resolve() });
  },
};

export const httpFace: FaceKind = {
  name: 'HTTP',
  async start(options) {
    const server = await startSimulatorServer(options);
    const sent: Request[] = [];
    const makeClient = (overrides: ClientOverrides = {}) =>
      createTaskClient({
        baseUrl: server.url,
        apiKey: 'apiKey' in overrides ? overrides.apiKey : options.apiKey,
        timeoutMs: overrides.timeoutMs ?? 30_000,
        fetch: (request) => {
          sent.push(request.clone());
          return fetch(request);
        },
      });
    return {
      service: server.service,
      client: createTaskClient({ baseUrl: server.url, apiKey: options.apiKey }),
      makeClient,
      sent,
      close: () => server.close(),
    };
  },
};

export const faces: FaceKind[] = [inProcessFace, httpFace];

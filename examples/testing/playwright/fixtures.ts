/**
 * Playwright fixtures of the example: per worker, a simulated task service over HTTP and the app
 * in front of it; per test, `baseURL` pointing at the app and `simulator`, the service to inspect
 * (`requests`, `listTasks()`, newest first, `faults`).
 *
 * The service is not `reset()` between tests: a reset starts its ids over, and the proxy, which
 * remembers answered calls by task and call id, would then refuse the next test's answer as
 * already given.
 *
 * In your app, import from `'@playwright/test'` and `'hitl-react/testing'`.
 */
import { test as base } from 'playwright/test';
import { startSimulatorServer, type SimulatedService } from '../../../src/testing';
import { serveApp } from './serve-app';

interface WorkerFixtures {
  /** How fast the simulated agent works, set with `use: { timeScale }` in the config. Default: 0.05 (20 times real time). */
  timeScale: number;
  /** The simulator and the app, started once per worker. */
  stack: { appUrl: string; service: SimulatedService };
}

interface TestFixtures {
  /** The service behind the app. It keeps earlier tests' tasks: a test's own task is the newest. */
  simulator: SimulatedService;
}

const API_KEY = 'sk_example_e2e';

// The fixtures' second parameter is Playwright's `use`, named `provide` here: lint reads `use(...)` as React's hook.
export const test = base.extend<TestFixtures, WorkerFixtures>({
  timeScale: [0.05, { scope: 'worker', option: true }],
  stack: [
    async ({ timeScale }, provide) => {
      const simulator = await startSimulatorServer({ apiKey: API_KEY, timeScale });
      const app = await serveApp({ upstream: simulator.url, apiKey: API_KEY });
      await provide({ appUrl: app.url, service: simulator.service });
      await app.close();
      await simulator.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, provide) => provide(stack.appUrl),
  simulator: async ({ stack }, provide) => provide(stack.service),
});

export { expect } from 'playwright/test';

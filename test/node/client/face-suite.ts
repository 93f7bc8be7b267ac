import type { MockInstance } from 'vitest';
import { TaskApiError, type TaskClient } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import { createTestClock, type Face, type FaceKind, type TestClock } from './simulator-faces';

/** The key of the suite's service. Nothing a test makes the client print may contain it. */
export const API_KEY = 'sk_client_suite_5b1f0c7e9a';
/** Time the login scenario takes to reach its form. */
export const LOGIN_REACHES_FORM_MS = 3500;
/** Time the login scenario takes to finish once the form is answered. */
export const LOGIN_FINISHES_AFTER_ANSWER_MS = 3000;
/** Time from the end of a run until its GIF is ready. */
export const RECORDING_DELAY_MS = 2000;

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/** The encoded answer to the login form. */
export const loginAnswer = (username: string) =>
  JSON.stringify([
    { label: 'Username', value: username },
    { label: 'Password', value: 'correct horse battery staple' },
  ]);

/** The `TaskApiError` a promise rejects with; anything else fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<TaskApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof TaskApiError)) throw new Error(`expected a TaskApiError, got ${String(error)}`);
  return error;
}

/** Creates a task that follows the login scenario with the form tool, and returns its id. */
export async function createLoginTask(client: TaskClient, text = 'Log in to Acme Shop and open my orders'): Promise<string> {
  return (await client.createTask({ task: text, agent: 'BROWSER_AGENT', tools: [formInputTool()] })).taskId;
}

/** What one test of the shared client suite works with. */
export interface FaceSuite {
  face: Face;
  clock: TestClock;
  /** The face's standard client. */
  client: TaskClient;
  consoleSpies: MockInstance[];
}

/** Starts a face of the simulated service on a manual clock, and starts watching the console. */
export async function startFaceSuite(kind: FaceKind): Promise<FaceSuite> {
  const clock = createTestClock();
  const face = await kind.start({ apiKey: API_KEY, seed: 'client-suite', now: clock.now, recordingDelayMs: RECORDING_DELAY_MS });
  const consoleSpies = CONSOLE_METHODS.map((method) => vi.spyOn(console, method));
  return { face, clock, client: face.client, consoleSpies };
}

/** Checks that nothing the test made the client print carries the key, then closes the face. */
export async function endFaceSuite({ face, consoleSpies }: FaceSuite): Promise<void> {
  for (const spy of consoleSpies)
    expect(
      JSON.stringify(spy.mock.calls, (_, value: unknown) => (value instanceof Error ? `${value.message} ${value.stack}` : value)),
    ).not.toContain(API_KEY);
  await face.close();
}

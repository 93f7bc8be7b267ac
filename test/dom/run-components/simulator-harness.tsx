import type { ReactNode } from 'react';
import type { TaskClient, ToolDefinition } from '../../../src/client';
import { TaskClientProvider } from '../../../src/context';
import { formInputTool } from '../../../src/schema';
import { createRunStore, type RunStore } from '../../../src/store';
import { createSimulatedService, type SimulatedService, type SimulatedServiceOptions } from '../../../src/testing';
import { FakeEnvironment } from '../../node/store/fake-task-client';

const stores: RunStore[] = [];

/** The in-process simulated service, reproducible. */
export function simulator(options: SimulatedServiceOptions = {}): SimulatedService {
  return createSimulatedService({ seed: 'run-components', ...options });
}

/**
 * A store of its own for `client` (no first-poll jitter, mid-range retry jitter, a page that stays
 * visible and online) and a provider wrapper for `render`.
 */
export function provider(client: TaskClient): { store: RunStore; wrapper: (props: { children?: ReactNode }) => ReactNode } {
  const store = createRunStore(client, { environment: new FakeEnvironment(), firstPollJitterMs: 0, random: () => 0.5 });
  stores.push(store);
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <TaskClientProvider client={client} store={store}>
      {children}
    </TaskClientProvider>
  );
  return { store, wrapper };
}

/** Stops every store made by `provider`; call after unmounting. */
export function destroyStores(): void {
  for (const store of stores.splice(0)) store.destroy();
}

/** Creates a task on the service (its first run starts now) and returns its id and that run's id. */
export async function startTask(service: SimulatedService, task: string, tools: ToolDefinition[] = [formInputTool()]) {
  const { taskId } = await service.client.createTask({ task, agent: 'BROWSER_AGENT', tools });
  const runId = service.getTask(taskId)?.runs[0]?.id;
  if (runId === undefined) throw new Error('the task has no run');
  return { taskId, runId };
}

/** The tool-input POSTs the service received. */
export function toolInputPosts(service: SimulatedService) {
  return service.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/run/tool-input'));
}

/** Run status GETs the service received. */
export function statusGets(service: SimulatedService) {
  return service.requests.filter((request) => request.method === 'GET' && request.path.endsWith('/run/status'));
}

/** The answers (`input`s) the service applied to the task's first run. */
export function answersOf(service: SimulatedService, taskId: string): string[] | undefined {
  return service.getTask(taskId)?.runs[0]?.answers.map((answer) => answer.input);
}

/** The login form's answer as the page encodes it. */
export function loginAnswer(user: string, password: string): string {
  return JSON.stringify([
    { label: 'Username', value: user },
    { label: 'Password', value: password },
  ]);
}

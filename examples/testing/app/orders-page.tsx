/**
 * The app under test in these examples: a page of "your" app where a button sends the agent to
 * fetch the person's orders, and `<RunViewer>` shows the run, the agent's login form included.
 * Nothing here knows about tests: the tests put the simulated service behind `/api/hitl`.
 *
 * In your app, import from `'hitl-react'` instead of `'../../../src'`.
 */
import { formInputTool, RunViewer, useCreateTask } from '../../../src';

/** Props of `OrdersPage`. */
export interface OrdersPageProps {
  /** Passed to `<RunViewer>`: tests with real timers poll faster than the 2 s a person needs. Default: the viewer's (2000). */
  pollIntervalMs?: number;
}

/** The task the button starts. The simulator picks its login scenario by the words "Log in". */
export const ORDERS_TASK = 'Log in to Acme Shop and list my open orders';

/** Fetch my orders: creates the task with the form tool, then shows its run. Needs a `<TaskClientProvider>` above it. */
export function OrdersPage({ pollIntervalMs }: OrdersPageProps) {
  const createTask = useCreateTask();
  const start = () => {
    // The outcome is shown from `createTask.error`; the promise has nothing more to say.
    createTask.mutate({ task: ORDERS_TASK, agent: 'BROWSER_AGENT', tools: [formInputTool()] }).catch(() => undefined);
  };
  return (
    <main>
      <h1>Your orders</h1>
      <button type="button" onClick={start} disabled={createTask.isPending}>
        Fetch my orders
      </button>
      {createTask.error !== undefined ? <p role="alert">Could not start: {createTask.error.message}</p> : null}
      {createTask.data !== undefined ? <RunViewer taskId={createTask.data.taskId} pollIntervalMs={pollIntervalMs} /> : null}
    </main>
  );
}

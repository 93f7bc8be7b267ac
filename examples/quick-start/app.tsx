// src/App.tsx
import { useState } from 'react';
import { createTaskClient, formInputTool, RunViewer, TaskClientProvider, useCreateTask } from '../../src';

// The page talks to your own backend, which adds the API key: no key in the browser.
const client = createTaskClient({ baseUrl: '/api/hitl' });

function StartTask() {
  const [taskId, setTaskId] = useState<string>();
  const createTask = useCreateTask({ onSuccess: (created) => setTaskId(created.taskId) });
  // A task is created when the person asks for one, not each time the page loads.
  const start = () => {
    const task = { task: 'Log in to Acme Shop and list my open orders', agent: 'BROWSER_AGENT', tools: [formInputTool()] };
    void createTask.mutate(task).catch(() => undefined);
  };
  return (
    <main className="mx-auto grid max-w-3xl gap-4 p-6">
      <button type="button" className="justify-self-start rounded border px-3 py-1" disabled={createTask.isPending} onClick={start}>
        Start task
      </button>
      {createTask.error ? <p role="alert">{createTask.error.message}</p> : null}
      {taskId === undefined ? null : <RunViewer taskId={taskId} />}
    </main>
  );
}

export function App() {
  return (
    <TaskClientProvider client={client}>
      <StartTask />
    </TaskClientProvider>
  );
}

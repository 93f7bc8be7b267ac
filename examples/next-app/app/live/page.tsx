'use client';

import { useRef, useState, type FormEvent } from 'react';
import { formInputTool, RunViewer, useCreateTask } from 'hitl-react';

export default function LiveRunPage() {
  const [taskId, setTaskId] = useState<string>();
  const createTask = useCreateTask({ onSuccess: ({ taskId: created }) => setTaskId(created) });
  const viewer = useRef<HTMLElement>(null);

  const start = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const task = new FormData(event.currentTarget).get('task');
    if (typeof task !== 'string' || task.trim() === '') return;
    void createTask.mutate({ task, agent: 'BROWSER_AGENT', tools: [formInputTool()] }).catch(() => undefined);
  };

  return (
    <main>
      <h1>A live run</h1>
      <form onSubmit={start} style={{ display: 'flex', gap: '0.5rem', alignItems: 'end', marginBottom: '1.5rem' }}>
        <label style={{ display: 'grid', gap: '0.25rem', flex: 1 }}>
          Task
          <input name="task" defaultValue="Log in to Acme Shop and list my open orders" />
        </label>
        <button type="submit" disabled={createTask.isPending}>
          Start task
        </button>
      </form>
      {createTask.error ? <p role="alert">The task could not be started: {createTask.error.message}</p> : null}
      {taskId === undefined ? null : <RunViewer ref={viewer} taskId={taskId} />}
    </main>
  );
}

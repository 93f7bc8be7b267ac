import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formInputTool, RunViewer, useCreateTask } from 'hitl-react';

/**
 * Starts a task whose agent may ask for input with `form_input`, then follows its run:
 * `<RunViewer>` shows the status and the live view, renders the agent's question as a
 * `<ToolCallForm>`, sends the answer once, and shows the result.
 */
export function App() {
  const [taskId, setTaskId] = useState<string>();
  const createTask = useCreateTask({ onSuccess: ({ taskId: created }) => setTaskId(created) });
  // `ref` is a normal prop on React 18 as on 19: here, to bring a new run into view.
  const viewer = useRef<HTMLElement>(null);

  useEffect(() => {
    if (taskId !== undefined) viewer.current?.scrollIntoView({ block: 'nearest' });
  }, [taskId]);

  const start = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const task = new FormData(event.currentTarget).get('task');
    if (typeof task !== 'string' || task.trim() === '') return;
    void createTask.mutate({ task, agent: 'BROWSER_AGENT', tools: [formInputTool()] }).catch(() => undefined);
  };

  return (
    <main style={{ maxWidth: '48rem', margin: '2rem auto', padding: '0 1rem', fontFamily: 'system-ui, sans-serif' }}>
      <h1>Runs that ask for help</h1>
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

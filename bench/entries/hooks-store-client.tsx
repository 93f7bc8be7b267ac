// What an app imports to watch a run and answer its tool call: createTaskClient, the provider,
// useRunStatus, useRunResult and useToolInput over the polling store.
import { createRoot } from 'react-dom/client';
import { createTaskClient, TaskClientProvider, useRunResult, useRunStatus, useToolInput } from '../../src';

function Run({ taskId }: { taskId: string }) {
  const status = useRunStatus({ taskId });
  const result = useRunResult({ taskId });
  const answer = useToolInput({ taskId });
  const call = status.pendingToolCall;
  return (
    <section>
      <p>{status.data?.status ?? '…'}</p>
      <p>{result.data?.output.summary}</p>
      {call ? (
        <button type="button" onClick={() => void answer.submit(call.toolCallId, 'yes')}>
          Answer ({answer.state})
        </button>
      ) : null}
    </section>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <TaskClientProvider client={createTaskClient({ baseUrl: '/api/hitl' })}>
    <Run taskId="task-1" />
  </TaskClientProvider>,
);

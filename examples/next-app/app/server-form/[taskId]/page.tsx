import { Suspense } from 'react';
import Link from 'next/link';
import { connection } from 'next/server';
import { isTerminalRunStatus, ToolCallForm } from 'hitl-react';
import { taskService } from '../../../lib/task-service';
import { answerToolCall } from '../actions';
import { RefreshWhileRunning } from '../refresh-while-running';

type Params = Promise<{ taskId: string }>;

/** The run is read per request, inside `<Suspense>`, as Next.js asks of request-time work with `cacheComponents`. */
export default function RunPage({ params }: { params: Params }) {
  return (
    <Suspense fallback={<p>Loading the run…</p>}>
      <RunOnTheServer params={params} />
    </Suspense>
  );
}

/**
 * A Server Component: it reads the run on the server and renders `<ToolCallForm>` (a Client
 * Component, from the package's main entry) with the agent's question. The answer goes back through
 * a Server Action, so the key never leaves the server.
 */
async function RunOnTheServer({ params }: { params: Params }) {
  // Rendered per request, never from a cache, with `cacheComponents` or without: it shows the run as it is now.
  await connection();
  const { taskId } = await params;
  const status = await taskService().getRunStatus(taskId);
  const pending = status.toolCall;

  if (pending !== null && pending.tool.name === 'form_input') {
    return (
      <main>
        <h1>The agent asks</h1>
        <ToolCallForm
          key={pending.toolCallId}
          parameters={pending.tool.parameters}
          onSubmit={answerToolCall.bind(null, taskId, pending.toolCallId)}
        />
      </main>
    );
  }

  if (!isTerminalRunStatus(status.status)) {
    return (
      <main>
        <h1>The agent is working</h1>
        <p role="status">Run status: {status.status}</p>
        <RefreshWhileRunning />
      </main>
    );
  }

  const result = await taskService().getRunResult(taskId);
  return (
    <main>
      <h1>The run ended</h1>
      <p role="status">Run status: {status.status}</p>
      {result.output.summary === undefined ? null : <p>{result.output.summary}</p>}
      <Link href="/server-form">Start another</Link>
    </main>
  );
}

/**
 * The page side of the polling benchmark: renders `viewersPerTask` viewers of each task's run
 * status with one library, all showing the same text, and reports when each shows a status.
 */
import type { ComponentType, ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createTaskClient, type TaskClient } from '../../../src';
import type { PollingBenchApi, PollingStartOptions } from '../protocol';

export interface ViewerProps {
  taskId: string;
  intervalMs: number;
  client: TaskClient;
}

/** A run status as every library's viewer shows it. */
export function StatusLine({
  taskId,
  status,
  error,
}: {
  taskId: string;
  status: { status: string; detailedStatus: string } | undefined;
  error: Error | null | undefined;
}) {
  const text = error ? `error: ${error.message}` : status ? `${status.status} · ${status.detailedStatus}` : 'loading';
  return (
    <li data-settled={status ? '' : undefined}>
      {taskId}: {text}
    </li>
  );
}

export function installPollingBench(
  Viewer: ComponentType<ViewerProps>,
  Provider: ComponentType<{ client: TaskClient; children: ReactNode }>,
): void {
  const api: PollingBenchApi = {
    async start(options: PollingStartOptions) {
      const client = createTaskClient({ baseUrl: options.baseUrl, apiKey: options.apiKey });
      const viewers = options.taskIds.flatMap((taskId) =>
        Array.from({ length: options.viewersPerTask }, (_, index) => ({ taskId, key: `${taskId}-${index}` })),
      );
      createRoot(document.getElementById('root') as HTMLElement).render(
        <Provider client={client}>
          <ul>
            {viewers.map((viewer) => (
              <Viewer key={viewer.key} taskId={viewer.taskId} intervalMs={options.intervalMs} client={client} />
            ))}
          </ul>
        </Provider>,
      );
      const deadline = performance.now() + 15_000;
      while (api.settledViewers() < viewers.length) {
        if (performance.now() > deadline) throw new Error(`only ${api.settledViewers()} of ${viewers.length} viewers got a status`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    settledViewers: () => document.querySelectorAll('li[data-settled]').length,
  };
  window.pollingBench = api;
}

// A page that imports only useRunStatus from hitl-react (types aside), with a one-method client made
// inline, as the TanStack Query and SWR entries fetch inline: the three entries then differ only by
// their caching and polling layer.
import { createRoot } from 'react-dom/client';
import { useRunStatus, type RunStatus, type TaskClient } from '../../src';

const client = {
  async getRunStatus(taskId: string) {
    const response = await fetch(`/api/v1/task/${encodeURIComponent(taskId)}/run/status`);
    return ((await response.json()) as { data: RunStatus }).data;
  },
} as unknown as TaskClient;

function Status() {
  const { data, error } = useRunStatus({ taskId: 'task-1', pollIntervalMs: 2000 }, client);
  return <p>{error ? error.message : (data?.status ?? '…')}</p>;
}

createRoot(document.getElementById('root') as HTMLElement).render(<Status />);

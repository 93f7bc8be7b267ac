// swr: one useSWR polling a run status, the job of the hooks-store entry.
import { createRoot } from 'react-dom/client';
import useSWR from 'swr';

async function getRunStatus(taskId: string): Promise<{ status: string }> {
  const response = await fetch(`/api/v1/task/${encodeURIComponent(taskId)}/run/status`);
  return ((await response.json()) as { data: { status: string } }).data;
}

function Status() {
  const { data, error } = useSWR<{ status: string }, Error>(['status', 'task-1'], ([, taskId]: [string, string]) => getRunStatus(taskId), {
    refreshInterval: 2000,
  });
  return <p>{error ? error.message : (data?.status ?? '…')}</p>;
}

createRoot(document.getElementById('root') as HTMLElement).render(<Status />);

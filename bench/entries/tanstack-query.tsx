// @tanstack/react-query: one useQuery polling a run status, the job of the hooks-store entry.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';

async function getRunStatus(taskId: string): Promise<{ status: string }> {
  const response = await fetch(`/api/v1/task/${encodeURIComponent(taskId)}/run/status`);
  return ((await response.json()) as { data: { status: string } }).data;
}

function Status() {
  const { data, error } = useQuery({ queryKey: ['status', 'task-1'], queryFn: () => getRunStatus('task-1'), refetchInterval: 2000 });
  return <p>{error ? error.message : (data?.status ?? '…')}</p>;
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <QueryClientProvider client={new QueryClient()}>
    <Status />
  </QueryClientProvider>,
);

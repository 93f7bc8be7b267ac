// TanStack Query: one useQuery (one observer) per viewer, refetchInterval, defaults otherwise.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { installPollingBench, StatusLine, type ViewerProps } from './polling-harness';

function Viewer({ taskId, intervalMs, client }: ViewerProps) {
  const { data, error } = useQuery({
    queryKey: ['run-status', taskId],
    queryFn: ({ signal }) => client.getRunStatus(taskId, { signal }),
    refetchInterval: intervalMs,
  });
  return <StatusLine taskId={taskId} status={data} error={error} />;
}

function Provider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

installPollingBench(Viewer, Provider);

// useRunStatus over the polling store: one store per client, however many viewers.
import { TaskClientProvider, useRunStatus } from '../../../src';
import { installPollingBench, StatusLine, type ViewerProps } from './polling-harness';

function Viewer({ taskId, intervalMs }: ViewerProps) {
  const { data, error } = useRunStatus({ taskId, pollIntervalMs: intervalMs });
  return <StatusLine taskId={taskId} status={data} error={error} />;
}

installPollingBench(Viewer, TaskClientProvider);

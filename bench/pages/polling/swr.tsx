// SWR: one useSWR per viewer, refreshInterval, defaults otherwise (2 s deduping).
import type { ReactNode } from 'react';
import useSWR from 'swr';
import type { RunStatus } from '../../../src';
import { installPollingBench, StatusLine, type ViewerProps } from './polling-harness';

function Viewer({ taskId, intervalMs, client }: ViewerProps) {
  const { data, error } = useSWR<RunStatus, Error>(['run-status', taskId], () => client.getRunStatus(taskId), {
    refreshInterval: intervalMs,
  });
  return <StatusLine taskId={taskId} status={data} error={error} />;
}

function Provider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

installPollingBench(Viewer, Provider);

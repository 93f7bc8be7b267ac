import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AuditEntry, TaskClient } from '../client';
import { AuditTrailObserver, type QueryResult } from '../store';
import { useTaskClient } from './use-task-client';

export interface UseAuditTrailOptions {
  /** The task whose trail is read; `undefined` reads nothing. Required. */
  taskId: string | undefined;
  /** Most entries, newest first. Default: the proxy's (100). */
  limit?: number;
  /** `false` reads nothing. Default: true. */
  enabled?: boolean;
}

/**
 * The proxy's audit trail of a task (`client.getAuditTrail`), newest first: who created, answered
 * and stopped it, for the caller's team. Read once per task; `refetch` reads it again (after an
 * answer, say). A client without `getAuditTrail` (not made by `createTaskClient`) reads nothing.
 *
 * @param options `taskId`, `limit`, `enabled`.
 * @param client The client to use. Default: the one from `<TaskClientProvider>`.
 */
export function useAuditTrail(options: UseAuditTrailOptions, client?: TaskClient): QueryResult<AuditEntry[]> {
  const resolved = useTaskClient(client);
  const [observer] = useState(() => new AuditTrailObserver());
  const { taskId, limit, enabled } = options;
  useEffect(() => {
    observer.setQuery(resolved, { taskId, limit, enabled });
  }, [observer, resolved, taskId, limit, enabled]);
  useEffect(() => () => observer.destroy(), [observer]);
  return useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getSnapshot);
}

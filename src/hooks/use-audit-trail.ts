import { useEffect, useState, useSyncExternalStore } from 'react';
import type { TaskClient } from '../client';
import { AuditTrailObserver, type AuditTrailResult } from '../store';
import { useTaskClient } from './use-task-client';

export interface UseAuditTrailOptions {
  /** The task whose trail is read. Default: none, the whole trail of the caller's team, each entry naming its task. */
  taskId?: string | undefined;
  /** Most entries per page, newest first. Default: the proxy's (100). */
  limit?: number;
  /** `false` reads nothing. Default: true. */
  enabled?: boolean;
}

/**
 * The proxy's audit trail (`client.getAuditPage`), newest first: who created, answered and
 * stopped a task (with `taskId`), or every task of the caller's team (without it). Read a page at
 * a time: `hasNextPage` and `fetchNextPage()` add the next, older page (entries recorded meanwhile
 * do not shift it); `refetch` reads the first page again, newest entries included. A client
 * without the audit trail (not made by `createTaskClient`) reads nothing.
 *
 * @param options `taskId`, `limit`, `enabled`.
 * @param client The client to use. Default: the one from `<TaskClientProvider>`.
 */
export function useAuditTrail(options: UseAuditTrailOptions = {}, client?: TaskClient): AuditTrailResult {
  const resolved = useTaskClient(client);
  const [observer] = useState(() => new AuditTrailObserver());
  const { taskId, limit, enabled } = options;
  useEffect(() => {
    observer.setQuery(resolved, { taskId, limit, enabled });
  }, [observer, resolved, taskId, limit, enabled]);
  useEffect(() => () => observer.destroy(), [observer]);
  return useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getSnapshot);
}

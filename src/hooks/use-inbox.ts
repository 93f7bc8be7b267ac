import { useEffect, useState, useSyncExternalStore } from 'react';
import type { TaskClient } from '../client';
import { InboxObserver, type InboxOptions, type InboxResult } from '../store';
import { useRunStore } from './use-run-store';

export type UseInboxOptions = InboxOptions;
export type UseInboxResult = InboxResult;

/**
 * Every tool call waiting for the person, across the tasks named by `taskIds` or, by default,
 * across every active task of the task list (all pages, listed again every `listIntervalMs`), and
 * the requests of a `createTaskProxy` (`item.kind` tells them apart; a request that ended
 * elsewhere stays listed for about a minute with its `state`): the items oldest first, their
 * count, the loading and error state, and `answerRequest`. Items whose answer was accepted leave
 * at once. Shares the store's polls with every other hook and, through the leader tab, with the
 * other tabs of the origin.
 *
 * @param options `taskIds`, `listIntervalMs` (30000), `pollIntervalMs` (the store's), `requests` (true), `enabled` (true).
 * @param client The client to use. Default: the one from `<TaskClientProvider>`.
 */
export function useInbox(options: UseInboxOptions = {}, client?: TaskClient): UseInboxResult {
  const store = useRunStore(client);
  const [observer] = useState(() => new InboxObserver(store, options));
  const result = useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getServerSnapshot);
  // Every render: cheap when nothing changed, and new task ids or a new store are adopted at once.
  useEffect(() => observer.setOptions(store, options));
  return result;
}

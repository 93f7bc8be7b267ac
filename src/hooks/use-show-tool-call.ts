import { useEffect } from 'react';
import type { TaskClient } from '../client';
import { inboxItemId } from '../store';
import { useRunStore } from './use-run-store';

/**
 * Marks a pending tool call as on screen in this tab while the component is mounted, so no tab
 * of the origin raises an OS notification for it while this tab is visible.
 *
 * @param options `taskId` and `toolCallId`; nothing is marked while `toolCallId` is undefined.
 * @param client The client to use. Default: the one from `<TaskClientProvider>`.
 */
export function useShowToolCall(options: { taskId: string; toolCallId: string | undefined }, client?: TaskClient): void {
  const store = useRunStore(client);
  const { taskId, toolCallId } = options;
  useEffect(() => (toolCallId === undefined ? undefined : store.tabs.show(inboxItemId(taskId, toolCallId))), [store, taskId, toolCallId]);
}

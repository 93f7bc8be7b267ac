import { useEffect, useMemo } from 'react';
import type { TaskClient } from '../client';
import { CallAttention, type InboxItem, type InboxToolCallItem } from '../store';
import { useLatestCallback, useLatestOptionalCallback } from '../utils/react';
import { useRunStore } from './use-run-store';

export interface UseToolCallAttentionOptions {
  /** Called once per call across the tabs of the origin when it starts waiting. Default: none. */
  onToolCallWaiting?: ((item: InboxToolCallItem) => void) | undefined;
  /**
   * Shows an OS notification once per call across the tabs of the origin, when the permission was
   * granted and no visible tab shows the call. Default: false.
   */
  notify?: boolean | undefined;
  /** The notification's title and body. Default: the item's task and title. */
  notification?: ((item: InboxToolCallItem) => { title: string; body?: string }) | undefined;
  /** How long a new call may take to appear on screen in some tab before a notification is shown, in ms. Default: 500. */
  notifyDelayMs?: number | undefined;
}

/**
 * Gets the person's attention for new waiting calls (`useInbox().items`; the proxy's requests
 * among them are left to the proxy's notifications): the app's callback and, opted in, OS
 * notifications, each once per call for the whole origin.
 */
export function useToolCallAttention(items: readonly InboxItem[], options: UseToolCallAttentionOptions = {}, client?: TaskClient): void {
  const store = useRunStore(client);
  const attention = useMemo(() => new CallAttention(store.tabs), [store]);
  const onWaiting = useLatestOptionalCallback(options.onToolCallWaiting);
  const { notify = false, notification, notifyDelayMs = 500 } = options;
  const describe = useLatestCallback((item: InboxToolCallItem) => notification?.(item));
  useEffect(
    () => attention.update(items, { notify, notifyDelayMs, onWaiting, describe }),
    [attention, items, notify, notifyDelayMs, onWaiting, describe],
  );
  // On unmount only (and React's StrictMode check, after which the effect above arms them again).
  useEffect(() => () => attention.pause(), [attention]);
}

import { useEffect, useRef } from 'react';
import type { TaskClient } from '../client';
import type { InboxItem } from '../store';
import { useLatestCallback, useLatestOptionalCallback } from '../utils/react';
import { useRunStore } from './use-run-store';

export interface UseToolCallAttentionOptions {
  /** Called once per call across the tabs of the origin when it starts waiting. Default: none. */
  onToolCallWaiting?: ((item: InboxItem) => void) | undefined;
  /**
   * Shows an OS notification once per call across the tabs of the origin, when the permission was
   * granted and no visible tab shows the call. Default: false.
   */
  notify?: boolean | undefined;
  /** The notification's title and body. Default: the item's task and title. */
  notification?: ((item: InboxItem) => { title: string; body?: string }) | undefined;
  /** How long a new call may take to appear on screen in some tab before a notification is shown, in ms. Default: 500. */
  notifyDelayMs?: number | undefined;
}

/**
 * Gets the person's attention for new waiting calls (`useInbox().items`): the app's callback and,
 * opted in, OS notifications, each once per call for the whole origin.
 */
export function useToolCallAttention(items: readonly InboxItem[], options: UseToolCallAttentionOptions = {}, client?: TaskClient): void {
  const store = useRunStore(client);
  const seen = useRef(new Set<string>());
  /** Calls that get a notification once their delay is over, until it is shown or the call leaves the list. */
  const toNotify = useRef(new Set<string>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const onWaiting = useLatestOptionalCallback(options.onToolCallWaiting);
  const { notify = false, notification, notifyDelayMs = 500 } = options;
  const describe = useLatestCallback((item: InboxItem) => notification?.(item));
  useEffect(() => {
    for (const item of items) {
      if (seen.current.has(item.id)) continue;
      seen.current.add(item.id);
      void store.tabs.once(`waiting:${item.id}`, () => onWaiting(item));
      if (notify && typeof Notification !== 'undefined' && Notification.permission === 'granted') toNotify.current.add(item.id);
    }
    const listed = new Set(items.map((item) => item.id));
    // A call's delay runs from when it first appeared, not from the list's latest change: the list
    // changes whenever another call comes or goes, and each change would otherwise restart or drop it.
    for (const [id, timer] of timers.current)
      if (!listed.has(id) || !notify) {
        clearTimeout(timer);
        timers.current.delete(id);
        toNotify.current.delete(id);
      }
    for (const item of items) {
      if (!notify || !toNotify.current.has(item.id) || timers.current.has(item.id)) continue;
      timers.current.set(
        item.id,
        setTimeout(() => {
          timers.current.delete(item.id);
          toNotify.current.delete(item.id);
          if (store.tabs.isShownInVisibleTab(item.id)) return;
          const text = describe(item) ?? { title: item.taskName ?? item.taskId, body: item.title };
          void store.tabs.once(`notify:${item.id}`, () => void new Notification(text.title, { body: text.body, tag: item.id }));
        }, notifyDelayMs),
      );
    }
  }, [items, store, notify, notifyDelayMs, onWaiting, describe]);
  // On unmount only (and React's StrictMode check, after which the effect above arms them again).
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);
}

import type { InboxItem, InboxToolCallItem } from './inbox-item';
import type { RunStoreTabs } from './run-store';

/** What `CallAttention.update` is told each time the list of waiting calls changes. */
export interface CallAttentionSettings {
  /** OS notifications are wanted (the permission is checked here). */
  notify: boolean;
  /** How long a new call may take to appear on screen in some tab before a notification is shown, in ms. */
  notifyDelayMs: number;
  /** The app's callback, once per call across the tabs. */
  onWaiting: (item: InboxToolCallItem) => void;
  /** The notification's title and body; `undefined` for the item's task and title. */
  describe: (item: InboxToolCallItem) => { title: string; body?: string } | undefined;
}

/**
 * The person's attention for new waiting calls, behind `useToolCallAttention`: the app's callback
 * and the OS notification, each once per call for the whole origin. A call's notification delay
 * runs from when it first appeared, not from the list's latest change: the list changes whenever
 * another call comes or goes, and each change would otherwise restart or drop it.
 */
export class CallAttention {
  private readonly seen = new Set<string>();
  /** Calls that get a notification once their delay is over, until it is shown or the call leaves the list. */
  private readonly toNotify = new Set<string>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly tabs: Pick<RunStoreTabs, 'once' | 'isShownInVisibleTab'>) {}

  update(all: readonly InboxItem[], settings: CallAttentionSettings): void {
    const { notify } = settings;
    // The tool calls: the proxy's requests are its own notifications' to announce.
    const items = all.filter((item) => item.kind === 'tool_call');
    for (const item of items) {
      if (this.seen.has(item.id)) continue;
      this.seen.add(item.id);
      void this.tabs.once(`waiting:${item.id}`, () => settings.onWaiting(item));
      if (notify && typeof Notification !== 'undefined' && Notification.permission === 'granted') this.toNotify.add(item.id);
    }
    const listed = new Set(items.map((item) => item.id));
    for (const [id, timer] of this.timers)
      if (!listed.has(id) || !notify) {
        clearTimeout(timer);
        this.timers.delete(id);
        this.toNotify.delete(id);
      }
    if (!notify) return;
    for (const item of items) {
      if (!this.toNotify.has(item.id) || this.timers.has(item.id)) continue;
      this.timers.set(
        item.id,
        setTimeout(() => {
          this.timers.delete(item.id);
          this.toNotify.delete(item.id);
          if (this.tabs.isShownInVisibleTab(item.id)) return;
          const text = settings.describe(item) ?? { title: item.taskName ?? item.taskId, body: item.title };
          void this.tabs.once(`notify:${item.id}`, () => void new Notification(text.title, { body: text.body, tag: item.id }));
        }, settings.notifyDelayMs),
      );
    }
  }

  /** Stops the pending delays; the calls still due get theirs again at the next `update`. */
  pause(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

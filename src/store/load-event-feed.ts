import type { TaskEventSource } from '../client';
import type { EventFeed, EventFeedDeps } from './event-feed';

/** The store's event feed: absent until its code has loaded, and for clients without a stream. */
export interface FeedSlot {
  feed: EventFeed | undefined;
  /** True while the feed's code is loading: the runs it will bring are not polled meanwhile. */
  loading: boolean;
}

/**
 * Loads the event feed on demand, so a page without a stream does not ship it. `onSettled` runs
 * once it is there, or once it failed to load (then polling does the work).
 */
export function loadEventFeed(
  source: TaskEventSource | undefined,
  deps: Omit<EventFeedDeps, 'source'>,
  isDestroyed: () => boolean,
  onSettled: () => void,
): FeedSlot {
  const slot: FeedSlot = { feed: undefined, loading: source !== undefined };
  if (source === undefined) return slot;
  import('./event-feed').then(
    ({ EventFeed }) => {
      slot.loading = false;
      if (isDestroyed()) return;
      slot.feed = new EventFeed({ source, ...deps });
      onSettled();
    },
    () => {
      slot.loading = false;
      onSettled();
    },
  );
  return slot;
}

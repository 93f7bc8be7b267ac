import { useState } from 'react';
import type { InboxItem } from '../../store';
import type { Announcement } from '../shared';

/**
 * The announcement of items that arrived since the last render, once each: items already there
 * when the inbox first loaded are not news. Several arriving together are said in one go.
 */
export function useArrivals(items: readonly InboxItem[], loading: boolean, describe: (item: InboxItem) => string): Announcement | null {
  const [seen, setSeen] = useState<{ items: readonly InboxItem[]; ids: ReadonlySet<string> } | undefined>(undefined);
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  if (!loading && seen?.items !== items) {
    const fresh = seen === undefined ? [] : items.filter((item) => !seen.ids.has(item.id));
    setSeen({ items, ids: new Set([...(seen?.ids ?? []), ...items.map((item) => item.id)]) });
    if (fresh.length > 0) setAnnouncement({ key: fresh.map((item) => item.id).join('\n'), text: fresh.map(describe).join(' ') });
  }
  return announcement;
}

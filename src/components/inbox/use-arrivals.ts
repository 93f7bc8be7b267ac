import { useState } from 'react';
import type { InboxItem, InboxRequestItem } from '../../store';
import type { Announcement } from '../shared';

/** A tool call, or a request the proxy lists as open. */
const isWaiting = (item: InboxItem) => item.kind === 'tool_call' || item.state === 'open';

/**
 * The announcement of items that arrived since the last render, and of requests shown open that
 * ended elsewhere since (answered by someone else, withdrawn, expired, their agent gone), once
 * each: items already there when the inbox first loaded are not news, nor are requests first seen
 * already ended. Several together are said in one go.
 */
export function useArrivals(
  items: readonly InboxItem[],
  loading: boolean,
  describe: (item: InboxItem) => string,
  describeEnd: (item: InboxRequestItem) => string,
): Announcement | null {
  const [seen, setSeen] = useState<{ items: readonly InboxItem[]; ids: ReadonlySet<string>; waiting: ReadonlySet<string> } | undefined>(
    undefined,
  );
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  if (!loading && seen?.items !== items) {
    const fresh = seen === undefined ? [] : items.filter((item) => !seen.ids.has(item.id) && isWaiting(item));
    const ended =
      seen === undefined
        ? []
        : items.filter((item): item is InboxRequestItem => item.kind === 'request' && !isWaiting(item) && seen.waiting.has(item.id));
    setSeen({
      items,
      ids: new Set([...(seen?.ids ?? []), ...items.map((item) => item.id)]),
      waiting: new Set(items.filter(isWaiting).map((item) => item.id)),
    });
    if (fresh.length > 0 || ended.length > 0)
      setAnnouncement({
        key: [...fresh.map((item) => item.id), ...ended.map((item) => `ended:${item.id}`)].join('\n'),
        text: [...fresh.map(describe), ...ended.map(describeEnd)].join(' '),
      });
  }
  return announcement;
}

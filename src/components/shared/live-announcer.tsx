import { useEffect, useRef } from 'react';
import { VISUALLY_HIDDEN } from './heading';

/** Something to say once: a new `key` is said again even when its words repeat. */
export interface Announcement {
  readonly key: string;
  readonly text: string;
}

interface LiveAnnouncerProps {
  /** The latest announcement; `null` keeps saying nothing new (the last words stay). */
  announcement: Announcement | null;
  className: string;
}

/**
 * A polite, visually hidden live region. It is on the page empty from the first render and its
 * words are put in after commit, keyed by announcement: screen readers speak a change to a live
 * region they already know, not one that arrives with its text, and a second question with the
 * same words as the first is put in afresh.
 */
export function LiveAnnouncer({ announcement, className }: LiveAnnouncerProps) {
  const region = useRef<HTMLDivElement>(null);
  const key = announcement?.key;
  const text = announcement?.text;
  useEffect(() => {
    const element = region.current;
    if (element === null || key === undefined || text === undefined) return;
    // Written by hand, not rendered: React owns no children here, so a re-render keeps the words.
    const words = element.ownerDocument.createElement('span');
    words.textContent = text;
    element.replaceChildren(words);
  }, [key, text]);
  return <div ref={region} role="status" aria-live="polite" aria-atomic="true" className={className} style={VISUALLY_HIDDEN} />;
}

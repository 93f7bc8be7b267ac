import { useState, useSyncExternalStore } from 'react';
import { useIsomorphicLayoutEffect } from '../../utils/react';

/** The prompts shown on the page, in the order they came: each one's heading and full name. */
const shown = new Map<object, { heading: string; name: string }>();
const listeners = new Set<() => void>();
let version = 0;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const changed = () => {
  version += 1;
  for (const listener of [...listeners]) listener();
};

/**
 * Whether another prompt on the page has the same `heading` (two of one MCP server, two
 * approvals without a title), and then this one's number among those of the same full `name`
 * (the same question asked twice), from 2, undefined for the first. A prompt alone with its
 * heading is named by it; prompts that share one are named in full, and numbered if that is not
 * enough, so that every region of the page has a name of its own.
 */
export function usePromptName(heading: string, name: string): { shared: boolean; ordinal: number | undefined } {
  const [self] = useState(() => ({}));
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  useIsomorphicLayoutEffect(() => {
    shown.set(self, { heading, name });
    changed();
    return () => {
      shown.delete(self);
      changed();
    };
  }, [self, heading, name]);
  let shared = false;
  let ordinal = 1;
  let after = false;
  for (const [other, entry] of shown) {
    if (other === self) after = true;
    else {
      shared ||= entry.heading === heading;
      if (!after && entry.name === name) ordinal += 1;
    }
  }
  return { shared, ordinal: ordinal > 1 ? ordinal : undefined };
}

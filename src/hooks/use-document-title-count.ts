import { useEffect, useRef } from 'react';

export interface UseDocumentTitleCountOptions {
  /** When false, the title is left alone. Default: true. */
  enabled?: boolean | undefined;
  /** The title with the count. Default: `(count) title`. */
  format?: ((count: number, title: string) => string) | undefined;
}

/**
 * Shows `count` in the document's title while it is above 0 (`(3) My app`), and puts the title
 * back when it falls to 0 or the component goes. A title the app sets meanwhile is the one kept.
 *
 * @param count What to show, e.g. `useInbox().count`.
 * @param options `enabled` (true), `format`.
 */
export function useDocumentTitleCount(count: number, options: UseDocumentTitleCountOptions = {}): void {
  const { enabled = true, format } = options;
  const original = useRef<{ base: string; shown: string } | undefined>(undefined);
  useEffect(() => {
    if (typeof document === 'undefined') return;
    const held = original.current;
    // The app changed the title since we last set it: that is the base now.
    const base = held === undefined || document.title !== held.shown ? document.title : held.base;
    if (!enabled || count <= 0) {
      if (held !== undefined && document.title === held.shown) document.title = held.base;
      original.current = undefined;
      return;
    }
    const shown = format === undefined ? `(${count}) ${base}` : format(count, base);
    document.title = shown;
    original.current = { base, shown };
  }, [count, enabled, format]);
  useEffect(
    () => () => {
      const held = original.current;
      if (held !== undefined && typeof document !== 'undefined' && document.title === held.shown) document.title = held.base;
      original.current = undefined;
    },
    [],
  );
}

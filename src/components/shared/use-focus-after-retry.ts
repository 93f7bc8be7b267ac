import { useRef, type RefObject } from 'react';
import { useIsomorphicLayoutEffect } from '../../utils/react';

/**
 * The handler of a "Retry" button: it fetches again (`refetch`, whose failure shows as the next
 * `error`) and takes care of focus. The alert holding the button disappears with the error, and
 * focus would fall back to the page; so once `error` clears after a retry, `target` (e.g. a section
 * heading, `tabIndex={-1}`) takes focus, and keyboard and screen-reader users land next to what
 * just loaded.
 */
export function useFocusAfterRetry(error: unknown, target: RefObject<HTMLElement | null>, refetch: () => Promise<unknown>): () => void {
  const pending = useRef(false);
  useIsomorphicLayoutEffect(() => {
    if (error !== undefined || !pending.current) return;
    pending.current = false;
    target.current?.focus();
  }, [error, target]);
  return () => {
    pending.current = true;
    void refetch().catch(() => {});
  };
}

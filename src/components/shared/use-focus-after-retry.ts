import { useEffect, useRef, type RefObject } from 'react';

/**
 * Where focus goes once a "Retry" works: the alert holding the button disappears with the error,
 * and focus would fall back to the page. Call `armed()` from the button; when `error` clears,
 * `target` (e.g. the section heading, `tabIndex={-1}`) takes focus, so keyboard and screen-reader
 * users land next to what just loaded.
 */
export function useFocusAfterRetry(error: unknown, target: RefObject<HTMLElement | null>): () => void {
  const pending = useRef(false);
  useEffect(() => {
    if (error !== undefined || !pending.current) return;
    pending.current = false;
    target.current?.focus();
  }, [error, target]);
  return () => {
    pending.current = true;
  };
}

import { useLayoutEffect, type ReactNode } from 'react';

/** How many mounted stories use each stylesheet, and its `<style>` element. */
const inUse = new Map<string, { users: number; element: HTMLStyleElement }>();

/**
 * A stylesheet in the page only while a story that needs it is: Tailwind's preflight, for one,
 * resets every element, so a stylesheet left behind would restyle the stories shown after it.
 * Counted by `id`, so the stories of a docs page share one copy.
 */
export function PageStyle({ id, css, children }: { id: string; css: string; children: ReactNode }) {
  // Before paint, so the story is never seen (or checked by axe) without it.
  useLayoutEffect(() => {
    let entry = inUse.get(id);
    if (entry === undefined) {
      const element = document.createElement('style');
      element.dataset.storyStyle = id;
      element.textContent = css;
      document.head.append(element);
      entry = { users: 0, element };
      inUse.set(id, entry);
    }
    entry.users += 1;
    return () => {
      const current = inUse.get(id);
      if (current === undefined) return;
      current.users -= 1;
      if (current.users > 0) return;
      current.element.remove();
      inUse.delete(id);
    };
  }, [id, css]);
  return children;
}

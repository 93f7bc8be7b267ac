import { expect } from 'storybook/test';

/**
 * Expects `element` to be a target a person can see and press: at least 16×16 CSS pixels, and
 * the element the browser hits at its centre is it or inside it (nothing covers it, it is not
 * clipped away). `userEvent.click` alone proves neither: it dispatches to the element wherever it is.
 */
export async function expectClickable(element: Element): Promise<void> {
  const box = element.getBoundingClientRect();
  await expect({ width: box.width >= 16, height: box.height >= 16 }).toEqual({ width: true, height: true });
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  await expect(hit !== null && (hit === element || element.contains(hit))).toBe(true);
}

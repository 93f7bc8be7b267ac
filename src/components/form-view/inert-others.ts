/** Live regions stay out of the inert part (as Radix keeps them out of its `aria-hidden`), so what the page announces meanwhile is heard. */
const LIVE_REGIONS = '[aria-live], [role="status"], [role="alert"], [role="log"]';

/**
 * Makes the whole page but `keep` inert until the returned function is called: every element
 * beside `keep` and beside each of its ancestors, up to `<body>`, except live regions and elements
 * that were inert already.
 *
 * For a modal popup that Radix opens (a select's list): Radix hides the rest of the page with
 * `aria-hidden` and traps focus, but leaves every control behind in the tab order, which axe reads
 * as focusable content hidden from assistive technology (`aria-hidden-focus`). `inert` says what
 * the page already is while the popup is open: nothing behind it can be reached or pressed.
 * Not `inertOthers` of the `aria-hidden` package Radix uses: it counts its marks in the same map
 * as Radix's `hideOthers`, so whichever of the two is undone first leaves the other's attribute on.
 */
export function inertOthers(keep: Element): () => void {
  const body = keep.ownerDocument.body;
  if (!body.contains(keep)) return () => {};
  const targets = new Set<Element>([keep, ...body.querySelectorAll(LIVE_REGIONS)]);
  const onPath = new Set<Element>();
  for (const target of targets) {
    for (let node: Element | null = target; node !== null && node !== body && !onPath.has(node); node = node.parentElement)
      onPath.add(node);
  }
  const made: Element[] = [];
  const visit = (parent: Element) => {
    for (const child of parent.children) {
      if (targets.has(child)) continue;
      if (onPath.has(child)) visit(child);
      else if (!child.hasAttribute('inert')) {
        child.setAttribute('inert', '');
        made.push(child);
      }
    }
  };
  visit(body);
  return () => {
    for (const element of made) element.removeAttribute('inert');
  };
}

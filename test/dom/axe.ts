import axe from 'axe-core';

/**
 * Fails with a readable list when axe finds accessibility violations in `container`.
 *
 * Disabled, because jsdom cannot compute them (it has no layout and no rendering):
 * - `color-contrast`: needs computed colours of rendered pixels;
 * - `target-size`: needs element boxes, which are all 0×0 in jsdom.
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    rules: {
      'color-contrast': { enabled: false },
      'target-size': { enabled: false },
    },
  });
  const violations = results.violations.map(
    (violation) => `${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `  ${node.html}`).join('\n')}`,
  );
  expect(violations).toEqual([]);
}

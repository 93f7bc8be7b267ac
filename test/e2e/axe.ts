/** Axe in a page of an e2e test, its source injected once per document. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * Axe's violations in `on` as it is now, each as its rule, its help and where. Frames are left
 * out: a live view is another site's page (a frame's own document is checked by passing the frame).
 */
export async function axeViolations(on: Page | Frame): Promise<string[]> {
  if (!(await on.evaluate(() => 'axe' in window))) await on.addScriptTag({ content: axeSource });
  const violations = await on.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const results = await axe.run(document, { iframes: false, resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target })),
    }));
  });
  return violations.map(
    (violation) => `${violation.id}: ${violation.help} (${JSON.stringify(violation.nodes.map((node) => node.target))})`,
  );
}

import { readFileSync } from 'node:fs';
import { bundle } from '../../bench/lib/bundle';
import { entryExternals, entryPath, SIZE_ENTRIES, type SizeEntry } from '../../bench/lib/entries';

interface Budget {
  /** Most gzip bytes allowed. */
  gzip: number;
  /** The published goal, where there is one. */
  targetGzip?: number;
  /** The size when the budget was set. */
  setAt: number;
}

const file = new URL('../../bench/size-budget.json', import.meta.url);
const { budgets } = JSON.parse(readFileSync(file, 'utf8')) as { budgets: Record<string, Budget> };

function entryOf(id: string): SizeEntry {
  const entry = SIZE_ENTRIES.find((candidate) => candidate.id === id);
  if (entry === undefined) throw new Error(`bench/size-budget.json names "${id}", which bench/lib/entries.ts does not define`);
  return entry;
}

describe('size budget (bench/size-budget.json)', () => {
  it('names only entries the benchmark bundles, with budgets within reach of their targets', () => {
    for (const [id, budget] of Object.entries(budgets)) {
      expect(() => entryOf(id)).not.toThrow();
      // A budget above a target we meet would let the code grow past the target unnoticed.
      if (budget.targetGzip !== undefined && budget.setAt <= budget.targetGzip) expect(budget.gzip).toBeLessThanOrEqual(budget.targetGzip);
    }
  });

  it.each(Object.entries(budgets))(
    '%s stays within its gzip budget',
    async (id, budget) => {
      const entry = entryOf(id);
      const size = await bundle(entryPath(entry), { external: entryExternals(entry) });
      expect(
        size.gzip,
        `${entry.label} (bench/entries/${entry.file}) is ${size.gzip} bytes gzip, over its budget of ${budget.gzip}. ` +
          'Run `npm run bench -- --only bytes` to see which files grew.',
      ).toBeLessThanOrEqual(budget.gzip);
    },
    60_000,
  );
});

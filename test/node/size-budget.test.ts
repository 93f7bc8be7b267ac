/**
 * The size budgets of bench/size-budget.json, measured as `npm run bench` measures them: each page
 * of bench/entries/ bundled for production from an empty app where the packed tarball was
 * installed (scripts/lib/packed-package.ts builds and packs once per source state, shared with the
 * other tests that need the package), React and ReactDOM left out.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle, REACT_EXTERNALS } from '../../bench/lib/bundle';
import { entryExternals, entryPath, sizeEntry } from '../../bench/lib/entries';
import { consumerApp } from '../../scripts/lib/packed-package';

interface Budget {
  /** Most gzip bytes allowed. */
  gzip: number;
  /** The published goal it stands for, if any. */
  goal?: string;
  /** The size when the budget was set. */
  setAt: number;
  /** Why it was last raised. */
  why?: string;
}

interface RatioBudget {
  entry: string;
  peer: string;
  max: number;
  goal?: string;
  setAt: number;
}

/** What one page may add to another: `entry`'s gzip minus `minus`'s. */
interface DifferenceBudget {
  entry: string;
  minus: string;
  /** Most gzip bytes `entry` may add. */
  max: number;
  goal?: string;
  setAt: number;
}

/** Package entry points bundled alone (`export * from '<name>'`), each within `max`. */
interface EntryPointBudget {
  max: number;
  goal?: string;
  /** Gzip of each entry point when the budget was set, by its name. */
  setAt: Record<string, number>;
}

const file = new URL('../../bench/size-budget.json', import.meta.url);
const { budgets, ratios, differences, entryPoints } = JSON.parse(readFileSync(file, 'utf8')) as {
  budgets: Record<string, Budget>;
  ratios: Record<string, RatioBudget>;
  differences: Record<string, DifferenceBudget>;
  entryPoints: EntryPointBudget;
};

describe('size budget (bench/size-budget.json), on the packed package', () => {
  let app = '';
  const sizes = new Map<string, number>();
  const gzipOf = async (id: string) => {
    const cached = sizes.get(id);
    if (cached !== undefined) return cached;
    const entry = sizeEntry(id);
    const { gzip } = await bundle(entryPath(entry), { app, external: entryExternals(entry), brotli: false });
    sizes.set(id, gzip);
    return gzip;
  };

  beforeAll(async () => {
    app = (await consumerApp()).dir;
  }, 600_000);

  it('names only pages the benchmark bundles', () => {
    for (const id of [
      ...Object.keys(budgets),
      ...Object.values(ratios).flatMap((ratio) => [ratio.entry, ratio.peer]),
      ...Object.values(differences).flatMap((difference) => [difference.entry, difference.minus]),
    ])
      expect(() => sizeEntry(id)).not.toThrow();
  });

  it.each(Object.entries(budgets))(
    '%s stays within its gzip budget',
    async (id, budget) => {
      const gzip = await gzipOf(id);
      expect(
        gzip,
        `${sizeEntry(id).label} (bench/entries/${sizeEntry(id).file}) is ${gzip} bytes gzip above React, over its budget of ${budget.gzip}` +
          `${budget.goal ? ` (${budget.goal})` : ''}. Run \`npm run bench -- --only bytes\` to see what it is made of.`,
      ).toBeLessThanOrEqual(budget.gzip);
    },
    120_000,
  );

  it.each(Object.entries(ratios))(
    '%s stays within its ratio',
    async (_id, budget) => {
      const ratio = (await gzipOf(budget.entry)) / (await gzipOf(budget.peer));
      expect(
        ratio,
        `${budget.entry} ÷ ${budget.peer} is ${ratio.toFixed(3)}, over ${budget.max}${budget.goal ? ` (${budget.goal})` : ''}.`,
      ).toBeLessThanOrEqual(budget.max);
    },
    120_000,
  );

  it.each(Object.entries(differences))(
    '%s stays within its difference',
    async (_id, budget) => {
      const difference = (await gzipOf(budget.entry)) - (await gzipOf(budget.minus));
      expect(
        difference,
        `${budget.entry} adds ${difference} bytes gzip to ${budget.minus}, over ${budget.max}${budget.goal ? ` (${budget.goal})` : ''}. ` +
          'Run `npm run bench -- --only bytes` to see what each is made of.',
      ).toBeLessThanOrEqual(budget.max);
    },
    120_000,
  );

  it.each(Object.keys(entryPoints.setAt))(
    "%s alone stays within the entry points' budget",
    async (name) => {
      // A page that imports the entry point whole: what an app pays for it, whatever it calls.
      const dir = mkdtempSync(join(tmpdir(), 'hitl-entry-point-'));
      try {
        const page = join(dir, 'page.ts');
        writeFileSync(page, `export * from ${JSON.stringify(name)};\n`);
        const { gzip } = await bundle(page, { app, external: REACT_EXTERNALS, brotli: false });
        expect(
          gzip,
          `${name} is ${gzip} bytes gzip alone, over ${entryPoints.max}${entryPoints.goal ? ` (${entryPoints.goal})` : ''}.`,
        ).toBeLessThanOrEqual(entryPoints.max);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

/**
 * `npm run bench -- --single-module`: the package built as it was before it tree-shook, one
 * `dist/index.js` (plus shared chunks) instead of one output module per source module, so that the
 * issue's figures (a page of `useRunStatus` alone: 43 KB gzip, Radix included) can be measured
 * again beside today's. Applied to the copy the package is built from, never to the working tree;
 * diagnosis only.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PackOptions } from '../../scripts/lib/packed-package';

/** The output settings of vite.config.ts that make one module per source module. */
const PER_MODULE = /^\s*preserveModules: true,\n\s*preserveModulesRoot: 'src',\n\s*entryFileNames: '\[name\]\.js',\n/m;
const SINGLE_MODULE = "          chunkFileNames: 'chunks/[name]-[hash].js',\n";

export const singleModulePatch: NonNullable<PackOptions['patch']> = {
  key: 'single-module',
  async apply(sourceDir) {
    const file = join(sourceDir, 'vite.config.ts');
    const config = await readFile(file, 'utf8');
    if (!PER_MODULE.test(config)) throw new Error('vite.config.ts has no preserveModules output to undo: see bench/README.md');
    await writeFile(file, config.replace(PER_MODULE, SINGLE_MODULE));
  },
};

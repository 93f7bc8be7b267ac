/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type Plugin } from 'vite';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { chromiumLaunchOptions } from './scripts/lib/chromium.ts';

const root = dirname(fileURLToPath(import.meta.url));

const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
/** The languages shipped as `hitl-react/locales/<tag>` (package.json "exports" lists each). */
const LOCALES = ['en', 'de', 'fr', 'es', 'ja'];

const externalPackages = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];

/** Inlines the `@import`s of src/styles.css into one dist/styles.css, so users import a single file. */
function stylesheet(): Plugin {
  const inline = (file: string, seen: Set<string>): string =>
    readFileSync(file, 'utf8').replace(/^@import\s+['"](.+?)['"];?\s*$/gm, (_, spec: string) => {
      const target = resolve(dirname(file), spec);
      if (seen.has(target)) return '';
      seen.add(target);
      return inline(target, seen);
    });
  return {
    name: 'hitl-react:stylesheet',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'styles.css', source: inline(resolve(root, 'src/styles.css'), new Set()) });
    },
  };
}

/** Client code in React Server Components terms: a module that imports React, or a hook (hooks only run in a client). */
function isClientModule(source: string | null, imports: readonly string[]): boolean {
  if (source !== null && /[\\/]src[\\/](hooks|context)[\\/]/.test(source)) return true;
  return imports.some((id) => /^(react|react-dom|@radix-ui\/[^/]+)(\/|$)/.test(id));
}

/**
 * Vitest's order (`sequence.groupOrder`, then by project, the longest first once it has timings),
 * with the e2e files of a group spread through it instead of after the jsdom ones: most of their
 * time is spent waiting (a simulated run, a dev server, an install), which the CPU-bound jsdom and
 * Node files next to them fill.
 */
class SpreadWaiting extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const groups = [...new Set(sorted.map((spec) => spec.project.config.sequence.groupOrder))];
    return groups.flatMap((order) => {
      const group = sorted.filter((spec) => spec.project.config.sequence.groupOrder === order);
      const waiting = group.filter((spec) => spec.project.name === 'e2e');
      const rest = group.filter((spec) => spec.project.name !== 'e2e');
      const every = Math.max(1, Math.ceil(rest.length / Math.max(1, waiting.length)));
      return rest
        .reduce<TestSpecification[]>((out, spec, index) => {
          if (index % every === 0 && waiting.length > 0) out.push(waiting.shift() as TestSpecification);
          out.push(spec);
          return out;
        }, [])
        .concat(waiting);
    });
  }
}

/** e2e files that time the service's and the pages' reactions (±10 %, one interval + 500 ms, 50 ms apart). */
const E2E_TIMING = ['hub', 'hub-faults', 'cross-tab'].map((name) => `test/e2e/${name}.test.ts`);
/** e2e files that bound how long the page's main thread may be busy (FREEZE_MS, a frame). */
const E2E_BUDGETS = ['large-options', 'data-table', 'hostile-forms', 'hostile-pattern'].map((name) => `test/e2e/${name}.test.ts`);
const E2E = { environment: 'node', testTimeout: 120_000, hookTimeout: 180_000 } as const;

export default defineConfig(({ command }) => {
  // A stray NODE_ENV (e.g. `test` when a test runs the build) would put React's development JSX
  // runtime into the library.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), stylesheet()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      minify: false,
      lib: {
        entry: {
          index: resolve(root, 'src/index.ts'),
          // The store's plumbing, apart from what apps use.
          store: resolve(root, 'src/store-entry.ts'),
          testing: resolve(root, 'src/testing/index.ts'),
          'testing/msw': resolve(root, 'src/testing/msw/index.ts'),
          'testing/playwright': resolve(root, 'src/testing/playwright/index.ts'),
          server: resolve(root, 'src/server/index.ts'),
          // The only entry that imports `redis` (an optional peer): `hitl-react/server` stays free of it.
          'server/redis': resolve(root, 'src/server/redis/index.ts'),
          // One entry per language, so an app bundles only the languages it imports.
          ...Object.fromEntries(LOCALES.map((tag) => [`locales/${tag}`, resolve(root, `src/messages/locales/${tag}.ts`)])),
        },
        formats: ['es'],
      },
      rollupOptions: {
        external: (id) => id.startsWith('node:') || externalPackages.some((name) => id === name || id.startsWith(`${name}/`)),
        output: {
          // One output module per source module: with package.json's "sideEffects", an app's
          // bundler drops every module a page does not import. A single dist/index.js cannot be
          // shaken: its top-level calls (memo(FormField), createContext…) keep Radix in every page.
          preserveModules: true,
          preserveModulesRoot: 'src',
          entryFileNames: '[name].js',
          // Every module that imports React (components, hooks, the provider) is client code: a Next.js
          // App Router Server Component may import them from the main entry and render them. The rest
          // of the entry (createTaskClient, formInputTool, the messages…) stays callable on the server,
          // e.g. in a Server Action, as `hitl-react/server` and `hitl-react/testing` do.
          banner: (chunk) => (isClientModule(chunk.facadeModuleId, chunk.imports) ? "'use client';" : ''),
        },
      },
    },
    test: {
      globals: true,
      restoreMocks: true,
      // Vitest's default on two cores is one file at a time (cores − 1). Two: each file keeps its own
      // worker (isolation is unchanged) and its own servers on free ports, so files share no state.
      // What is timed runs after the CPU-bound files (`sequence.groupOrder`), one file at a time
      // per project: the stories next to the two timed e2e files, which mostly wait; then the
      // main-thread budgets alone. With more at once, stories timed out and budgets were missed.
      maxWorkers: 2,
      sequence: { sequencer: SpreadWaiting },
      projects: [
        {
          extends: true,
          test: { name: 'node', include: ['test/node/**/*.test.{ts,tsx}'], environment: 'node' },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            include: ['test/dom/**/*.test.{ts,tsx}'],
            environment: 'jsdom',
            setupFiles: ['test/setup-dom.ts'],
            // On two cores the jsdom suites share the machine with Chromium and Storybook: a whole
            // typed-and-submitted flow can pass 5 s there without anything being wrong. The waits
            // inside the tests keep their own, shorter time-outs.
            testTimeout: 15_000,
          },
        },
        {
          extends: true,
          test: { name: 'e2e', include: ['test/e2e/**/*.test.{ts,tsx}'], exclude: [...E2E_TIMING, ...E2E_BUDGETS], ...E2E },
        },
        {
          extends: true,
          // Two files that mostly wait, one after the other, next to the stories.
          test: { name: 'e2e-timing', include: E2E_TIMING, ...E2E, maxWorkers: 1, sequence: { groupOrder: 1 } },
        },
        {
          extends: true,
          // Their millisecond budgets measure the page, not the machine: last, one file at a time.
          test: { name: 'e2e-budgets', include: E2E_BUDGETS, ...E2E, maxWorkers: 1, sequence: { groupOrder: 2 } },
        },
        {
          extends: true,
          plugins: [storybookTest({ configDir: resolve(root, '.storybook') })],
          test: {
            name: 'storybook',
            maxWorkers: 1,
            sequence: { groupOrder: 1 },
            browser: {
              enabled: true,
              headless: true,
              provider: playwright({ launchOptions: chromiumLaunchOptions }),
              instances: [{ browser: 'chromium' }],
            },
          },
        },
      ],
    },
  };
});

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
/** The agent frameworks shipped as `hitl-react/<name>` (package.json "exports" lists each). */
const ADAPTERS = ['mcp', 'ai-sdk', 'langgraph', 'ag-ui', 'openai-agents', 'mastra'];

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

/** Node files that spend most of their time waiting on child processes, Redis restarts and poll intervals. */
const NODE_WAITING = [
  ...['exactly-once', 'hub-faults', 'flood', 'teams'].map((name) => `test/node/proxy/${name}.test.ts`),
  'test/node/notify/notifications-across-instances.test.ts',
];
/**
 * The longest files of their projects, started first in them, in this order. On a fresh clone
 * Vitest has no timings and orders by size, which started them midway and left them running at
 * the end. packed-package also packs the tarball the other package tests install.
 */
const LONGEST = [
  'test/e2e/packed-package.test.ts',
  'test/e2e/playground.test.ts',
  'test/dom/recipes/mui.test.tsx',
  'test/dom/tool-call-form/option-listbox.test.tsx',
];
/**
 * Files that wait for what packed-package makes (the empty app with the tarball installed,
 * `consumerApp()`), last in their project: started beside it, one held a worker idle for two
 * minutes while the app was built.
 */
const AFTER_PACKED = ['test/e2e/data-table.test.ts'];
const longest = (spec: TestSpecification) => {
  if (AFTER_PACKED.some((file) => spec.moduleId.endsWith(file))) return LONGEST.length + 1;
  const index = LONGEST.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? LONGEST.length : index;
};
/** The order of the projects' files: those that mostly wait first, while the stories and the static checks fill the cores. */
const PROJECT_ORDER = ['e2e', 'node', 'dom', 'dom-one-realm', 'storybook'];
const rank = (project: string) => (PROJECT_ORDER.includes(project) ? PROJECT_ORDER.indexOf(project) : PROJECT_ORDER.length);

/**
 * Vitest's own order within a project (files without timings first, by size, as on a fresh clone;
 * then the failed; then the longest by the last run's timings) after the `LONGEST`, but the projects in
 * `PROJECT_ORDER` rather than by name, one after another: a worker that shares its modules between
 * files, as the Node ones do, is kept only while the next file is of its project (interleaved,
 * each file started a worker anew). The Node files that mostly wait go every second file from the
 * start of their project: their time is a poll interval or a child process, which the CPU-bound
 * files beside them fill (all three at once, the cores idled).
 */
class ProjectsLongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array#sort is stable: within a project, Vitest's order stays.
    const sorted = (await super.sort(files)).sort((a, b) => rank(a.project.name) - rank(b.project.name));
    const waits = (spec: TestSpecification) => NODE_WAITING.some((file) => spec.moduleId.endsWith(file));
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return projects.flatMap((project) => {
      const own = sorted.filter((spec) => spec.project.name === project).sort((a, b) => longest(a) - longest(b));
      const waiting = own.filter(waits);
      return own
        .filter((spec) => !waits(spec))
        .reduce<TestSpecification[]>((out, spec, index) => {
          if (index % 2 === 0 && waiting.length > 0) out.push(waiting.shift() as TestSpecification);
          out.push(spec);
          return out;
        }, [])
        .concat(waiting);
    });
  }
}

/**
 * jsdom files that need a single realm: the store reads the in-process proxy's event stream (Node's
 * web streams meeting jsdom's globals), or a check compares prototypes with the page's own. They run
 * in forks; every other jsdom file in VM contexts, which set jsdom and the dependencies up once per
 * worker instead of once per file (40 % less CPU for the project).
 */
const DOM_ONE_REALM = [
  'test/dom/**/*.stream.test.tsx',
  'test/dom/run-components/answered-elsewhere.test.tsx',
  'test/dom/stories/story-source-props.test.tsx',
];
/**
 * Every project's time-outs bound a freeze, never the speed: with two CPU-bound processes and other
 * suites beside it (`npm run test:load`), a test of redis round trips or a jsdom form typed field by
 * field took past Vitest's defaults (5 s a test, 10 s a hook) and past 60 s without anything being
 * wrong. The waits inside the tests keep their own, shorter time-outs, which wait for an event.
 */
const FREEZE = { testTimeout: 120_000, hookTimeout: 180_000 } as const;
const E2E = { environment: 'node' } as const;
const DOM = { environment: 'jsdom', setupFiles: ['test/setup-dom.ts'] };

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
          // One entry per agent framework: plain functions, no import of the framework itself.
          ...Object.fromEntries(ADAPTERS.map((name) => [name, resolve(root, `src/adapters/${name}/index.ts`)])),
          // Runs in a service worker: shows the proxy's web pushes. No React, no dependency.
          'service-worker': resolve(root, 'src/service-worker/index.ts'),
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
      ...FREEZE,
      // Vitest's default on two cores is one file at a time (cores − 1). Three (two: 6 % slower;
      // four: no faster), with the stories' page beside them: a third of the files mostly wait (a
      // child process, a poll interval, a page), and the CPU-bound ones fill the cores meanwhile.
      // Each file starts its own servers on free ports. No test bounds time tighter than a freeze
      // breaks (the suite passes with two busy processes beside it, `npm run test:load`).
      maxWorkers: 3,
      sequence: { sequencer: ProjectsLongestFirst },
      projects: [
        {
          extends: true,
          // One module graph per worker (`isolate: false`): each file set up its own ~1 s of imports
          // before. Every file cleans up what it changes (servers, timers, stubbed globals); the files
          // pass in any order (`--sequence.shuffle.files`).
          test: { name: 'node', include: ['test/node/**/*.test.{ts,tsx}'], environment: 'node', isolate: false },
        },
        {
          extends: true,
          test: { name: 'dom', include: ['test/dom/**/*.test.{ts,tsx}'], exclude: DOM_ONE_REALM, pool: 'vmThreads', ...DOM },
        },
        {
          extends: true,
          test: { name: 'dom-one-realm', include: DOM_ONE_REALM, ...DOM },
        },
        {
          extends: true,
          // One module graph per worker, as the Node files: playwright-core, esbuild and the library
          // were imported again for each file (36 s of imports for 15 files, 17 s shared; the
          // project alone took 142 s, 121 s shared). The files stub no module or global.
          test: { name: 'e2e', include: ['test/e2e/**/*.test.{ts,tsx}'], ...E2E, isolate: false },
        },
        // `npm run test:catalogue` only (CI runs it after `npm test`): the built Storybook, every
        // entry opened in Chromium. Its build and browse take a minute or two of both cores.
        ...(process.env.HITL_TEST_CATALOGUE === '1'
          ? [{ extends: true as const, test: { name: 'catalogue', include: ['test/catalogue/**/*.test.ts'], ...E2E, maxWorkers: 1 } }]
          : []),
        {
          extends: true,
          plugins: [storybookTest({ configDir: resolve(root, '.storybook') })],
          test: {
            name: 'storybook',
            // A story's play function is a whole typed-and-submitted flow: the browser's default of
            // 15 s is not a freeze bound (MUI's 19-field form passed it under load).
            ...FREEZE,
            // The stories share one page, as in Storybook itself, which shows one story after
            // another without a reload: 40 % of the project's time was reloading it for each file.
            isolate: false,
            browser: {
              enabled: true,
              headless: true,
              // One file at a time (two at once, a story's select list did not open: they share the
              // page's focus), beside the other projects' files: Vitest's browser pool runs next to
              // its worker pool.
              fileParallelism: false,
              provider: playwright({ launchOptions: chromiumLaunchOptions }),
              instances: [{ browser: 'chromium' }],
            },
          },
        },
      ],
    },
  };
});

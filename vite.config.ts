/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type Plugin } from 'vite';
import { chromiumLaunchOptions } from './scripts/chromium.ts';

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
          test: {
            name: 'e2e',
            include: ['test/e2e/**/*.test.{ts,tsx}'],
            environment: 'node',
            testTimeout: 120_000,
            hookTimeout: 180_000,
          },
        },
        {
          extends: true,
          plugins: [storybookTest({ configDir: resolve(root, '.storybook') })],
          test: {
            name: 'storybook',
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

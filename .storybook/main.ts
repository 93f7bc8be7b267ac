import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';

const PUBLIC_DIR = resolve(dirname(fileURLToPath(import.meta.url)), 'public');

/** Where the catalogue's simulated services point their live view and recording addresses. */
const SIMULATOR_ASSETS_PATH = '/hitl-sim';

/** The headers the simulator's own HTTP face sends with these, so the components see the same. */
const LIVE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};
const GIF_HEADERS = { 'content-type': 'image/gif', 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=3600' };

/**
 * Answers the simulator's per-run addresses, `/hitl-sim/live/<runId>` and
 * `/hitl-sim/recordings/<runId>.gif`, with the static live page and recording of
 * `.storybook/public/hitl-sim/`, on the catalogue's own dev server (`storybook dev` and the Vitest
 * run). Run ids are random, so no static file can sit at those paths; a static build has no server
 * and the stories fall back (see `stories/support/simulator-assets.ts`), told which case they are in
 * by `__HITL_SIM_PER_RUN_ROUTES__`. (Kept in this file: Storybook wants no extensionless relative
 * imports in its main file.)
 */
function simulatorAssets(): Plugin {
  const livePage = readFileSync(resolve(PUBLIC_DIR, 'hitl-sim/live-view.html'));
  const recording = readFileSync(resolve(PUBLIC_DIR, 'hitl-sim/recording.gif'));
  return {
    name: 'hitl-react:simulator-assets',
    config(_config, env) {
      // `serve` is `storybook dev` and the Vitest run, where the middleware below answers.
      return { define: { __HITL_SIM_PER_RUN_ROUTES__: JSON.stringify(env.command === 'serve') } };
    },
    configureServer(server) {
      server.middlewares.use(SIMULATOR_ASSETS_PATH, (request, response, next) => {
        const path = (request.url ?? '').split(/[?#]/)[0] ?? '';
        const body = /^\/live\/[^/]+$/.test(path) ? livePage : /^\/recordings\/[^/]+\.gif$/.test(path) ? recording : undefined;
        if (body === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) {
          next();
          return;
        }
        response.writeHead(200, { ...(body === livePage ? LIVE_HEADERS : GIF_HEADERS), 'content-length': String(body.byteLength) });
        response.end(request.method === 'HEAD' ? undefined : body);
      });
    },
  };
}

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The simulated live page and recording, served from the stories' own origin: no network.
  staticDirs: ['./public'],
  viteFinal(config) {
    // The root vite.config.ts builds the library; the catalogue is an app, so drop the library settings.
    if (config.build) delete config.build.lib;
    // The stylesheet as the package ships it (dist/styles.css is not minified). Minifying rewrote
    // it for older browsers: `:dir(rtl)` became a list of `:lang()`s, so a `dir="rtl"` page got an
    // unmirrored switch, and the theme's defaults no longer read as written.
    config.build = { ...config.build, cssMinify: false };
    // Tailwind 4 builds the shadcn recipe's stylesheet (examples/shadcn-form/styles.css), which only
    // its stories import. A stylesheet without Tailwind's directives passes through unchanged.
    config.plugins = [...(config.plugins ?? []), simulatorAssets(), tailwindcss()];
    // ajv (CommonJS) is imported on demand by the JSON editors: bundled with the other dependencies
    // when the dev server starts, not at a story's first validation, which on a fresh clone took
    // longer than the story's 2 s.
    config.optimizeDeps = { ...config.optimizeDeps, include: [...(config.optimizeDeps?.include ?? []), 'ajv'] };
    return config;
  },
};

export default config;

/**
 * Builds the benchmark pages from the consumer app (production bundles, as in the byte counts)
 * and serves them. Every page is one script; pages of ours link the installed stylesheet, as a
 * user's app imports `hitl-react/styles.css`.
 */
import { fileURLToPath } from 'node:url';
import { pageHtml, serveFiles, type StaticServer } from '../lib/browser';
import { bundle, installedStylesheet } from '../lib/bundle';

const PAGES_DIR = fileURLToPath(new URL('../pages/', import.meta.url));

export interface PageSpec {
  /** URL path without extension, e.g. `forms-ours`. */
  name: string;
  /** Relative to bench/pages/. */
  entry: string;
  /** Link the library's stylesheet. Default: false. */
  withOurStyles?: boolean;
  /** Diagnosis only: bundle from src/ as the earlier bench did (bench/lib/bundle.ts `fromSource`). Default: false. */
  fromSource?: boolean;
}

export const FORM_PAGES: readonly PageSpec[] = [
  { name: 'forms-baseline', entry: 'forms/baseline.tsx' },
  { name: 'forms-ours', entry: 'forms/ours.tsx', withOurStyles: true },
  { name: 'forms-headless', entry: 'forms/headless.tsx' },
  { name: 'forms-headless-plain', entry: 'forms/headless-plain.tsx' },
  { name: 'forms-rjsf', entry: 'forms/rjsf.tsx' },
  { name: 'forms-jsonforms', entry: 'forms/jsonforms.tsx' },
];

export const DIAGNOSTIC_FORM_PAGES: readonly PageSpec[] = [
  { name: 'forms-ours-unstyled', entry: 'forms/ours.tsx' },
  { name: 'forms-ours-source', entry: 'forms/ours.tsx', withOurStyles: true, fromSource: true },
];

export interface ServedPages extends StaticServer {
  /** A page's address. */
  page(name: string): string;
}

/** Bundles every page from the consumer app `app` and serves them. */
export async function servePages(app: string, specs: readonly PageSpec[]): Promise<ServedPages> {
  const files = new Map<string, string>();
  if (specs.some((spec) => spec.withOurStyles && !spec.fromSource)) files.set('/hitl-react.css', await installedStylesheet(app));
  if (specs.some((spec) => spec.withOurStyles && spec.fromSource))
    files.set('/hitl-react-source.css', await installedStylesheet(app, true));
  // One at a time: esbuild already uses every core.
  for (const spec of specs) {
    // Served, not measured: no brotli.
    const { code } = await bundle(PAGES_DIR + spec.entry, {
      app,
      dynamicImports: 'inline',
      fromSource: spec.fromSource === true,
      brotli: false,
    });
    const stylesheet = spec.withOurStyles ? (spec.fromSource ? '/hitl-react-source.css' : '/hitl-react.css') : undefined;
    files.set(`/${spec.name}.js`, code);
    files.set(`/${spec.name}.html`, pageHtml(spec.name, `/${spec.name}.js`, stylesheet));
  }
  const server = await serveFiles(files);
  return { ...server, page: (name) => `${server.url}/${name}.html` };
}

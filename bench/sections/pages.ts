/** Builds the benchmark pages (production bundles, as in the byte counts) and serves them. */
import { fileURLToPath } from 'node:url';
import { bundle, bundleCss } from '../lib/bundle';
import { pageHtml, serveFiles, type StaticServer } from '../lib/browser';

const PAGES_DIR = fileURLToPath(new URL('../pages/', import.meta.url));
const STYLES = fileURLToPath(new URL('../../src/styles.css', import.meta.url));

export interface PageSpec {
  /** URL path without extension, e.g. `forms-ours`. */
  name: string;
  /** Relative to bench/pages/. */
  entry: string;
  /** Link the library's stylesheet (ours ships one; a user imports it). */
  withOurStyles?: boolean;
}

/** Bundles every page and serves them; `url(name)` gives a page's address. */
export async function servePages(specs: readonly PageSpec[]): Promise<StaticServer & { page(name: string): string }> {
  const files = new Map<string, string>();
  const needStyles = specs.some((spec) => spec.withOurStyles);
  if (needStyles) files.set('/hitl-react.css', await bundleCss(STYLES));
  await Promise.all(
    specs.map(async (spec) => {
      const { code } = await bundle(PAGES_DIR + spec.entry, { dynamicImports: 'inline' });
      files.set(`/${spec.name}.js`, code);
      files.set(`/${spec.name}.html`, pageHtml(spec.name, `/${spec.name}.js`, spec.withOurStyles ? '/hitl-react.css' : undefined));
    }),
  );
  const server = await serveFiles(files);
  return { ...server, page: (name) => `${server.url}/${name}.html` };
}

/**
 * Bundles one entry the way a production app would ship it and measures the bytes.
 *
 * Shared by `npm run bench` and the CI size budget (test/node/size-budget.test.ts), so the two
 * can never measure differently.
 */
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** React and ReactDOM, for bundles that measure a library's own code only. */
export const REACT_EXTERNALS = ['react', 'react/*', 'react-dom', 'react-dom/*'] as const;

export interface BundleOptions {
  /** Packages left out of the bundle (esbuild `external`, `*` wildcards allowed). Default: none. */
  external?: readonly string[];
  /**
   * `'separate'`: code reached only through `import()` is left out and measured on its own
   * (`lazy`), as an app bundler would put it in a chunk loaded on demand. `'inline'`: it is
   * bundled in, for pages served as one script. Default: `'separate'`.
   */
  dynamicImports?: 'separate' | 'inline';
}

export interface BundleSize {
  /** Minified bytes. */
  min: number;
  /** Minified, then gzip level 9. */
  gzip: number;
  /** Minified, then brotli quality 11. */
  brotli: number;
}

export interface BundleResult extends BundleSize {
  /** The minified code. */
  code: string;
  /**
   * What the bundle's surviving `import()`s load, each target bundled on its own and summed;
   * undefined when there are none. Not in `min`/`gzip`/`brotli`.
   */
  lazy: (BundleSize & { imports: string[] }) | undefined;
  metafile: Metafile;
}

/** Sizes of some minified code. */
export function measureCode(code: string | Uint8Array): BundleSize {
  const bytes = Buffer.from(code);
  return {
    min: bytes.byteLength,
    gzip: gzipSync(bytes, { level: 9 }).byteLength,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }).byteLength,
  };
}

function sum(sizes: readonly BundleSize[]): BundleSize {
  return sizes.reduce((total, size) => ({ min: total.min + size.min, gzip: total.gzip + size.gzip, brotli: total.brotli + size.brotli }), {
    min: 0,
    gzip: 0,
    brotli: 0,
  });
}

/** The esbuild options every measurement shares. */
function productionOptions(external: readonly string[]): BuildOptions & { write: false; metafile: true } {
  return {
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    treeShaking: true,
    legalComments: 'none',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: [...external],
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: ROOT,
    // Nothing is written (`write: false`); the folder only names the output.
    outdir: 'bench-out',
    // CSS is shipped as a separate file the app links; these numbers are about JavaScript.
    loader: { '.css': 'empty' },
  };
}

/**
 * A production ESM bundle for the browser: minified, tree-shaken, `NODE_ENV` "production" (so
 * React and the peers drop their development builds), legal comments dropped (they are not code
 * and every library carries different amounts of them).
 */
export async function bundle(entry: string, options: BundleOptions = {}): Promise<BundleResult> {
  const external = options.external ?? [];
  const dynamicTargets = new Map<string, string>();
  const separate: Plugin = {
    name: 'hitl-bench:separate-dynamic-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        dynamicTargets.set(args.path, args.resolveDir);
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    ...productionOptions(external),
    entryPoints: [entry],
    plugins: (options.dynamicImports ?? 'separate') === 'separate' ? [separate] : [],
  });
  const output = result.outputFiles.find((file) => file.path.endsWith('.js'));
  if (output === undefined) throw new Error(`esbuild produced no JavaScript for ${entry}`);
  // Only the `import()`s that survived tree shaking load anything.
  const surviving = [
    ...new Set(
      Object.values(result.metafile.outputs).flatMap((file) =>
        file.imports.filter((imported) => imported.kind === 'dynamic-import' && imported.external).map((imported) => imported.path),
      ),
    ),
  ];
  const lazySizes = await Promise.all(
    surviving.map(async (path) => {
      // A dynamic import gets the whole module namespace: nothing of it can be shaken off.
      const lazy = await build({
        ...productionOptions(external),
        stdin: {
          contents: `import * as namespace from ${JSON.stringify(path)};\nexport default namespace;`,
          resolveDir: dynamicTargets.get(path) ?? ROOT,
          loader: 'js',
        },
      });
      const file = lazy.outputFiles.find((candidate) => candidate.path.endsWith('.js'));
      return file ? measureCode(file.contents) : { min: 0, gzip: 0, brotli: 0 };
    }),
  );
  return {
    code: output.text,
    ...measureCode(output.contents),
    lazy: surviving.length === 0 ? undefined : { ...sum(lazySizes), imports: surviving },
    metafile: result.metafile,
  };
}

/** Bytes of the minified output per input package (or per source folder for our own files), largest first. */
export function bytesByOrigin(metafile: Metafile): Array<{ origin: string; bytes: number }> {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const origin = originOf(input);
      totals.set(origin, (totals.get(origin) ?? 0) + bytesInOutput);
    }
  }
  return [...totals]
    .map(([origin, bytes]) => ({ origin, bytes }))
    .filter((entry) => entry.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

/** `node_modules/@scope/name/...` → `@scope/name`; `src/components/x/y.tsx` → `src/components/x`. */
function originOf(input: string): string {
  const modules = input.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const parts = input.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? input);
  }
  const parts = input.split('/');
  const src = parts.indexOf('src');
  if (src !== -1) return parts.slice(src, Math.min(parts.length - 1, src + 3)).join('/');
  return parts.slice(0, -1).join('/') || input;
}

/** Bytes of the minified output per input file, largest first: what to cut first. */
export function bytesByFile(metafile: Metafile): Array<{ file: string; bytes: number }> {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      totals.set(input, (totals.get(input) ?? 0) + bytesInOutput);
    }
  }
  return [...totals]
    .map(([file, bytes]) => ({ file, bytes }))
    .filter((entry) => entry.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

/** A stylesheet with its `@import`s inlined and minified, as an app would ship it. */
export async function bundleCss(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    minify: true,
    logLevel: 'silent',
    absWorkingDir: ROOT,
    outdir: 'bench-out',
  });
  const output = result.outputFiles.find((file) => file.path.endsWith('.css'));
  if (output === undefined) throw new Error(`esbuild produced no CSS for ${entry}`);
  return output.text;
}

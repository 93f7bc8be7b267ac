/**
 * Bundles a page the way a user's app ships it, from the consumer app of scripts/lib/packed-package.ts, and
 * measures the bytes. Shared by `npm run bench` and the CI size tests, so the two can never
 * measure differently.
 *
 * The bench's pages live in bench/ and import `../../src` so that they type-check in this
 * repository; here every such import becomes `hitl-react` resolved in the consumer app, and every
 * package (React, Radix, the peers) resolves from the app's node_modules too: the bytes and the
 * code are those of the installed tarball, never of src/. Any other path into src/ fails the build.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { REPO_ROOT } from '../../scripts/lib/packed-package';

/** React and ReactDOM: left out of a bundle to measure what a library adds above them. */
export const REACT_EXTERNALS = ['react', 'react/*', 'react-dom', 'react-dom/*'] as const;

const SRC = join(REPO_ROOT, 'src');
/** Source entries and the public name a user imports instead. */
const PUBLIC_ENTRIES = new Map([
  [join(SRC, 'index.ts'), 'hitl-react'],
  [join(SRC, 'testing', 'index.ts'), 'hitl-react/testing'],
  [join(SRC, 'server', 'index.ts'), 'hitl-react/server'],
  [join(SRC, 'styles.css'), 'hitl-react/styles.css'],
  ...['en', 'de', 'fr', 'es', 'ja'].map((tag) => [join(SRC, 'messages', 'locales', `${tag}.ts`), `hitl-react/locales/${tag}`] as const),
  ...['mcp', 'ai-sdk', 'langgraph', 'ag-ui', 'openai-agents', 'mastra'].map(
    (name) => [join(SRC, 'adapters', name, 'index.ts'), `hitl-react/${name}`] as const,
  ),
]);
const FROM_PLUGIN = Symbol('resolved by hitl-bench:consumer');

export interface BundleOptions {
  /** The consumer app's folder (scripts/lib/packed-package.ts `consumerApp().dir`). Required. */
  app: string;
  /** Packages left out of the bundle (esbuild `external`, `*` wildcards allowed). Default: none. */
  external?: readonly string[];
  /**
   * `'separate'`: code reached only through `import()` is left out and measured on its own
   * (`lazy`), as an app bundler puts it in a chunk loaded on demand. `'inline'`: bundled in, for
   * pages served as one script. Default: `'separate'`.
   */
  dynamicImports?: 'separate' | 'inline';
  /**
   * Diagnosis only: bundle from this repository's src/ and node_modules, as the bench did before
   * it measured the packed package. Default: false.
   */
  fromSource?: boolean;
  /**
   * Whether `brotli` is measured. Quality 11 costs about a second of CPU per 300 KB, and the CI
   * checks read only `gzip`; `false` leaves `brotli` NaN. Default: true.
   */
  brotli?: boolean;
}

export interface BundleSize {
  /** Minified bytes. */
  min: number;
  /** Minified, then gzip level 9. */
  gzip: number;
  /** Minified, then brotli quality 11 (NaN where it was not asked for: `BundleOptions.brotli`). */
  brotli: number;
}

export interface BundleResult extends BundleSize {
  /** The minified code. */
  code: string;
  /** What the bundle's surviving `import()`s load, each bundled on its own and summed; not in `min`/`gzip`/`brotli`. */
  lazy: (BundleSize & { imports: string[] }) | undefined;
  metafile: Metafile;
}

/** Sizes of some minified code; `brotli` NaN unless asked for. */
export function measureCode(code: string | Uint8Array, brotli = true): BundleSize {
  const bytes = Buffer.from(code);
  return {
    min: bytes.byteLength,
    gzip: gzipSync(bytes, { level: 9 }).byteLength,
    brotli: brotli
      ? brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
        }).byteLength
      : Number.NaN,
  };
}

function sum(sizes: readonly BundleSize[]): BundleSize {
  return sizes.reduce((total, size) => ({ min: total.min + size.min, gzip: total.gzip + size.gzip, brotli: total.brotli + size.brotli }), {
    min: 0,
    gzip: 0,
    brotli: 0,
  });
}

const inside = (path: string, dir: string) => path === dir || path.startsWith(dir + sep);

/**
 * Resolves as the consumer app would: bare imports and the source entries from the app's
 * node_modules. A package of the app that would only resolve from our own node_modules (a
 * dependency the tarball forgot to declare) is an error, not a silent fallback.
 */
export function consumerResolution(appDir: string, onDynamicImport?: (path: string, resolveDir: string) => void): Plugin {
  const app = resolve(appDir);
  return {
    name: 'hitl-bench:consumer',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === FROM_PLUGIN || args.kind === 'entry-point') return undefined;
        if (args.kind === 'dynamic-import' && onDynamicImport)
          return separateDynamicImportsResult(args.path, args.resolveDir, onDynamicImport);
        let specifier = args.path;
        const relativePath = specifier.startsWith('.') || isAbsolute(specifier);
        if (relativePath) {
          const target = resolve(args.resolveDir, specifier);
          if (!inside(target, SRC)) return undefined;
          const name = [target, `${target}.ts`, join(target, 'index.ts')].map((candidate) => PUBLIC_ENTRIES.get(candidate)).find(Boolean);
          if (name === undefined)
            return {
              errors: [
                {
                  text: `${args.importer} imports ${specifier}: bench pages may import only src/index.ts, src/testing, src/server, src/adapters/<name> or src/messages/locales/<tag>`,
                },
              ],
            };
          specifier = name;
        }
        const fromApp = inside(args.importer, join(app, 'node_modules'));
        const result = await pluginBuild.resolve(specifier, {
          kind: args.kind,
          resolveDir: fromApp ? args.resolveDir : app,
          importer: args.importer,
          pluginData: FROM_PLUGIN,
        });
        if (result.errors.length > 0) return { errors: result.errors };
        if (!result.external && result.namespace === 'file' && !inside(result.path, app))
          return { errors: [{ text: `${specifier} (imported by ${args.importer}) resolved outside the consumer app: ${result.path}` }] };
        return { path: result.path, external: result.external, namespace: result.namespace, sideEffects: result.sideEffects };
      });
    },
  };
}

function separateDynamicImportsResult(path: string, resolveDir: string, onDynamicImport: (path: string, resolveDir: string) => void) {
  onDynamicImport(path, resolveDir);
  return { path, external: true };
}

/** Leaves `import()`s out of the bundle, telling `onDynamicImport` what they load. */
function separateDynamicImports(onDynamicImport: (path: string, resolveDir: string) => void): Plugin {
  return {
    name: 'hitl-bench:separate-dynamic-imports',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        return separateDynamicImportsResult(args.path, args.resolveDir, onDynamicImport);
      });
    },
  };
}

/** The esbuild options every measurement shares. */
export function productionOptions(app: string, external: readonly string[]): BuildOptions & { write: false; metafile: true } {
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
    absWorkingDir: app,
    // Nothing is written (`write: false`); the folder only names the output.
    outdir: 'bench-out',
    // CSS is shipped as a separate file the app links; these numbers are about JavaScript.
    loader: { '.css': 'empty' },
  };
}

/**
 * A production ESM bundle for the browser from the consumer app: minified, tree-shaken,
 * `NODE_ENV` "production", legal comments dropped (not code; every library carries different
 * amounts of them).
 */
export async function bundle(entry: string, options: BundleOptions): Promise<BundleResult> {
  const external = options.external ?? [];
  const dynamicTargets = new Map<string, string>();
  const separate = (options.dynamicImports ?? 'separate') === 'separate';
  const onDynamicImport = separate ? (path: string, dir: string) => dynamicTargets.set(path, dir) : undefined;
  const result = await build({
    ...productionOptions(options.fromSource ? REPO_ROOT : options.app, external),
    entryPoints: [entry],
    plugins: options.fromSource
      ? onDynamicImport
        ? [separateDynamicImports(onDynamicImport)]
        : []
      : [consumerResolution(options.app, onDynamicImport)],
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
        ...productionOptions(options.fromSource ? REPO_ROOT : options.app, external),
        stdin: {
          contents: `import * as namespace from ${JSON.stringify(path)};\nexport default namespace;`,
          resolveDir: dynamicTargets.get(path) ?? options.app,
          loader: 'js',
        },
        plugins: options.fromSource ? [] : [consumerResolution(options.app)],
      });
      const file = lazy.outputFiles.find((candidate) => candidate.path.endsWith('.js'));
      return file ? measureCode(file.contents, options.brotli) : { min: 0, gzip: 0, brotli: 0 };
    }),
  );
  return {
    code: output.text,
    ...measureCode(output.contents, options.brotli),
    lazy: surviving.length === 0 ? undefined : { ...sum(lazySizes), imports: surviving },
    metafile: result.metafile,
  };
}

/** Bytes of the minified output per input package (or per folder of the package's dist), largest first. */
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

/** `node_modules/@scope/name/...` → `@scope/name`; `node_modules/hitl-react/dist/store/x.js` → `hitl-react/dist/store`. */
export function originOf(input: string): string {
  const modules = input.lastIndexOf('node_modules/');
  if (modules === -1) return 'the page itself';
  const parts = input.slice(modules + 'node_modules/'.length).split('/');
  if (parts[0] === 'hitl-react') return parts.slice(0, Math.min(parts.length - 1, 4)).join('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? input);
}

/** Bytes of the minified output per input file, largest first: what to cut first. */
export function bytesByFile(metafile: Metafile): Array<{ file: string; bytes: number }> {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const at = input.lastIndexOf('node_modules/');
      const file = at === -1 ? input : input.slice(at + 'node_modules/'.length);
      totals.set(file, (totals.get(file) ?? 0) + bytesInOutput);
    }
  }
  return [...totals]
    .map(([file, bytes]) => ({ file, bytes }))
    .filter((entry) => entry.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

/**
 * The installed package's stylesheet (`hitl-react/styles.css`), minified, as an app ships it; with
 * `fromSource`, src/styles.css with its `@import`s (diagnosis only).
 */
export async function installedStylesheet(app: string, fromSource = false): Promise<string> {
  const entry = fromSource ? join(SRC, 'styles.css') : join(app, 'node_modules/hitl-react/dist/styles.css');
  if (!existsSync(entry)) throw new Error(`the installed package has no ${entry}`);
  const result = await build({ entryPoints: [entry], bundle: true, write: false, minify: true, logLevel: 'silent', outdir: 'bench-out' });
  const output = result.outputFiles.find((file) => file.path.endsWith('.css'));
  if (output === undefined) throw new Error(`esbuild produced no CSS for ${entry}`);
  return output.text;
}

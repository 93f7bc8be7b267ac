import { resolve } from 'node:path';
import { build, type BuildOptions, type OutputFile } from 'esbuild';

const root = resolve(import.meta.dirname, '../../..');

/**
 * Strings only ajv's schema compiler contains (its code generation and its error texts). They
 * survive minification because they are string literals.
 */
const COMPILER_MARKERS = ['ajv implementation error', 'options.loadSchema should be a function', 'schema must be object or boolean'];

function evalLike(code: string): string[] {
  const found: string[] = [];
  if (/new Function\b/.test(code)) found.push('new Function');
  if (/\beval\(/.test(code)) found.push('eval(');
  return found;
}

function compilerMarkers(code: string): string[] {
  return COMPILER_MARKERS.filter((marker) => code.includes(marker));
}

const production: BuildOptions = {
  bundle: true,
  format: 'esm',
  minify: true,
  write: false,
  platform: 'browser',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
  logLevel: 'silent',
};

async function bundle(options: BuildOptions): Promise<OutputFile[]> {
  const result = await build({ ...production, ...options });
  return result.outputFiles ?? [];
}

function text(files: OutputFile[]): string {
  return files.map((file) => file.text).join('\n');
}

describe('bundles that must run under a Content-Security-Policy without unsafe-eval', () => {
  it('the markers do find ajv compiler when it is bundled (so the checks below can fail)', async () => {
    const files = await bundle({
      stdin: { contents: "import Ajv from 'ajv'; export const ajv = new Ajv();", resolveDir: root, loader: 'ts' },
    });
    expect(compilerMarkers(text(files)).length).toBeGreaterThan(0);
    expect(evalLike(text(files))).toContain('new Function');
  });

  it('ToolCallForm (with Radix) contains no eval, no new Function, and not ajv compiler', async () => {
    const files = await bundle({ entryPoints: [resolve(root, 'src/components/tool-call-form/index.ts')] });
    const code = text(files);
    expect(code.length).toBeGreaterThan(1000);
    expect(code).toContain('hitl-select-trigger');
    expect(evalLike(code)).toEqual([]);
    expect(compilerMarkers(code)).toEqual([]);
  });

  it('ToolCallPrompt loads ajv compiler only in a lazily imported chunk', async () => {
    const files = await bundle({
      entryPoints: { 'tool-call-prompt': resolve(root, 'src/components/tool-call-prompt/index.ts') },
      splitting: true,
      outdir: '/bundle',
      chunkNames: 'chunks/[name]-[hash]',
    });
    const entry = files.find((file) => file.path.endsWith('/tool-call-prompt.js'));
    const chunks = files.filter((file) => file !== entry && file.path.endsWith('.js'));
    expect(entry).toBeDefined();
    expect(evalLike(entry?.text ?? '')).toEqual([]);
    expect(compilerMarkers(entry?.text ?? '')).toEqual([]);
    // The compiler is there, but only behind import().
    expect(compilerMarkers(text(chunks)).length).toBeGreaterThan(0);
    expect(entry?.text).toMatch(/import\(["']\.\/chunks\//);
  });
});

/**
 * Each named export of the installed `hitl-react`, bundled alone (`export { name } from
 * 'hitl-react'`) from the consumer app, React and ReactDOM left out: what a page that uses only
 * that name ships above React, and whether Radix or the form came with it. Used by the CI check
 * (test/node/packed-exports.test.ts) and the bench's bytes section.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { consumerResolution, measureCode, productionOptions, REACT_EXTERNALS, type BundleSize } from './bundle';

/**
 * The exports that render a form, and so may bring the form and Radix Select and Switch: the
 * tool-call form, the prompt and viewer that show it, the inbox, which opens each call's form in
 * place, the approval prompt, which edits a tool's arguments in the same form, and the prompt of any
 * framework's request, whose forms are these. A new one is added here on purpose, not found by the test.
 */
export const FORM_EXPORTS: ReadonlySet<string> = new Set([
  'ToolCallForm',
  'ToolCallPrompt',
  'RunViewer',
  'Inbox',
  'ApprovalPrompt',
  'createApprovalRenderer',
  'HumanRequestPrompt',
]);

/**
 * The mark of the form's code in a bundle: the classes only its rendering writes (`hitl-field` on
 * every field, `hitl-fields` on their container). A string, not a path: a dist of one file has one
 * input for everything, so paths cannot tell what of it was kept. (Message tables and constants
 * of the form's family carry no such class and may be imported alone.)
 */
const FORM_CODE = /["'`]hitl-fields?["'`]/;
const RADIX_MODULE = /node_modules\/@radix-ui\/([^/]+)\//;

export interface ExportBundle extends BundleSize {
  name: string;
  /** `@radix-ui/*` packages in the bundle. */
  radix: string[];
  /** Whether the form's code is in the bundle (see `FORM_CODE`). */
  form: boolean;
  /** Files of `hitl-react` in the bundle. */
  packageFiles: string[];
}

/** The runtime names `hitl-react` exports (types have no code to bundle). */
export async function packageExports(app: string): Promise<string[]> {
  const result = await build({
    ...productionOptions(app, REACT_EXTERNALS),
    stdin: { contents: "export * from 'hitl-react';", resolveDir: app, loader: 'js' },
    plugins: [consumerResolution(app)],
  });
  const output = Object.values(result.metafile.outputs).find((file) => file.exports.length > 0);
  return [...(output?.exports ?? [])].sort();
}

/**
 * Bundles every name alone, in one esbuild run (each entry is its own bundle: no splitting).
 * `brotli: false` leaves each `brotli` NaN, for checks that read only `gzip` (see `BundleOptions.brotli`).
 */
export async function bundleEachExport(app: string, names?: readonly string[], { brotli = true } = {}): Promise<ExportBundle[]> {
  const list = names ?? (await packageExports(app));
  const dir = join(app, 'export-entries');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir);
  await Promise.all(list.map((name) => writeFile(join(dir, `${name}.js`), `export { ${name} } from 'hitl-react';\n`)));
  const result = await build({
    ...productionOptions(app, REACT_EXTERNALS),
    entryPoints: list.map((name) => join(dir, `${name}.js`)),
    plugins: [consumerResolution(app)],
  });
  const code = new Map(result.outputFiles.map((file) => [file.path, file]));
  return list.map((name) => {
    const [path, meta] =
      Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint?.endsWith(`export-entries/${name}.js`)) ?? [];
    const file = path === undefined ? undefined : code.get(join(app, path));
    if (!meta || !file) throw new Error(`esbuild produced no bundle for ${name}`);
    const inputs = Object.entries(meta.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([input]) => input);
    return {
      name,
      ...measureCode(file.contents, brotli),
      radix: [...new Set(inputs.flatMap((input) => RADIX_MODULE.exec(input)?.[1] ?? []))].sort(),
      form: FORM_CODE.test(file.text),
      packageFiles: inputs
        .filter((input) => input.includes('node_modules/hitl-react/'))
        .map((input) => input.replace(/^.*node_modules\//, '')),
    };
  });
}

/**
 * Makes the emitted declaration files resolvable under `moduleResolution: node16/nodenext`:
 * sources use extensionless relative imports (bundler resolution), but Node-style ESM resolution
 * needs `./x.js` or `./x/index.js`. Runs after `tsc -p tsconfig.build.json`.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const dist = resolve(process.argv[2] ?? 'dist');

function* declarationFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* declarationFiles(path);
    else if (path.endsWith('.d.ts')) yield path;
  }
}

function withExtension(file: string, specifier: string): string {
  if (!specifier.startsWith('.') || /\.(js|mjs|cjs|json|css)$/.test(specifier)) return specifier;
  const base = resolve(dirname(file), specifier);
  if (existsSync(`${base}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(base, 'index.d.ts'))) return `${specifier}/index.js`;
  throw new Error(`${file}: cannot resolve the declaration import "${specifier}"`);
}

let rewritten = 0;
for (const file of declarationFiles(dist)) {
  const source = readFileSync(file, 'utf8');
  const next = source.replace(
    /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g,
    (_, lead: string, quote: string, specifier: string) => `${lead}${quote}${withExtension(file, specifier)}${quote}`,
  );
  if (next !== source) {
    writeFileSync(file, next);
    rewritten += 1;
  }
}
// `import 'hitl-react/styles.css'` type-checks without a bundler's types (`vite/client`) and under
// `noUncheckedSideEffectImports`: the stylesheet has a declaration of its own, declaring nothing.
writeFileSync(join(dist, 'styles.css.d.ts'), '// The stylesheet of hitl-react: imported for its effect, it exports nothing.\nexport {};\n');
console.log(`finalize-types: ${rewritten} declaration files given explicit extensions; styles.css.d.ts written`);

/**
 * The shape ARCHITECTURE.md promises, checked on the source: its layer table is the one lint
 * enforces, the import graph of `src/` has no upward arrow and no cycle, the top-level folders
 * (src, test, bench, scripts, stories…) import each other in one direction only, and files stay small.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRIES, LAYERS } from '../../eslint/layers.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const GENERATED = /\.generated\.[jt]s$/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [relative(root, path)] : [];
  });
}

const files = sourceFiles(join(root, 'src'));
const byDepth = [...LAYERS].sort((a, b) => b.folder.length - a.folder.length);
const layerOf = (file: string) => byDepth.find((layer) => file.startsWith(`${layer.folder}/`));

function resolveImport(from: string, specifier: string): string | undefined {
  const base = relative(root, resolve(root, dirname(from), specifier));
  const candidates = [
    base,
    ...['.ts', '.tsx'].map((extension) => base + extension),
    ...['.ts', '.tsx'].map((extension) => `${base}/index${extension}`),
  ];
  return candidates.find((candidate) => files.includes(candidate));
}

/** Relative imports and re-exports of each file, type-only ones included (they are arrows too). */
const graph = new Map(
  files.map((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const specifiers = [
      ...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g),
    ].map((match) => (match[1] ?? match[2]) as string);
    return [file, specifiers.map((specifier) => resolveImport(file, specifier)).filter((target) => target !== undefined)];
  }),
);

describe('ARCHITECTURE.md', () => {
  it('shows the layer table that lint enforces', () => {
    const text = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
    const table = text.slice(text.indexOf('<!-- layer-table:start'), text.indexOf('<!-- layer-table:end'));
    const rows = table
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| Layer') && !line.startsWith('|---'))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(rows.map(([, name, folder, uses, react]) => ({ name, folder, uses, react }))).toEqual(
      LAYERS.map((layer) => ({
        name: layer.name,
        folder: `\`${layer.folder}\``,
        uses: layer.uses.length === 0 ? '(nothing)' : layer.uses.join(', '),
        react: layer.react ? 'yes' : 'no',
      })),
    );
  });
});

describe('the import graph of src/', () => {
  it('has no arrow from a lower layer to a higher one', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const entry = ENTRIES.find((candidate) => candidate.file === file);
      const own = layerOf(file);
      const allowed = entry ? entry.uses : own ? [own.name, ...own.uses] : [];
      for (const target of targets) {
        const layer = layerOf(target);
        if (layer !== undefined && !allowed.includes(layer.name)) wrong.push(`${file} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const target of graph.get(file) ?? []) {
        if (state.get(target) === 'open') cycles.push([...stack.slice(stack.indexOf(target)), target].join(' → '));
        else if (!state.has(target)) visit(target);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});

/** Outputs, installs and caches: not the repository's own code. */
const NOT_CODE = new Set(['node_modules', 'dist', 'storybook-static', 'coverage', '.git', '.next', '.tmp', 'results']);

function repositoryFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (NOT_CODE.has(entry.name)) return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return repositoryFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative(root, path)] : [];
  });
}

/** The top-level folder a file of the repository is in; files at the root (vite.config.ts…) are `.`. */
const topFolder = (file: string) => (file.includes('/') ? (file.split('/')[0] as string) : '.');

/** Every relative import of every file of the repository, as the top-level folders it crosses between. */
function folderArrows(): Map<string, Map<string, string>> {
  const arrows = new Map<string, Map<string, string>>();
  for (const file of repositoryFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    const specifiers = [
      ...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g),
    ].map((match) => (match[1] ?? match[2]) as string);
    for (const specifier of specifiers) {
      const target = relative(root, resolve(root, dirname(file), specifier));
      if (target.startsWith('..')) continue;
      const [from, to] = [topFolder(file), topFolder(target)];
      if (from === to) continue;
      if (!arrows.has(from)) arrows.set(from, new Map());
      // One example import per arrow, for the failure message.
      if (!arrows.get(from)?.has(to)) arrows.get(from)?.set(to, `${file} → ${specifier}`);
    }
  }
  return arrows;
}

/** Loops in a graph of folders, each as the chain of example imports that closes it. */
export function folderLoops(arrows: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] {
  const loops: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (folder: string) => {
    state.set(folder, 'open');
    stack.push(folder);
    for (const target of arrows.get(folder)?.keys() ?? []) {
      if (state.get(target) === 'open') {
        const chain = [...stack.slice(stack.indexOf(target)), target];
        loops.push(
          chain
            .slice(1)
            .map((to, index) => arrows.get(chain[index] as string)?.get(to))
            .join(', then '),
        );
      } else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(folder, 'done');
  };
  for (const folder of [...arrows.keys()].sort()) if (!state.has(folder)) visit(folder);
  return loops;
}

describe('the top-level folders', () => {
  const arrows = folderArrows();

  it('import each other in one direction only (no loop such as bench → scripts → bench)', () => {
    expect(folderLoops(arrows)).toEqual([]);
  });

  it('see the imports between them (the check above has something to check)', () => {
    expect([...(arrows.get('test')?.keys() ?? [])]).toEqual(expect.arrayContaining(['src', 'scripts']));
    expect([...(arrows.get('bench')?.keys() ?? [])]).toContain('scripts');
  });

  it('find a loop when two folders import each other', () => {
    const looped = new Map([
      ['bench', new Map([['scripts', 'bench/lib/browser.ts → ../../scripts/chromium']])],
      ['scripts', new Map([['bench', 'scripts/test-examples.ts → ../bench/lib/packed-package']])],
    ]);
    expect(folderLoops(looped)).toEqual([
      'bench/lib/browser.ts → ../../scripts/chromium, then scripts/test-examples.ts → ../bench/lib/packed-package',
    ]);
  });

  it('keep scripts/lib, which bench, scripts and the tests share, free of imports from any of them', () => {
    const upward = repositoryFiles(join(root, 'scripts/lib')).filter((file) =>
      /from\s+['"]\.\.\/(?!\.\.\/src\/)/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(upward).toEqual([]);
  });
});

describe('file sizes', () => {
  const lines = (file: string) => readFileSync(join(root, file), 'utf8').split('\n').length;

  it('keeps every file of src/ at 400 lines or fewer, generated files aside', () => {
    const long = files.filter((file) => !GENERATED.test(file) && lines(file) > 400).map((file) => `${file}: ${lines(file)}`);
    expect(long).toEqual([]);
  });

  it('keeps every hook file at 60 lines or fewer', () => {
    const long = files.filter((file) => file.startsWith('src/hooks/') && lines(file) > 60).map((file) => `${file}: ${lines(file)}`);
    expect(long).toEqual([]);
  });
});

/**
 * The shape ARCHITECTURE.md promises, checked on the source: its layer table is the one lint
 * enforces, the import graph of `src/` has no upward arrow and no cycle, and files stay small.
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

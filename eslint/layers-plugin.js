/**
 * The layer rules of `src/`:
 * - `layers/boundaries`: an import must follow the layer table (./layers.js), and reach another
 *   folder only through that folder's `index` (its public face). A component family is a folder of
 *   its own: `src/components/run-viewer` imports `../tool-call-prompt`, never a file inside it.
 * - `layers/no-cycle`: no file of `src/` may import (through any chain) itself.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { ENTRIES, LAYERS } from './layers.js';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx'];
// Longest folder first, so `src/utils/react` wins over `src/utils`.
const BY_DEPTH = [...LAYERS].sort((a, b) => b.folder.length - a.folder.length);

const toPosix = (path) => path.split(sep).join('/');

function resolveFile(from, specifier) {
  const base = resolve(dirname(from), specifier);
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  for (const extension of EXTENSIONS) if (existsSync(`${base}/index${extension}`)) return `${base}/index${extension}`;
  return undefined;
}

function layerOf(path) {
  return BY_DEPTH.find((layer) => path === layer.folder || path.startsWith(`${layer.folder}/`));
}

/** The folder whose `index` is the public face for `path`: its layer folder, or its component family. */
function unitOf(path, layer) {
  if (layer.name !== 'components') return layer.folder;
  const rest = path.slice(layer.folder.length + 1).split('/');
  return rest.length > 1 ? `${layer.folder}/${rest[0]}` : layer.folder;
}

function isIndexOf(path, unit) {
  return EXTENSIONS.some((extension) => path === `${unit}/index${extension}`);
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layer table in ARCHITECTURE.md and reach other folders through their index only.' },
    schema: [],
    messages: {
      upward:
        '{{from}} may not import {{to}} ({{target}}): the layer table in ARCHITECTURE.md lets {{from}} use {{allowed}}. Move the code to a layer both can use.',
      deep: 'Import {{unit}} through its index ("{{suggestion}}"), not {{target}}: other folders see only what a folder exports.',
      unresolved: 'Cannot resolve "{{specifier}}"; relative imports must name a file or a folder with an index.',
    },
  },
  create(context) {
    const file = toPosix(relative(ROOT, context.filename));
    if (!file.startsWith('src/')) return {};
    const entry = ENTRIES.find((candidate) => candidate.file === file);
    const own = entry ? undefined : layerOf(file);
    if (!entry && !own) return {};
    const allowed = entry ? entry.uses : [own.name, ...own.uses];
    const ownUnit = own ? unitOf(file, own) : undefined;

    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const resolved = resolveFile(context.filename, specifier);
      if (resolved === undefined) {
        context.report({ node, messageId: 'unresolved', data: { specifier } });
        return;
      }
      const target = toPosix(relative(ROOT, resolved));
      const layer = layerOf(target);
      if (layer === undefined) return;
      if (!allowed.includes(layer.name)) {
        context.report({
          node,
          messageId: 'upward',
          data: {
            from: entry ? file : own.name,
            to: layer.name,
            target,
            allowed: allowed.filter((name) => name !== own?.name).join(', ') || 'nothing',
          },
        });
        return;
      }
      const unit = unitOf(target, layer);
      if (unit !== ownUnit && !isIndexOf(target, unit)) {
        const suggestion = toPosix(relative(dirname(context.filename), resolve(ROOT, unit)));
        context.report({
          node,
          messageId: 'deep',
          data: { unit, target, suggestion: suggestion.startsWith('.') ? suggestion : `./${suggestion}` },
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/** Relative import and re-export specifiers of a source text (type-only ones too: they are arrows as well). */
function specifiersOf(text) {
  const found = [];
  for (const match of text.matchAll(
    /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g,
  )) {
    found.push(match[1] ?? match[2] ?? match[3]);
  }
  return found;
}

function sourceFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = `${folder}/${name}`;
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * The import graph of `src/` as it is on disk, and the files that sit on a cycle (their strongly
 * connected components, Tarjan's algorithm). Made once per lint run.
 */
let cyclic;
function cyclicFiles() {
  if (cyclic !== undefined) return cyclic;
  const files = sourceFiles(resolve(ROOT, 'src'));
  const graph = new Map(
    files.map((file) => [
      file,
      specifiersOf(readFileSync(file, 'utf8'))
        .map((specifier) => resolveFile(file, specifier))
        .filter(Boolean),
    ]),
  );
  cyclic = new Map();
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  const connect = (file) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfLoop = (graph.get(file) ?? []).includes(file);
    if (component.length > 1 || selfLoop)
      for (const part of component)
        cyclic.set(
          part,
          component.map((path) => toPosix(relative(ROOT, path))),
        );
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return cyclic;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No file of src/ imports itself through a chain of imports.' },
    schema: [],
    messages: { cycle: 'This file is on an import cycle with {{others}}: move what they share into a module both import.' },
  },
  create(context) {
    const file = toPosix(relative(ROOT, context.filename));
    if (!file.startsWith('src/')) return {};
    return {
      Program(node) {
        const component = cyclicFiles().get(resolve(ROOT, file));
        if (component === undefined) return;
        context.report({ node, messageId: 'cycle', data: { others: component.filter((path) => path !== file).join(', ') || 'itself' } });
      },
    };
  },
};

export default { meta: { name: 'layers' }, rules: { boundaries: rule, 'no-cycle': noCycle } };

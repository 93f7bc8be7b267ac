/**
 * Every story shows its state within 2 s: a designer opening it sees it at once, and the story
 * run (`--project storybook`) stays short. A story whose state takes longer needs a faster path
 * (store options, a preload, a fixed state), not a longer wait, so no wait in the catalogue's
 * code (the stories and the helpers their `play` functions call) may give `timeout` more than
 * 2000 ms. Read from the syntax tree, so a comment or a text that mentions a timeout does not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '../..');
const STORIES = join(root, 'stories');
const MAX_WAIT_MS = 2000;
/** A wait's own bound, and the default of every `find…`/`waitFor` (Testing Library's `configure`). */
const WAIT_NAMES = new Set(['timeout', 'asyncUtilTimeout']);

function catalogueFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return catalogueFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Wait {
  /** `file:line`. */
  where: string;
  /** The bound in ms, or undefined when it is not a number this check can read. */
  ms: number | undefined;
  source: string;
}

/** The value of a numeric expression: literals (`15_000`), arithmetic, and `const`s of the same file. */
function numberOf(node: ts.Expression, consts: ReadonlyMap<string, ts.Expression>, seen = new Set<string>()): number | undefined {
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return numberOf(node.expression, consts, seen);
  if (ts.isIdentifier(node)) {
    const value = consts.get(node.text);
    if (value === undefined || seen.has(node.text)) return undefined;
    return numberOf(value, consts, new Set([...seen, node.text]));
  }
  if (ts.isBinaryExpression(node)) {
    const [left, right] = [numberOf(node.left, consts, seen), numberOf(node.right, consts, seen)];
    if (left === undefined || right === undefined) return undefined;
    const operations: Partial<Record<ts.SyntaxKind, number>> = {
      [ts.SyntaxKind.PlusToken]: left + right,
      [ts.SyntaxKind.MinusToken]: left - right,
      [ts.SyntaxKind.AsteriskToken]: left * right,
      [ts.SyntaxKind.SlashToken]: left / right,
    };
    return operations[node.operatorToken.kind];
  }
  return undefined;
}

/** Every `timeout` and `asyncUtilTimeout` property (`{ timeout: 15_000 }`, `{ timeout }`) of a source text. */
function waitsIn(fileName: string, text: string): Wait[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const consts = new Map<string, ts.Expression>();
  const properties: Array<{ node: ts.Node; value: ts.Expression }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer !== undefined)
      consts.set(node.name.text, node.initializer);
    if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) && WAIT_NAMES.has(node.name.text))
      properties.push({ node, value: node.initializer });
    if (ts.isShorthandPropertyAssignment(node) && WAIT_NAMES.has(node.name.text)) properties.push({ node, value: node.name });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return properties.map(({ node, value }) => ({
    where: `${fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`,
    ms: numberOf(value, consts),
    source: node.getText(source),
  }));
}

/** The waits that break the rule, as `file:line: source (why)`. */
function overLong(waits: readonly Wait[]): string[] {
  return waits
    .filter((wait) => wait.ms === undefined || !(wait.ms <= MAX_WAIT_MS))
    .map(
      (wait) => `${wait.where}: ${wait.source} (${wait.ms === undefined ? 'not a number this check can read' : `over ${MAX_WAIT_MS} ms`})`,
    );
}

describe('the waits of the stories', () => {
  // The preview's too: it sets the default of the waits that name no bound.
  const files = [...catalogueFiles(STORIES), ...catalogueFiles(join(root, '.storybook'))];
  const waits = files.flatMap((file) => waitsIn(relative(root, file), readFileSync(file, 'utf8')));

  it(`give no state more than ${MAX_WAIT_MS} ms to show`, () => {
    expect(overLong(waits)).toEqual([]);
  });

  it('are found (the check above has something to check)', () => {
    expect(files.filter((file) => file.endsWith('.stories.tsx')).length).toBeGreaterThan(20);
    expect(waits.length).toBeGreaterThan(0);
  });

  it('name the file and line of a wait over the bound, however it is written', () => {
    const story = [
      "import { expect } from 'storybook/test';",
      'const LONG = 5 * 1000;',
      'export const Slow = {',
      '  play: async ({ canvas }) => {',
      "    await canvas.findByText('a', {}, { timeout: 15_000 });",
      "    await canvas.findByText('b', {}, { timeout: 2000 });",
      "    await waitFor(() => expect(1).toBe(1), { 'timeout': LONG });",
      '    const timeout = 3e3;',
      "    await canvas.findByRole('c', {}, { timeout });",
      "    await canvas.findByRole('d', {}, { timeout: someBound() });",
      '    configure({ asyncUtilTimeout: 5000 });',
      '    // { timeout: 99_000 } in a comment, and a client option: none of them a wait.',
      "    const client = createClient({ timeoutMs: 30_000, label: 'timeout: 10000' });",
      '  },',
      '};',
    ].join('\n');
    expect(overLong(waitsIn('stories/slow.stories.tsx', story))).toEqual([
      'stories/slow.stories.tsx:5: timeout: 15_000 (over 2000 ms)',
      "stories/slow.stories.tsx:7: 'timeout': LONG (over 2000 ms)",
      'stories/slow.stories.tsx:9: timeout (over 2000 ms)',
      'stories/slow.stories.tsx:10: timeout: someBound() (not a number this check can read)',
      'stories/slow.stories.tsx:11: asyncUtilTimeout: 5000 (over 2000 ms)',
    ]);
  });
});

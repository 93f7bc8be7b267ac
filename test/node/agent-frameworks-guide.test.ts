/**
 * The guide "Every agent framework" shows each framework's code as examples/agent-frameworks has
 * it: those files are type-checked and linted with the library against the frameworks' own
 * packages, and test/dom/agent-framework-examples.test.tsx runs them against the real frameworks.
 * It shows the server recipes of `RECIPES` too, which test/node/proxy/recipes.test.ts runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const EXAMPLES = 'examples/agent-frameworks';
/** The server recipes the guide shows, beside the examples. */
const RECIPES = ['test/node/proxy/recipes/langchain-agent.ts'];
const guide = read('stories/guides/every-agent-framework.mdx');

/** A file as an app has it: imports from the package and its entries (`hitl-react/server`, an adapter's), not from the repository. */
const asInAnApp = (path: string) =>
  read(path)
    .replace(/'(?:\.\.\/)+src'/g, "'hitl-react'")
    .replace(/'(?:\.\.\/)+src\/adapters\/([a-z-]+)'/g, "'hitl-react/$1'")
    .replace(/'(?:\.\.\/)+src\/server'/g, "'hitl-react/server'");

/** The fenced blocks between `{/* example:start <path> … *\/}` and `{/* example:end *\/}`, by path. */
function shownExamples(text: string): Map<string, string> {
  const blocks = text.matchAll(/\{\/\* example:start (\S+)[^\n]*\*\/\}\n+```tsx?\n([\s\S]*?)```\n+\{\/\* example:end \*\/\}/g);
  return new Map([...blocks].map((match) => [match[1] as string, match[2] as string]));
}

describe('the guide "Every agent framework"', () => {
  const shown = shownExamples(guide);
  const files = [...readdirSync(join(root, EXAMPLES)).map((name) => `${EXAMPLES}/${name}`), ...RECIPES];

  it('shows every example of examples/agent-frameworks and every recipe of RECIPES, each as the file has it', () => {
    expect([...shown.keys()].sort()).toEqual(files.sort());
    for (const file of files) expect(shown.get(file), file).toBe(asInAnApp(file));
  });

  it('imports only from the package as an app does', () => {
    for (const block of shown.values()) expect(block).not.toMatch(/from '\.\.?\//);
  });

  it('finds a block that differs from its file (the check above can fail)', () => {
    const file = files[0] ?? '';
    const changed = guide.replace(asInAnApp(file), `${asInAnApp(file)}// changed\n`);
    expect(shownExamples(changed).get(file)).not.toBe(asInAnApp(file));
  });
});

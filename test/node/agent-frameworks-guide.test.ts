/**
 * The guide "Every agent framework" shows each framework's code as examples/agent-frameworks has
 * it: those files are type-checked and linted with the library against the frameworks' own
 * packages, and test/dom/agent-framework-examples.test.tsx runs them against the real frameworks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const EXAMPLES = 'examples/agent-frameworks';
const guide = read('stories/guides/every-agent-framework.mdx');

/** A file of examples/ as an app has it: imports from the package and its adapter entries, not from the repository. */
const asInAnApp = (path: string) =>
  read(path)
    .replace("from '../../src';", "from 'hitl-react';")
    .replace(/'\.\.\/\.\.\/src\/adapters\/([a-z-]+)'/g, "'hitl-react/$1'");

/** The fenced blocks between `{/* example:start <path> … *\/}` and `{/* example:end *\/}`, by path. */
function shownExamples(text: string): Map<string, string> {
  const blocks = text.matchAll(/\{\/\* example:start (\S+)[^\n]*\*\/\}\n+```tsx?\n([\s\S]*?)```\n+\{\/\* example:end \*\/\}/g);
  return new Map([...blocks].map((match) => [match[1] as string, match[2] as string]));
}

describe('the guide "Every agent framework"', () => {
  const shown = shownExamples(guide);
  const files = readdirSync(join(root, EXAMPLES)).map((name) => `${EXAMPLES}/${name}`);

  it('shows every example of examples/agent-frameworks, each as the file has it', () => {
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

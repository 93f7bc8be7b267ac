/**
 * The README is the package's front page (it ships in the tarball): short, the two set-up
 * commands first, and snippets a user pastes as they are, kept equal to files the tests run.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');

/** The fenced block between `<!-- name:start … -->` and `<!-- name:end -->`. */
function block(name: string): string | undefined {
  return new RegExp(`<!-- ${name}:start[^\\n]*-->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)\`\`\`\\n<!-- ${name}:end -->`).exec(readme)?.[1];
}

/** A file of examples/ as an app has it: imports from the package, not from the repository. */
const asInAnApp = (path: string) =>
  read(path)
    .replace("from '../../src';", "from 'hitl-react';")
    .replace(/'\.\.\/\.\.\/src\/(server|testing)'/g, "'hitl-react/$1'");

describe('the README', () => {
  it('stays a front page of at most 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('starts with the two set-up commands', () => {
    const first = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(
      first
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('#')[0]?.trim()),
    ).toEqual(['npm install && npm start', 'npm install && npm test']);
    expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('## '));
  });

  it('shows the quick start as the tested example has it: the stylesheet in the components layer, a task made on a click', () => {
    expect(block('quick-start-css')).toBe(read('examples/quick-start/app.css'));
    expect(block('quick-start-css')).toContain("@import 'hitl-react/styles.css' layer(components);");
    const app = block('quick-start-app');
    expect(app).toBe(asInAnApp('examples/quick-start/app.tsx'));
    // No task made while the module loads: `createTask` only inside a handler.
    expect(app).not.toMatch(/^(?:const|let|await)[^\n]*createTask\(/m);
    expect(app).not.toContain("import 'hitl-react/styles.css'");
  });

  it('shows the Vite + Node proxy + simulator set-up as test/node/vite-proxy-recipe.test.ts runs it', () => {
    expect(block('vite-proxy-backend')).toBe(asInAnApp('examples/vite-proxy/dev-backend.ts'));
    expect(block('vite-proxy-config')).toBe(read('examples/vite-proxy/vite.config.ts'));
  });

  it('ends every table before a blank line, each row closed by its last |, so no paragraph runs into a table', () => {
    const lines = readme.split('\n');
    let fenced = false;
    const faults: string[] = [];
    lines.forEach((line, index) => {
      if (line.startsWith('```')) fenced = !fenced;
      if (fenced || !line.startsWith('|')) return;
      if (!line.trimEnd().endsWith('|')) faults.push(`line ${index + 1} does not end with |: ${line}`);
      const next = lines[index + 1];
      if (next !== undefined && next !== '' && !next.startsWith('|'))
        faults.push(`line ${index + 2} follows a table without a blank line: ${next}`);
    });
    expect(faults).toEqual([]);
  });

  it('keeps the sections other documents and changes point to', () => {
    const headings = readme.split('\n').filter((line) => line.startsWith('## '));
    expect(headings).toEqual(expect.arrayContaining(['## Quick start', '## Guides', '## Many operators', '## Security', '## Limits']));
  });
});

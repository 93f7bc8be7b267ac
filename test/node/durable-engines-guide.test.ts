/**
 * The guide "Durable engines" shows each recipe of test/node/proxy/recipes/durable as the file has
 * it: those files are type-checked and linted with the library against each engine's own package,
 * and test/e2e/durable-engines.test.ts runs the ones whose engine runs on this machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const RECIPES = 'test/node/proxy/recipes/durable';
const guide = read('stories/guides/durable-engines.mdx');
/** What test/e2e/durable-engines.test.ts runs, by the heading of its section in the guide. */
const RUN_HERE = ['Cloudflare Workflows', 'Restate'];

/**
 * A recipe as an app has it: the package and its entries instead of the repository's paths;
 * `workflow` and `workflow/api`, which re-export `@workflow/core` and `@workflow/core/runtime`, the
 * runtime the recipe is type-checked against; the app's session module.
 */
const asInAnApp = (path: string) =>
  read(path)
    .replace(/'(?:\.\.\/)+src\/server\/redis'/g, "'hitl-react/server/redis'")
    .replace(/'(?:\.\.\/)+src\/server'/g, "'hitl-react/server'")
    .replace(/'(?:\.\.\/)+src'/g, "'hitl-react'")
    .replace("'@workflow/core/runtime'", "'workflow/api'")
    .replace("'@workflow/core'", "'workflow'")
    .replace("'../next-session-route'", "'@/lib/session'");

/** The fenced blocks between `{/* example:start <path> … *\/}` and `{/* example:end *\/}`, by path. */
function shownExamples(text: string): Map<string, string> {
  const blocks = text.matchAll(/\{\/\* example:start (\S+)[^\n]*\*\/\}\n+```ts\n([\s\S]*?)```\n+\{\/\* example:end \*\/\}/g);
  return new Map([...blocks].map((match) => [match[1] as string, match[2] as string]));
}

/** The guide's section under `## heading`, up to the next one. */
const section = (heading: string) => guide.split(/^## /m).find((part) => part.startsWith(`${heading}\n`)) ?? '';

describe('the guide "Durable engines"', () => {
  const shown = shownExamples(guide);
  const files = readdirSync(join(root, RECIPES)).map((name) => `${RECIPES}/${name}`);

  it('shows every recipe, each as the file has it', () => {
    expect([...shown.keys()].sort()).toEqual(files.sort());
    for (const file of files) expect(shown.get(file), file).toBe(asInAnApp(file));
  });

  it('says of each engine whether it ran here, as the end-to-end test runs them', () => {
    for (const engine of ['Trigger.dev', 'Temporal', 'Inngest', 'Cloudflare Workflows', 'Vercel Workflow', 'Restate']) {
      const said = /\*\*(Run here|Not run here)\.?\*\*/.exec(section(engine))?.[1];
      expect(said, engine).toBe(RUN_HERE.includes(engine) ? 'Run here' : 'Not run here');
    }
    const e2e = read('test/e2e/durable-engines.test.ts');
    for (const engine of RUN_HERE) expect(e2e).toContain(`it('${engine}: `);
  });

  it('finds a block that differs from its file (the check above can fail)', () => {
    const file = files[0] ?? '';
    const changed = guide.replace(asInAnApp(file), `${asInAnApp(file)}// changed\n`);
    expect(shownExamples(changed).get(file)).not.toBe(asInAnApp(file));
  });
});

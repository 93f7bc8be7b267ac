/**
 * The guides' Next.js code as examples/next-app has it, which `npm run test:examples` builds with
 * `cacheComponents` (create-next-app 16's default) and without, and plays in Chromium. Next.js 16
 * refuses route segment config such as `dynamic` and `runtime` under `cacheComponents`: no guide
 * shows it again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const ROUTE = 'app/api/hitl/[...path]/route.ts';
const route = read(join('examples/next-app', ROUTE));

/** The fenced blocks of a guide (bullet-indented ones de-indented) that start with `// <file>`. */
function blocksOf(guide: string, file: string): string[] {
  return [...read(`stories/guides/${guide}`).matchAll(/^( *)```tsx?\n([\s\S]*?)^\1```$/gm)]
    .map(([, indent = '', body = '']) => body.replace(new RegExp(`^${indent}`, 'gm'), ''))
    .filter((body) => body.startsWith(`// ${file}\n`))
    .map((body) => body.slice(`// ${file}\n`.length));
}

describe("the guides' Next.js route handler", () => {
  it('is the example\'s in "Many operators", with its Redis store', () => {
    expect(route).toContain("from 'hitl-react/server/redis'");
    expect(blocksOf('many-operators.mdx', ROUTE)).toEqual([route]);
  });

  it('is the example\'s without the Redis store in "Getting started"', () => {
    const withoutRedis = route
      .split('\n')
      .filter((line) => !/redis/i.test(line))
      .join('\n');
    expect(blocksOf('getting-started.mdx', ROUTE)).toEqual([withoutRedis]);
  });
});

it('leaves out the route segment config Next.js refuses under cacheComponents, in every guide and in the example', () => {
  const refused = /^\s*export const (dynamic|runtime|revalidate|fetchCache|dynamicParams)\b/m;
  const guides = readdirSync(join(root, 'stories/guides')).filter((name) => name.endsWith('.mdx'));
  expect(guides.filter((name) => refused.test(read(`stories/guides/${name}`)))).toEqual([]);
  const files = (folder: string): string[] =>
    readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(folder, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(folder, entry.name)] : [],
    );
  expect(files('examples/next-app/app').filter((file) => refused.test(read(file)))).toEqual([]);
  expect(read('examples/next-app/next.config.ts')).toMatch(/^\s*cacheComponents: true,$/m);
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

/** The recipe as a user's app has it: imports from `hitl-react`, shadcn's `@/` aliases, and lucide's icon. */
function asInAnApp(source: string): string {
  return source
    .slice(source.indexOf('import { useHeadlessField'))
    .replace("from '../../src';", "from 'hitl-react';")
    .replace(/from '\.\/components\/ui\/([a-z-]+)'/g, "from '@/components/ui/$1'")
    .replace("from './lib/utils'", "from '@/lib/utils'")
    .replace("import { LoaderCircleIcon } from '@/components/ui/icons';\n", '')
    .replace('import { useHeadlessField', "import { LoaderCircleIcon } from 'lucide-react';\nimport { useHeadlessField");
}

describe('the design system guide (stories/guides/your-design-system.mdx)', () => {
  it('shows the shadcn recipe in full, as the tested file has it', () => {
    const guide = read('../../../stories/guides/your-design-system.mdx');
    const block = /\{\/\* shadcn-recipe:start[^\n]*\*\/\}\n+```tsx\n([\s\S]*?)```\n+\{\/\* shadcn-recipe:end \*\/\}/.exec(guide);
    expect(block?.[1]).toBe(asInAnApp(read('../../../examples/shadcn-form/shadcn-tool-call-form.tsx')));
  });
});

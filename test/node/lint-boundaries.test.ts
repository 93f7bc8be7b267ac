/**
 * The boundary rule (eslint/layers-plugin.js) on code it must refuse and code it must let through,
 * so a wrong import fails `npm test` rather than a review.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import layers from '../../eslint/layers-plugin.js';

const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: tseslint.parser },
      plugins: { layers },
      rules: { 'layers/boundaries': 'error' },
    },
  ],
});

/** The boundary messages for `code` placed at `filePath`. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.message);
}

describe('layers/boundaries', () => {
  it('refuses an import from a higher layer, naming both and the table', async () => {
    const messages = await problems('src/store/example.ts', "import { useRunStatus } from '../hooks';\nexport const x = useRunStatus;\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^store may not import hooks .*ARCHITECTURE\.md/);
  });

  it('keeps the proxy and the simulator off the React layers', async () => {
    expect(await problems('src/server/example.ts', "export { getRunStore } from '../store';\n")).toHaveLength(1);
    expect(await problems('src/testing/example.ts', "import '../components/run-viewer';\n")).toHaveLength(1);
  });

  it('refuses a reach into another folder past its index', async () => {
    const messages = await problems(
      'src/components/run-viewer/example.tsx',
      "import { ToolCallForm } from '../tool-call-form/tool-call-form';\nexport { ToolCallForm };\n",
    );
    expect(messages).toEqual([expect.stringMatching(/through its index \("\.\.\/tool-call-form"\)/)]);
    expect(
      await problems('src/hooks/example.ts', "import type { RunStatus } from '../client/types';\nexport type X = RunStatus;\n"),
    ).toHaveLength(1);
  });

  it('lets a layer use the layers below it, through their index, and its own files', async () => {
    const code =
      "import { getRunStore } from '../store';\nimport { useRunStore } from './use-run-store';\nimport { cx } from '../utils';\nexport { getRunStore, useRunStore, cx };\n";
    expect(await problems('src/hooks/example.ts', code)).toEqual([]);
    expect(await problems('src/components/run-viewer/example.tsx', "export { ToolCallPrompt } from '../tool-call-prompt';\n")).toEqual([]);
  });
});

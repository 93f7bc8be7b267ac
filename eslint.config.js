import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './eslint/layers-plugin.js';
import { LAYERS } from './eslint/layers.js';

/** Layers that must work without React (the proxy, the simulator, a Node script): they may not import it. */
const REACT_FREE = LAYERS.filter((layer) => !layer.react).map((layer) => `${layer.folder}/**`);

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'storybook-static/',
      'coverage/',
      'node_modules/',
      'bench/results/',
      'test/.tmp/',
      'src/schema/form-input-validator.generated.*',
      // Apps with their own package.json, installed and built from the packed tarball by
      // `npm run test:examples` (they import 'hitl-react', which this project does not resolve).
      'examples/next-app/',
      'examples/vite-react18/',
    ],
  },
  {
    // An inline `eslint-disable` would let a wrong import through; a rule that is wrong for a file is changed here, with a reason.
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { layers },
    rules: {
      'layers/boundaries': 'error',
      'layers/no-cycle': 'error',
      'no-duplicate-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // React code only: `use…` helpers of the Node tests are not hooks.
    files: [
      'src/**/*.{ts,tsx}',
      'stories/**/*.{ts,tsx}',
      '.storybook/**/*.{ts,tsx}',
      'playground/**/*.{ts,tsx}',
      'test/dom/**/*.{ts,tsx}',
      'bench/pages/**/*.{ts,tsx}',
      'examples/**/*.{ts,tsx}',
    ],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.tsx', 'stories/**/*.tsx', 'playground/**/*.tsx', 'examples/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/**/*.tsx', 'stories/**/*.tsx', 'playground/**/*.tsx'],
    rules: {
      // A region that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1, axe's
      // scrollable-region-focusable): a labelled `role="region"` may be a Tab stop.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  {
    files: REACT_FREE,
    ignores: ['src/utils/react/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react|react-dom)(/.*)?$',
              message: 'This layer runs without React (ARCHITECTURE.md): move React code to context, hooks or components.',
            },
            { regex: '^@radix-ui/', message: 'This layer runs without React (ARCHITECTURE.md).' },
          ],
        },
      ],
    },
  },
  prettier,
);

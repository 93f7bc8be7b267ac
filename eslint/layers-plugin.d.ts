/** Types of ./layers-plugin.js, for the TypeScript code (tests) that loads the rule. */
import type { ESLint } from 'eslint';
declare const plugin: ESLint.Plugin;
export default plugin;

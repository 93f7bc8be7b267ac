/**
 * `tsc --noEmit -p tsconfig.json` and `eslint . --max-warnings 0` (`npm run typecheck`, `npm run
 * lint`) in one process, on one TypeScript program: the type-aware rules read the types the check
 * has already worked out instead of building the whole program a second time (a third less CPU for
 * the two, which `npm test` runs beside Vitest on two cores). The same tsconfig, the same ESLint
 * configuration and files; a linted file that is not in the program fails loudly, as it would for
 * ESLint's own project service. Exit code 1 on any type error, lint error or warning.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const color = process.stdout.isTTY === true;

function typeCheck(): { program: ts.Program; failed: boolean } {
  const host: ts.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  const config = ts.getParsedCommandLineOfConfigFile(resolve(root, 'tsconfig.json'), {}, host);
  if (config === undefined) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });
  const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
  if (diagnostics.length > 0) {
    const format = color ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
    process.stdout.write(
      format(diagnostics, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' }),
    );
    console.log(`Types: ${diagnostics.length} error${diagnostics.length === 1 ? '' : 's'}.`);
  }
  return { program, failed: diagnostics.length > 0 };
}

async function lint(program: ts.Program): Promise<boolean> {
  const eslint = new ESLint({
    cwd: root,
    // The JavaScript files keep eslint.config.js's untyped set-up; every TypeScript file is read
    // from the program above.
    overrideConfig: [
      { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parserOptions: { programs: [program], projectService: false } } },
    ],
  });
  const results = await eslint.lintFiles(['.']);
  const problems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
  if (problems > 0) process.stdout.write(await (await eslint.loadFormatter('stylish')).format(results));
  return problems > 0;
}

const types = typeCheck();
const lintFailed = await lint(types.program);
process.exitCode = types.failed || lintFailed ? 1 : 0;

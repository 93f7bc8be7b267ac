import { resolve } from 'node:path';
import ts from 'typescript';

/**
 * Apps compiled with `exactOptionalPropertyTypes` pass `string | undefined` (from a hook, a router)
 * straight to optional props; the repo itself compiles without that option, so this compiles an
 * app-like file with it.
 */
const root = resolve(import.meta.dirname, '../../..');
const fixture = resolve(import.meta.dirname, 'exact-optional-props.fixture.tsx');

function diagnostics(file: string, text?: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(root, 'tsconfig.json'),
    { exactOptionalPropertyTypes: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('no tsconfig');
  const host = ts.createCompilerHost(config.options);
  if (text !== undefined) {
    const readFile = host.readFile.bind(host);
    host.readFile = (name) => (resolve(name) === file ? text : readFile(name));
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language, ...rest) =>
      resolve(name) === file ? ts.createSourceFile(name, text, language, true, ts.ScriptKind.TSX) : getSourceFile(name, language, ...rest);
  }
  const program = ts.createProgram([file], config.options, host);
  const source = program.getSourceFile(file);
  if (source === undefined) throw new Error(`not compiled: ${file}`);
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
    (diagnostic) => `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
  );
}

describe('optional props under exactOptionalPropertyTypes', () => {
  it('take a value that may be undefined: runId, pollIntervalMs, className, onOpen …', () => {
    expect(diagnostics(fixture)).toEqual([]);
  }, 120_000);

  it('are checked with the option on (a prop without `| undefined` is refused)', () => {
    const strict = `interface Props { runId?: string }\ndeclare const runId: string | undefined;\nexport const props: Props = { runId };\n`;
    expect(diagnostics(resolve(import.meta.dirname, 'exact-optional-control.tsx'), strict).join('\n')).toMatch(/TS2375/);
  }, 120_000);
});

/** `toNodeListener` where its optional peer `srvx` is not installed. */
import { forkProcess } from './fork-process';

interface Outcome {
  listenerError?: string;
  status?: number;
  reached: boolean;
  logged: string[];
  simulatorError?: string;
  listening: boolean;
}

describe('toNodeListener without srvx', () => {
  it('throws with the install line when the listener is made, and startSimulatorServer fails at once', async () => {
    // A resolve hook that refuses `srvx`, as a Node without the package would.
    const hook = `export async function resolve(specifier, context, next) {
      if (specifier === 'srvx' || specifier.startsWith('srvx/')) throw Object.assign(new Error("Cannot find package 'srvx'"), { code: 'ERR_MODULE_NOT_FOUND' });
      return next(specifier, context);
    }`;
    const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
    const child = await forkProcess(new URL('./without-srvx-process.ts', import.meta.url), {
      execArgv: ['--import', `data:text/javascript,${encodeURIComponent(register)}`],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      const outcome = await new Promise<Outcome>((resolve, reject) => {
        child.once('message', (message) => resolve(message as Outcome));
        child.once('exit', (code) => reject(new Error(`the process exited with ${String(code)} before it answered`)));
      });
      const installLine = /^toNodeListener needs the srvx package \(npm install srvx\)/;
      expect(outcome.listenerError).toMatch(installLine);
      // No listener, so no request was answered, reached the handler or was logged.
      expect(outcome.status).toBeUndefined();
      expect(outcome.reached).toBe(false);
      expect(outcome.logged).toEqual([]);
      expect(outcome.simulatorError).toMatch(installLine);
      expect(outcome.listening).toBe(false);
    } finally {
      child.kill();
    }
  });
});

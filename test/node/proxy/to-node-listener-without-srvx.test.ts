/** `toNodeListener` where its optional peer `srvx` is not installed. */
import { forkProcess } from './fork-process';

describe('toNodeListener without srvx', () => {
  it('answers 500 and says to install srvx when it is missing, without reaching the handler', async () => {
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
      const outcome = await new Promise<{ status: number; body: string; reported: string[]; reached: boolean }>((resolve, reject) => {
        child.once('message', (message) => resolve(message as never));
        child.once('exit', (code) => reject(new Error(`the process exited with ${String(code)} before it answered`)));
      });
      expect(outcome.status).toBe(500);
      expect(JSON.parse(outcome.body)).toEqual({ success: false, error: 'Internal server error' });
      expect(outcome.reached).toBe(false);
      expect(outcome.reported).toEqual([expect.stringMatching(/^toNodeListener needs the srvx package \(npm install srvx\)/)]);
    } finally {
      child.kill();
    }
  });
});

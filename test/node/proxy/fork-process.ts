/**
 * Forks one of this folder's process scripts (`*-process.ts`, `hub-instance.ts`) as plain Node: the
 * script and the library's sources it imports are bundled once (esbuild, the packages left to
 * node_modules) into test/.tmp/processes/, named by the bundle's hash. Each child used to compile
 * those sources again through tsx: the proxy fault tests start some twenty children, and that
 * compiling was most of their CPU time.
 */
import { fork, type ChildProcess, type ForkOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// Inside the repository, so the bundle's `import 'redis'` finds our node_modules.
const OUT_DIR = resolve(import.meta.dirname, '../../.tmp/processes');
const bundles = new Map<string, Promise<string>>();

async function bundle(script: string): Promise<string> {
  const result = await build({
    entryPoints: [script],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const file = join(OUT_DIR, `${basename(script, '.ts')}-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.mjs`);
  if (!existsSync(file)) {
    await mkdir(OUT_DIR, { recursive: true });
    // Written aside, then renamed: another test file may fork the same script meanwhile.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(partial, code);
    await rename(partial, file);
  }
  return file;
}

/**
 * `child_process.fork` of `script` (a URL of this folder's), bundled; options as `fork`'s. The child
 * gets no Node options of its parent's (a test worker's loader flags) unless `execArgv` says so.
 */
export async function forkProcess(script: URL, options: ForkOptions): Promise<ChildProcess> {
  const path = fileURLToPath(script);
  let file = bundles.get(path);
  if (file === undefined) {
    file = bundle(path);
    bundles.set(path, file);
  }
  return fork(await file, { execArgv: [], ...options });
}

/** Settings of a proxy instance in a child process (answer-proxy-process.ts) on a shared Redis. */
export interface AnswerProxySettings {
  /** The task service's address and key. */
  upstream: string;
  apiKey: string;
  redisUrl: string;
  /** The proxy's `timeoutMs`. */
  timeoutMs: number;
  /** The Redis store's `resetGraceMs`. */
  resetGraceMs: number;
}

/**
 * A proxy instance in a child process on a shared Redis (answer-proxy-process.ts), listening on a
 * free port of 127.0.0.1 once this resolves; `kill` is a crash (SIGKILL).
 */
export async function forkAnswerProxy(settings: AnswerProxySettings): Promise<{ base: string; child: ChildProcess; kill: () => void }> {
  const child = await forkProcess(new URL('./answer-proxy-process.ts', import.meta.url), {
    env: {
      ...process.env,
      UPSTREAM: settings.upstream,
      API_KEY: settings.apiKey,
      REDIS_URL: settings.redisUrl,
      TIMEOUT_MS: String(settings.timeoutMs),
      RESET_GRACE_MS: String(settings.resetGraceMs),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const kill = () => void child.kill('SIGKILL');
  try {
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as { port: number }));
      child.once('exit', (code) => reject(new Error(`the proxy process exited with ${String(code)}`)));
    });
    return { base: `http://127.0.0.1:${port}`, child, kill };
  } catch (error) {
    kill();
    throw error;
  }
}

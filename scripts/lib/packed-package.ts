/**
 * The package as a user installs it: built from a copy of the repository, `npm pack`ed, and the
 * tarball installed with npm into an empty app. Shared by `npm run bench` and the tests that check
 * the package (test/node/packed-exports.test.ts, test/node/size-budget.test.ts,
 * test/e2e/packed-package.test.ts), so the bench and CI measure the same thing and a test run
 * packs once.
 *
 * Both are cached under test/.tmp/ (ignored by git, lint and the copy): the tarball keyed by a
 * hash of everything the build reads, each app by the tarball and the packages it adds. A lock
 * directory keeps two processes (two test workers, a test and the bench) from building at once;
 * the second waits and reuses the first one's result.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const CACHE_DIR = join(REPO_ROOT, 'test/.tmp/packed');

/** What the copy the package is built from leaves out: installs, outputs, history, caches. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'storybook-static', 'coverage', join('test', '.tmp'), join('bench', 'results')]);

/** Files outside src/ that decide what the tarball holds. */
const BUILD_INPUTS = [
  'package.json',
  'package-lock.json',
  'README.md',
  'LICENSE',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'scripts/build-validator.ts',
  'scripts/finalize-types.ts',
];

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; rejects with its output when it fails. */
export function run(command: string, args: readonly string[], cwd: string): Promise<Finished> {
  return new Promise((resolvePromise, reject) => {
    // Without a test runner's NODE_ENV=test, which would make Vite build with React's development JSX runtime.
    const { NODE_ENV: _testMode, ...env } = process.env;
    const child = spawn(command, [...args], { cwd, env: { ...env, npm_config_update_notifier: 'false' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise({ code, stdout, stderr });
      else reject(new Error(`${command} ${args.join(' ')} exited with ${String(code)}\n${stdout}\n${stderr}`));
    });
  });
}

/** The exact version our lock file installed, so npm's cache can serve it and peers match ours. */
export function lockedVersion(name: string): string {
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (version === undefined) throw new Error(`${name} is not in package-lock.json`);
  return version;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}

/** A hash of every file the build reads (src/ and BUILD_INPUTS), by path and content. */
export function sourceHash(patchKey = ''): string {
  const hash = createHash('sha256').update(patchKey);
  const files = [...filesUnder(join(REPO_ROOT, 'src')), ...BUILD_INPUTS.map((file) => join(REPO_ROOT, file))];
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs `work` holding `lockDir` (made with mkdir, which is atomic); a lock whose process died is taken over. */
async function withLock<T>(lockDir: string, work: () => Promise<T>): Promise<T> {
  await mkdir(resolve(lockDir, '..'), { recursive: true });
  for (;;) {
    try {
      await mkdir(lockDir);
      await writeFile(join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner = Number.NaN;
      try {
        owner = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
      } catch {
        // Made, pid not written yet: its owner is alive; wait.
      }
      const age = Date.now() - (existsSync(lockDir) ? statSync(lockDir).mtimeMs : Date.now());
      if ((Number.isInteger(owner) && !alive(owner)) || age > 15 * 60_000) await rm(lockDir, { recursive: true, force: true });
      else await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockDir, { recursive: true, force: true });
  }
}

/** Removes cached builds and apps other than `keep`: one of each is enough, and each is tens of MB. */
async function prune(dir: string, keep: ReadonlySet<string>): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (keep.has(name) || name.endsWith('.lock') || name.startsWith('tmp-')) continue;
    await rm(join(dir, name), { recursive: true, force: true });
  }
}

export interface PackOptions {
  /**
   * Changes the copy before it is built, e.g. to try a different vite.config.ts: diagnosis only.
   * `key` names the change, so its tarball is cached apart. Default: none.
   */
  patch?: { key: string; apply(sourceDir: string): Promise<void> };
  log?: (line: string) => void;
}

export interface PackedPackage {
  /** The tarball `npm pack` made. */
  tarball: string;
  /** The source hash it is keyed by. */
  hash: string;
  /** Seconds building and packing took; 0 when it came from the cache. */
  buildSeconds: number;
}

/** Builds and packs the package from a copy of the working tree, or takes the cached tarball of the same sources. */
export async function packedTarball(options: PackOptions = {}): Promise<PackedPackage> {
  const hash = sourceHash(options.patch?.key);
  const dir = join(CACHE_DIR, 'tarballs', hash);
  const find = () => (existsSync(dir) ? readdirSync(dir).find((name) => name.endsWith('.tgz')) : undefined);
  const cached = find();
  if (cached) return { tarball: join(dir, cached), hash, buildSeconds: 0 };
  await mkdir(join(CACHE_DIR, 'tarballs'), { recursive: true });
  return withLock(join(CACHE_DIR, 'tarballs', 'build.lock'), async () => {
    // Another process may have built it while this one waited.
    const built = find();
    if (built) return { tarball: join(dir, built), hash, buildSeconds: 0 };
    const started = performance.now();
    options.log?.(`  packing hitl-react (sources ${hash})…`);
    // The copy lives outside the repository (cp refuses to copy a folder into itself); the
    // tarball is packed next to the cache, then renamed into it.
    const work = await mkdtemp(join(tmpdir(), 'hitl-react-pack-'));
    const out = await mkdtemp(join(CACHE_DIR, 'tarballs', 'tmp-'));
    try {
      // Built from a copy: the build rewrites dist/ and a generated source file, which tests
      // running beside this one read, and the working tree must not change under them.
      const source = join(work, 'source');
      await cp(REPO_ROOT, source, { recursive: true, filter: (path) => !SKIPPED.has(relative(REPO_ROOT, path)) });
      await symlink(join(REPO_ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
      await options.patch?.apply(source);
      await run('npm', ['run', 'build'], source);
      await run('npm', ['pack', '--json', '--pack-destination', out], source);
      // The whole folder at once: a reader sees either no tarball or a complete one.
      await rename(out, dir);
      if (!options.patch) await prune(join(CACHE_DIR, 'tarballs'), new Set([hash]));
    } finally {
      await rm(work, { recursive: true, force: true });
      await rm(out, { recursive: true, force: true });
    }
    const tarball = find();
    if (!tarball) throw new Error(`npm pack left no tarball in ${dir}`);
    return { tarball: join(dir, tarball), hash, buildSeconds: (performance.now() - started) / 1000 };
  });
}

/**
 * The peers the bench compares with, installed beside the tarball so their pages are bundled from
 * the same app, against the same React. The tests use the same app (one install per tarball).
 */
export const PEER_PACKAGES = [
  '@rjsf/core',
  '@rjsf/utils',
  '@rjsf/validator-ajv8',
  '@jsonforms/core',
  '@jsonforms/react',
  '@jsonforms/vanilla-renderers',
  '@tanstack/react-query',
  'swr',
] as const;

export interface ConsumerApp {
  /** The app's folder: `node_modules/hitl-react` is the installed tarball. */
  dir: string;
  packed: PackedPackage;
  /** Seconds the npm install took; 0 when it came from the cache. */
  installSeconds: number;
}

/**
 * An empty app with the packed tarball, React and ReactDOM installed by npm as a user would, plus
 * the `PEER_PACKAGES`, all at the versions of our lock file. The tarball's own dependencies
 * (Radix, ajv) are whatever npm resolves for its ranges, as for a user.
 */
export async function consumerApp(options: PackOptions = {}): Promise<ConsumerApp> {
  const packed = await packedTarball(options);
  const specs = ['react', 'react-dom', ...PEER_PACKAGES].map((name) => `${name}@${lockedVersion(name)}`);
  const key = createHash('sha256').update(packed.hash).update(specs.join(' ')).digest('hex').slice(0, 16);
  const appsDir = join(CACHE_DIR, 'apps');
  const dir = join(appsDir, key);
  const ready = () => existsSync(join(dir, 'node_modules/hitl-react/package.json'));
  if (ready()) return { dir, packed, installSeconds: 0 };
  return withLock(join(appsDir, `${key}.lock`), async () => {
    if (ready()) return { dir, packed, installSeconds: 0 };
    const started = performance.now();
    options.log?.(`  installing the tarball into an empty app (${specs.length} more packages)…`);
    await mkdir(appsDir, { recursive: true });
    const work = await mkdtemp(join(appsDir, 'tmp-'));
    try {
      await writeFile(join(work, 'package.json'), JSON.stringify({ name: 'consumer-app', private: true, type: 'module' }));
      await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', packed.tarball, ...specs], work);
      await rename(work, dir);
    } catch (error) {
      await rm(work, { recursive: true, force: true });
      throw error;
    }
    // Apps of older tarballs go; diagnostic builds (`patch`) leave the others alone.
    if (!options.patch) await prune(appsDir, new Set([key]));
    return { dir, packed, installSeconds: (performance.now() - started) / 1000 };
  });
}

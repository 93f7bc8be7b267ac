/**
 * A Restate server of a test's own: the binary the registry package `@restatedev/restate-server`
 * ships for this platform, on free ports of 127.0.0.1 (`--use-random-ports`, read back from its JSON
 * log), its data in a temporary folder removed at `stop`. One partition: a test's server starts in
 * about a second. Telemetry is off; its start-up check for a newer release finds no network here and
 * gives up (an `octocrab` error line in its log, which is not read).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface RestateServer {
  /** Where services are called and awakeables resolved: `http://127.0.0.1:<port>`. */
  ingressUrl: string;
  /** The admin API, where deployments are registered. */
  adminUrl: string;
  /** Registers the service endpoint at `uri` (HTTP/2 without TLS), as `restate deployments register` does. */
  register(uri: string): Promise<void>;
  /** SIGTERM, waits for the exit, removes its data. */
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** The binary of `@restatedev/restate-server-<platform>`, which npm installs beside the package. */
export function restateServerPath(): string {
  const platform = `${process.platform === 'darwin' ? 'darwin' : 'linux'}-${process.arch === 'arm64' ? 'arm64' : 'x64'}`;
  return join(dirname(require.resolve(`@restatedev/restate-server-${platform}/package.json`)), 'bin', 'restate-server');
}

interface LogLine {
  fields?: { message?: string };
  span?: { server_name?: string; 'server.port'?: number };
}

export async function startRestateServer(): Promise<RestateServer> {
  const baseDir = await mkdtemp(join(tmpdir(), 'restate-'));
  const child: ChildProcess = spawn(
    restateServerPath(),
    ['--no-logo', '--use-random-ports', 'true', '--listen-mode', 'tcp', '--bind-ip', '127.0.0.1', '--base-dir', baseDir],
    {
      env: {
        PATH: process.env.PATH,
        RESTATE_LOG_FORMAT: 'json',
        RESTATE_DEFAULT_NUM_PARTITIONS: '1',
        RESTATE_DISABLE_TELEMETRY: 'true',
        DO_NOT_TRACK: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A test process that ends without `stop` (a crash, an interrupted run) leaves no server behind.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  void exited.then(() => process.off('exit', orphaned));
  const ports: Record<string, number> = {};
  let output = '';
  await new Promise<void>((resolve, reject) => {
    let partial = '';
    let leader = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = partial + chunk.toString();
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        output += `${line}\n`;
        let parsed: LogLine;
        try {
          parsed = JSON.parse(line) as LogLine;
        } catch {
          continue;
        }
        const { server_name: name, 'server.port': port } = parsed.span ?? {};
        if (name !== undefined && port !== undefined) ports[name] = port;
        // Invocations are taken once the partition has its leader.
        if (parsed.fields?.message?.includes('became Leader') === true) leader = true;
      }
      if (leader && ports['http-ingress-server'] !== undefined && ports['admin-api-server'] !== undefined) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    void exited.then(() => reject(new Error(`restate-server exited:\n${output}`)));
  });
  const adminUrl = `http://127.0.0.1:${ports['admin-api-server']}`;
  return {
    ingressUrl: `http://127.0.0.1:${ports['http-ingress-server']}`,
    adminUrl,
    async register(uri) {
      const response = await fetch(`${adminUrl}/deployments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uri }),
      });
      if (!response.ok) throw new Error(`registering ${uri}: ${response.status} ${await response.text()}`);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(baseDir, { recursive: true, force: true });
    },
  };
}

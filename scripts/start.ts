/**
 * `npm start`: the playground on 127.0.0.1 — a small app built on the library, served by Vite,
 * talking through the key-hiding proxy to the simulated task service, which runs beside it with
 * every built-in scenario and a few dozen finished demo tasks, ready for curl too.
 *
 *   PORT               port of the playground (default 5173)
 *   SIMULATOR_PORT     port of the simulated service (default 4010)
 *   SIMULATOR_API_KEY  the key the service accepts (default: DEMO_API_KEY)
 *
 * A port of 0 means any free port; a busy port falls back to a free one.
 */
import { pathToFileURL } from 'node:url';
import type { LogLevel } from 'vite';
import { builtInScenarios, startSimulatorServer, type SimulatorServer, type SimulatorServerOptions } from '../src/testing';
import { createDemoClock, seedDemoData } from './playground-seed';
import { startPlaygroundServer, type PlaygroundServer } from './playground-server';

/** The key `npm start` accepts unless SIMULATOR_API_KEY says otherwise. Only ever valid on this local simulator. */
export const DEMO_API_KEY = 'demo_simulator_key_4010';

/** Default port of the simulated service. */
export const DEFAULT_SIMULATOR_PORT = 4010;

/** Default port of the playground (Vite's usual one). */
export const DEFAULT_PLAYGROUND_PORT = 5173;

export interface DemoSimulatorOptions extends Omit<SimulatorServerOptions, 'apiKey'> {
  /** The key the simulator accepts. Default: `DEMO_API_KEY`. */
  apiKey?: string;
  /** Where the start-up text goes, line by line. Default: `console.log`. */
  log?: (line: string) => void;
}

export interface DemoSimulator {
  server: SimulatorServer;
  apiKey: string;
  /** A ready-to-paste curl command creating a task. */
  curl: string;
}

/** Quotes a value for a POSIX shell. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function isAddressInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}

/** Starts a server on `port`; when that port is busy, on a free one instead, and says so. */
async function listenWithFallback<T>(
  port: number,
  start: (port: number) => Promise<T>,
  portOf: (server: T) => number,
  log: (line: string) => void,
): Promise<T> {
  try {
    return await start(port);
  } catch (error) {
    if (!isAddressInUse(error) || port === 0) throw error;
    const server = await start(0);
    log(`Port ${port} is busy; using ${portOf(server)} instead.`);
    return server;
  }
}

/**
 * Starts the simulator the way `npm start` does and prints how to use it. Reused by the
 * playground, which serves its UI beside it.
 */
export async function startDemoSimulator(options: DemoSimulatorOptions = {}): Promise<DemoSimulator> {
  const { log = (line: string) => console.log(line), apiKey = DEMO_API_KEY, ...serverOptions } = options;
  const server = await listenWithFallback(
    serverOptions.port ?? DEFAULT_SIMULATOR_PORT,
    (port) => startSimulatorServer({ scenarios: builtInScenarios, defaultScenario: 'login', ...serverOptions, port, apiKey }),
    (started) => started.port,
    log,
  );

  const body = JSON.stringify({
    task: 'Log in to Acme Shop and show my open orders',
    agent: 'BROWSER_AGENT',
    tools: [{ type: 'function', function: { name: 'form_input', description: 'Ask the person for information.' } }],
  });
  const curl = [
    'curl -sS -X POST',
    shellQuote(`${server.url}/api/v1/task/create`),
    '-H',
    shellQuote(`x-api-key: ${apiKey}`),
    '-H',
    shellQuote('content-type: application/json'),
    '-d',
    shellQuote(body),
  ].join(' ');

  log('Simulated task service is running.');
  log(`  Address:   ${server.url}`);
  log(`  API key:   ${apiKey}`);
  log(`  Scenarios: ${builtInScenarios.map((scenario) => scenario.name).join(', ')} (picked by keywords in the task text; default login)`);
  log('Create a task:');
  log(`  ${curl}`);
  log('Then poll it with GET /api/v1/task/<taskId>/run/status and the same x-api-key header.');
  return { server, apiKey, curl };
}

export interface StartPlaygroundOptions {
  /** Port of the playground; 0 picks a free one, a busy one falls back to a free one. Default: 5173. */
  port?: number;
  /** Port of the simulated service, with the same fallback. Default: 4010. */
  simulatorPort?: number;
  /** The key the service accepts and the proxy adds. Default: `DEMO_API_KEY`. */
  apiKey?: string;
  /** Passed to the simulated service: 0.1 makes every page of a scenario ten times shorter. Default: 1. */
  timeScale?: number;
  /** Whether to create the finished demo tasks and runs. Default: true. */
  seed?: boolean;
  /** Where the start-up text goes, line by line. Default: `console.log`. */
  log?: (line: string) => void;
  /** Vite's own messages. Default: `'info'`. */
  viteLogLevel?: LogLevel;
  /** Vite's dependency cache. Default: `node_modules/.vite/playground`. */
  viteCacheDir?: string;
  /** Whether edits to the app or the library reload the page; tests turn it off. Default: true. */
  hotReload?: boolean;
}

export interface Playground {
  /** The playground's address, e.g. `http://127.0.0.1:5173/`. */
  url: string;
  /** The simulated service behind the proxy. */
  simulator: SimulatorServer;
  /** The key the service accepts and the proxy adds. Printed for curl; never sent to the page. */
  apiKey: string;
  /** Stops the playground and the service. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Starts what `npm start` starts: the simulated service (seeded with demo tasks) and the
 * playground in front of it, whose `/api/hitl` proxy holds the key. Prints the playground's
 * address first, then the service's address, key and a curl line.
 */
export async function startPlayground(options: StartPlaygroundOptions = {}): Promise<Playground> {
  const { log = (line: string) => console.log(line), apiKey = DEMO_API_KEY, seed = true } = options;
  const clock = createDemoClock();
  // The service's lines are printed after the playground's, which is what a person opens.
  const simulatorLines: string[] = [];
  const { server: simulator } = await startDemoSimulator({
    port: options.simulatorPort ?? DEFAULT_SIMULATOR_PORT,
    apiKey,
    now: clock.now,
    ...(options.timeScale === undefined ? {} : { timeScale: options.timeScale }),
    log: (line) => simulatorLines.push(line),
  });
  let web: PlaygroundServer;
  try {
    if (seed) await seedDemoData(simulator.service, clock);
    web = await listenWithFallback(
      options.port ?? DEFAULT_PLAYGROUND_PORT,
      (port) =>
        startPlaygroundServer({
          port,
          upstream: simulator.url,
          apiKey,
          ...(options.viteLogLevel === undefined ? {} : { logLevel: options.viteLogLevel }),
          ...(options.viteCacheDir === undefined ? {} : { cacheDir: options.viteCacheDir }),
          ...(options.hotReload === undefined ? {} : { hotReload: options.hotReload }),
        }),
      (server) => server.port,
      log,
    );
  } catch (error) {
    await simulator.close();
    throw error;
  }

  log('hitl-react playground is running.');
  log(`  Playground:  ${web.url}`);
  log('  Open it in a browser. It reaches the service through its own /api/hitl proxy, which adds the key.');
  log('');
  for (const line of simulatorLines) log(line);

  let closing: Promise<void> | undefined;
  return {
    url: web.url,
    simulator,
    apiKey,
    close() {
      closing ??= Promise.allSettled([web.close(), simulator.close()]).then((results) => {
        const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
        if (failed !== undefined) throw failed.reason;
      });
      return closing;
    },
  };
}

function portFromEnvironment(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`${name} must be a port number, got "${raw}"`);
  return port;
}

async function main(): Promise<void> {
  const playground = await startPlayground({
    port: portFromEnvironment('PORT', DEFAULT_PLAYGROUND_PORT),
    simulatorPort: portFromEnvironment('SIMULATOR_PORT', DEFAULT_SIMULATOR_PORT),
    apiKey: process.env.SIMULATOR_API_KEY || DEMO_API_KEY,
  });
  let stopping = false;
  const stop = (signal: string) => {
    // A second signal (e.g. Ctrl-C twice, or one from each process in the chain) must not kill a clean shutdown.
    if (stopping) return;
    stopping = true;
    console.log(`Received ${signal}; stopping.`);
    void playground.close().then(
      () => console.log('Stopped.'),
      (error: unknown) => {
        console.error(error);
        process.exitCode = 1;
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

/**
 * `npm start`: the simulated task service over HTTP on 127.0.0.1, with every built-in
 * scenario, ready for curl or a client.
 *
 *   PORT               port to listen on (default 4010; 0 = any free port; a busy port falls back to a free one)
 *   SIMULATOR_API_KEY  the key it accepts (default: DEMO_API_KEY)
 */
import { pathToFileURL } from 'node:url';
import { builtInScenarios, startSimulatorServer, type SimulatorServer, type SimulatorServerOptions } from '../src/testing';

/** The key `npm start` accepts unless SIMULATOR_API_KEY says otherwise. Only ever valid on this local simulator. */
export const DEMO_API_KEY = 'demo_simulator_key_4010';

export const DEFAULT_PORT = 4010;

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

/**
 * Starts the simulator the way `npm start` does and prints how to use it. Reused by the
 * playground, which serves its UI beside it.
 */
export async function startDemoSimulator(options: DemoSimulatorOptions = {}): Promise<DemoSimulator> {
  const { log = (line: string) => console.log(line), apiKey = DEMO_API_KEY, ...serverOptions } = options;
  const port = serverOptions.port ?? DEFAULT_PORT;
  let server: SimulatorServer;
  try {
    server = await startSimulatorServer({ scenarios: builtInScenarios, defaultScenario: 'login', ...serverOptions, port, apiKey });
  } catch (error) {
    if (!isAddressInUse(error) || port === 0) throw error;
    server = await startSimulatorServer({ scenarios: builtInScenarios, defaultScenario: 'login', ...serverOptions, port: 0, apiKey });
    log(`Port ${port} is busy; using ${server.port} instead.`);
  }

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

function portFromEnvironment(): number {
  const raw = process.env.PORT;
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`PORT must be a port number, got "${raw}"`);
  return port;
}

async function main(): Promise<void> {
  const { server } = await startDemoSimulator({ port: portFromEnvironment(), apiKey: process.env.SIMULATOR_API_KEY || DEMO_API_KEY });
  let stopping = false;
  const stop = (signal: string) => {
    // A second signal (e.g. Ctrl-C twice, or one from each process in the chain) must not kill a clean shutdown.
    if (stopping) return;
    stopping = true;
    console.log(`Received ${signal}; stopping.`);
    void server.close().then(() => console.log('Stopped.'));
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

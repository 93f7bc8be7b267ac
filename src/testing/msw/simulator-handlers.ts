import { http, type HttpHandler } from 'msw';
import {
  createSimulatedService,
  DEFAULT_SIMULATOR_API_KEY,
  SIMULATOR_ORIGIN,
  type SimulatedService,
  type SimulatedServiceOptions,
} from '../simulated-service';

/**
 * The `baseUrl` the handlers answer at when none is given: the path the README's proxy is mounted
 * at (`createTaskProxy({ basePath: '/api/hitl' })`) and its browser client uses
 * (`createTaskClient({ baseUrl: '/api/hitl' })`).
 */
export const DEFAULT_SIMULATOR_HANDLERS_BASE_URL = '/api/hitl';

/**
 * Options of `simulatorHandlers`: where the app's client sends its requests, how the key is
 * handled, and either a `service` of yours or the options to make one (those of
 * `createSimulatedService`, e.g. `timeScale`, `scenario`, `seed`, `faults`).
 */
export interface SimulatorHandlersOptions extends SimulatedServiceOptions {
  /**
   * The service that answers, when you made it yourself (to share it with other code, or keep it
   * across `server.resetHandlers()`). Only `apiKey` may be given beside it. Default: a new
   * `createSimulatedService(options)` made from the other options.
   */
  service?: SimulatedService;
  /**
   * The `baseUrl` of the app's `createTaskClient`: an absolute URL (`https://service.example`,
   * `http://localhost:3000/api/hitl`), matched on that origin and path only, or a path
   * (`/api/hitl`), matched on any origin, as a same-origin proxy is reached from wherever the page
   * is served. Everything under it is answered by the service (404 for paths it does not know,
   * as `createTaskProxy` does). Default: `'/api/hitl'` (`DEFAULT_SIMULATOR_HANDLERS_BASE_URL`),
   * the README's proxy setup, so an app's keyless browser client works unchanged.
   */
  baseUrl?: string;
  /**
   * Adds the service's key (`apiKey`) to requests that carry no `x-api-key`, as `createTaskProxy`
   * would for a keyless browser client. A request with its own key keeps it, so a client that
   * holds a key (or a wrong one, to test the refused-key state) is answered as the service would.
   * `false` answers keyless requests 401. Default: true.
   */
  addApiKey?: boolean;
  /**
   * The key the service accepts, and the one `addApiKey` adds. With `service`, the key that service
   * was made with. Default: `DEFAULT_SIMULATOR_API_KEY`, the key of a service made without one.
   */
  apiKey?: string;
}

/**
 * MSW request handlers that serve a simulated service, with that service at hand: spread them
 * into `setupServer(...handlers)` or `setupWorker(...handlers)`, and read `handlers.service`
 * (`requests`, `getTask`, `faults`, `reset`) in the test.
 */
export type SimulatorHandlers = HttpHandler[] & {
  /** The service behind the handlers. */
  readonly service: SimulatedService;
};

/** `text` escaped for use inside a regular expression. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Where the handlers answer: the origin and path prefix as a pattern source, and the prefix to take off. */
interface Mount {
  /** Source of a regular expression matching what MSW tests, `origin + pathname`, up to the prefix. */
  head: string;
  /** The path prefix, without a trailing slash. */
  prefix: string;
}

/** The mount of `address`: an absolute http(s) URL, or a path matched on any origin. */
function mountOf(address: string, option: string): Mount {
  if (address.startsWith('/')) {
    // Resolved against a throwaway origin only to normalise the path as a browser would (dots, escapes).
    const prefix = new URL(address, 'http://path.invalid').pathname.replace(/\/+$/, '');
    return { head: `[a-z][a-z\\d+.-]*://[^/]+${escapeRegExp(prefix)}`, prefix };
  }
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new TypeError(`simulatorHandlers: ${option} "${address}" is neither an absolute http(s) URL nor a path starting with "/"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`simulatorHandlers: ${option} "${address}" must be an http(s) URL`);
  }
  const prefix = url.pathname.replace(/\/+$/, '');
  return { head: escapeRegExp(url.origin + prefix), prefix };
}

/**
 * The request as the service is to see it: the path below the mount (the service's own paths,
 * `/api/v1/...`, `/live/...`), the same method, headers, body and signal.
 */
async function forwarded(request: Request, prefix: string, key: string | undefined): Promise<Request> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  if (key !== undefined && !headers.has('x-api-key')) headers.set('x-api-key', key);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(url.pathname.slice(prefix.length) + url.search, SIMULATOR_ORIGIN), {
    method: request.method,
    headers,
    // Read whole: the service caps bodies at 1 MiB anyway, and a buffer needs no `duplex` option.
    body: hasBody ? await request.arrayBuffer() : null,
    signal: request.signal,
  });
}

/**
 * MSW 2 request handlers that answer the ten endpoints of the task service from a simulated
 * service, at the `baseUrl` your app's client uses, plus the live view and recording addresses
 * that service hands out (`<service.publicUrl>/live/<runId>`, `/recordings/<runId>.gif`).
 * The answers are the simulator's own bytes: envelopes, statuses, `Retry-After`, faults (a
 * `network` fault becomes a failed fetch). Latency comes from the service's
 * `faults: { latencyMs }`.
 *
 * A service worker in a browser never sees an iframe's navigation, so there the live view's
 * frame shows nothing; recordings and the API work in the browser and in Node.
 *
 * @example
 * const handlers = simulatorHandlers({ timeScale: 0.01 });
 * const server = setupServer(...handlers);
 * // ... after the test: handlers.service.getTask(taskId)?.runs[0]?.answers
 */
export function simulatorHandlers(options: SimulatorHandlersOptions = {}): SimulatorHandlers {
  const { service: given, baseUrl = DEFAULT_SIMULATOR_HANDLERS_BASE_URL, addApiKey = true, ...serviceOptions } = options;
  const extra = Object.entries(serviceOptions).filter(([name, value]) => name !== 'apiKey' && value !== undefined);
  if (given !== undefined && extra.length > 0) {
    // They would silently do nothing: the given service was made with its own.
    throw new TypeError(
      `simulatorHandlers: pass either \`service\` or the options to make one; ${extra.map(([name]) => name).join(', ')} would be ignored (only \`apiKey\` may go with \`service\`)`,
    );
  }
  const service = given ?? createSimulatedService(serviceOptions);
  const key = addApiKey ? (options.apiKey ?? DEFAULT_SIMULATOR_API_KEY) : undefined;
  const api = mountOf(baseUrl, 'baseUrl');
  const published = mountOf(service.publicUrl, 'the service publicUrl');
  // The live view and recordings need no key, and sit at the service's public address, which may
  // be another origin than the API (the default, `http://simulator.invalid`, is).
  const recordings = new RegExp(`^${published.head}/(?:live/[^/]+|recordings/[^/]+\\.gif)$`);

  const handlers: HttpHandler[] = [
    http.get(recordings, async ({ request }) => service.handle(await forwarded(request, published.prefix, undefined))),
    http.all(new RegExp(`^${api.head}(?:/.*)?$`), async ({ request }) => service.handle(await forwarded(request, api.prefix, key))),
  ];
  return Object.assign(handlers, { service });
}

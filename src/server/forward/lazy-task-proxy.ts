import { errorEnvelope } from '../../client';
import type { AnswerStats } from './answer-gate';
import { NO_HUB_STATS, type EventHubStats } from '../hub/event-hub';
import { consoleLogger } from '../logger';
import type { Notifier } from '../notify/notifier';
import type { ProxyStore } from '../stores/proxy-store';
import type { TaskProxyOptions } from '../task-proxy-options';
import { readSetting } from '../requests/task-proxy-requests';
import type { AnsweredServiceCall, ServiceCallAnswers } from '../requests/service-calls';

/**
 * The options of a proxy, with its store made, and its one notifier, made with the proxy (the
 * requests tell it before a lazy proxy is configured) and told of the service's calls once it is;
 * `attachServiceCalls` hands the requests' part (Slack) the answers to the service's calls once
 * the part that serves the service is set up.
 */
export type ConfiguredOptions = TaskProxyOptions & {
  store: ProxyStore;
  notifier: Notifier;
  /** Returns what to tell of each call answered through the proxy (Slack updates its message). */
  attachServiceCalls?: ((calls: ServiceCallAnswers) => (answered: AnsweredServiceCall) => void) | undefined;
};

/** The stats of the part of the proxy that serves the task service. */
export interface CoreStats extends EventHubStats {
  readonly answers: AnswerStats;
}

/** The part of the proxy that serves the task service, before its team methods and requests are added. */
export interface ProxyCore {
  (request: Request): Promise<Response>;
  close(): Promise<void>;
  stats(): CoreStats;
}

/** The `code` of the 500 a proxy answers while `upstream` or `apiKey` is missing. */
const PROXY_NOT_CONFIGURED_CODE = 'proxy_not_configured';

const NO_ANSWERS: AnswerStats = Object.freeze({ accepted: 0, replayed: 0, alreadyAnswered: 0, inDoubt: 0, refused: 0, unavailable: 0 });
/** The stats of a proxy that has served nothing yet. */
export const NO_CORE_STATS: CoreStats = Object.freeze({ ...NO_HUB_STATS, answers: NO_ANSWERS });

/** A proxy set up (by `configure`) on the first request that finds both settings; until then each request is answered 500. */
export function createLazyProxy(
  options: ConfiguredOptions,
  createConfiguredProxy: (options: ConfiguredOptions, upstream: string, apiKey: string) => ProxyCore,
): ProxyCore {
  let configured: ProxyCore | undefined;
  let closed = false;
  let reported = false;
  const configure = (): ProxyCore | Response => {
    if (configured !== undefined) return configured;
    const upstream = readSetting(options.upstream);
    const apiKey = readSetting(options.apiKey);
    let problem: string | undefined;
    if (upstream === undefined || apiKey === undefined) {
      const missing = [upstream === undefined ? 'upstream' : '', apiKey === undefined ? 'apiKey' : ''].filter(Boolean);
      problem = `createTaskProxy's ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set (empty or undefined) on the server`;
    } else {
      try {
        configured = createConfiguredProxy(options, upstream, apiKey);
        if (closed) void configured.close();
        return configured;
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
    }
    if (!reported) (options.logger ?? consoleLogger).error(`the task proxy is not configured: ${problem}`);
    reported = true;
    // Never the values themselves: a key in the wrong setting would otherwise reach the browser.
    return errorEnvelope(500, `The task proxy is not configured: ${problem}`, { code: PROXY_NOT_CONFIGURED_CODE });
  };
  const handler = (request: Request): Promise<Response> => {
    const proxy = configure();
    return proxy instanceof Response ? Promise.resolve(proxy) : proxy(request);
  };
  return Object.assign(handler, {
    close: () => {
      closed = true;
      return configured?.close() ?? Promise.resolve();
    },
    stats: () => configured?.stats() ?? NO_CORE_STATS,
  });
}

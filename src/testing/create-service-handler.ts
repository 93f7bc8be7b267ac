import { AUDIT_PATH, errorEnvelope, matchTaskEndpoint } from '../client';
import { answerEndpoint, type EndpointContext } from './answer-endpoint';
import { faultResponse } from './fault-response';
import type { FaultState } from './faults';
import type { HangingRequests } from './hanging-requests';
import { HttpError } from './http-error';
import type { RequestLog, SimulatorRequestRecord } from './request-log';
import { serveLiveChallenge } from './serve-live-challenge';
import { serveRecording } from './serve-recording';
import { sleep } from './sleep';

/** The parts of a simulated service its request handler works with. */
export interface ServiceHandlerParts extends EndpointContext {
  /** The only key accepted in `x-api-key`. */
  apiKey: string;
  now: () => number;
  faults: FaultState;
  log: RequestLog;
  hanging: HangingRequests;
}

/**
 * The web-standard handler of a simulated service: logs each request, serves the live view (and
 * its challenge's form) and recordings, applies faults and latency, checks the key, routes by the protocol table, and
 * answers errors with the service's envelope.
 */
export function createServiceHandler(parts: ServiceHandlerParts): (request: Request) => Promise<Response> {
  const { apiKey, now, faults, log, hanging } = parts;

  async function route(request: Request, url: URL, entry: SimulatorRequestRecord): Promise<Response> {
    const at = now();
    const recording = serveRecording(parts.engine, request, url.pathname, at);
    if (recording !== undefined) return recording;
    const challenge = serveLiveChallenge(parts.engine, request, url.pathname, now);
    if (challenge !== undefined) return challenge;

    const match = matchTaskEndpoint(url.pathname);
    const endpoint = match?.endpoints.find((candidate) => candidate.method === request.method);
    const fault = faults.choose(request.method, url.pathname, (endpoint ?? match?.endpoints[0])?.path, at);
    entry.fault = fault?.type ?? null;
    const delay = faults.latency();
    if (delay > 0) await sleep(delay, request.signal);
    if (fault !== undefined && !fault.afterHandling) return faultResponse(fault, request.signal, hanging);

    let response: Response;
    const key = request.headers.get('x-api-key');
    if (key === null) response = errorEnvelope(401, 'Missing x-api-key header');
    else if (key !== apiKey) response = errorEnvelope(401, 'Invalid API key');
    // The proxy's audit trail, as a page that talks to the simulated service instead sees it: empty,
    // since the simulated service knows no people.
    else if (match === undefined && url.pathname.endsWith(AUDIT_PATH) && request.method === 'GET')
      response = Response.json({ success: true, data: [] }, { headers: { 'cache-control': 'no-store' } });
    else if (match === undefined) response = errorEnvelope(404, `No endpoint at ${url.pathname}`);
    else if (endpoint === undefined) {
      const allow = match.endpoints.map((candidate) => candidate.method).join(', ');
      response = errorEnvelope(405, `${request.method} is not allowed here; use ${allow}`, { headers: { allow } });
    } else {
      try {
        response = await answerEndpoint(parts, endpoint, match.taskId, request, url, now());
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        response = errorEnvelope(error.status, error.message);
      }
    }
    return fault === undefined ? response : faultResponse(fault, request.signal, hanging);
  }

  return async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const entry = log.record(request, url);
    try {
      const response = await route(request, url, entry);
      entry.status = response.type === 'error' ? null : response.status;
      return response;
    } finally {
      entry.endedAt = now();
    }
  };
}

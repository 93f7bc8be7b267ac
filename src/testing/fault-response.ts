import { errorEnvelope } from '../client';
import type { ChosenFault } from './faults';
import type { HangingRequests } from './hanging-requests';
import { JSON_HEADERS, jsonResponse } from './json-response';

/** The answer a fault gives instead of the service's own (see `FaultType`). */
export function faultResponse(fault: ChosenFault, signal: AbortSignal, hanging: HangingRequests): Response | Promise<Response> {
  const retryAfter = fault.retryAfter === undefined ? {} : { retryAfter: String(fault.retryAfter) };
  switch (fault.type) {
    case 'http-500':
      return errorEnvelope(500, 'Internal server error');
    case 'http-502':
      return errorEnvelope(502, 'Bad gateway');
    case 'http-503':
      return errorEnvelope(503, 'Service unavailable', retryAfter);
    case 'http-429':
      return errorEnvelope(429, 'Too many requests', retryAfter);
    case 'rate-limit':
      return errorEnvelope(429, 'Rate limit exceeded', retryAfter);
    case 'unauthorized':
      return errorEnvelope(401, 'Invalid API key');
    case 'api-error':
      return errorEnvelope(200, 'The service could not process the request');
    case 'malformed':
      return new Response('{"success":true,"data":{"sta', { status: 200, headers: JSON_HEADERS });
    case 'empty':
      return new Response(null, { status: 200, headers: { 'cache-control': 'no-store' } });
    case 'not-envelope':
      return jsonResponse(200, { status: 'ok', result: null });
    case 'network':
      return Response.error();
    case 'hang':
      return hanging.hang(signal);
  }
}

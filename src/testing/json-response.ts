import { stringifyJson } from '../utils';

/** Headers of every JSON answer: the service's answers are never cached. */
export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** A JSON answer. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(stringifyJson(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

import { errorEnvelope } from '../../client';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The 415 for a body the proxy reads itself that is not `Content-Type: application/json`; undefined when it is. `what` names it: `'The answer'`. */
export function refuseNonJson(contentType: string | null, what: string): Response | undefined {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json' ? undefined : errorEnvelope(415, `${what} must be sent as Content-Type: application/json`);
}

/**
 * A body the proxy reads itself (an answer, a push subscription), strictly: `Content-Type:
 * application/json` and JSON in valid UTF-8, or the 415 or 400 that says which it is not.
 */
export function readStrictJson(contentType: string | null, body: Uint8Array, what: string): { value: unknown } | Response {
  const refused = refuseNonJson(contentType, what);
  if (refused !== undefined) return refused;
  try {
    return { value: JSON.parse(decoder.decode(body)) as unknown };
  } catch {
    return errorEnvelope(400, `${what} is not valid JSON`);
  }
}

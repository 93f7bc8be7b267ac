import { errorEnvelope } from '../../client';
import { readStrictJson } from './strict-json';
import { MAX_IDEMPOTENCY_KEY_LENGTH, MAX_TOOL_CALL_ID_LENGTH } from './answer-gate';
import { isRecord } from '../../utils';

/** A `tool-input` request the proxy takes: its two fields, and its `Idempotency-Key` if any. */
export interface AnswerBody {
  readonly input: string;
  readonly toolCallId: string;
  readonly key: string | undefined;
}

/**
 * Reads a `tool-input` request strictly: `Content-Type: application/json`, a body that is JSON
 * (no `NaN`, no trailing comma, valid UTF-8) for an object with a string `input` and a non-empty
 * string `toolCallId`, and an `Idempotency-Key` of visible ASCII if there is one. Anything else is
 * answered here (415 or 400, saying what is wrong) and never reaches the gate or the service.
 */
export function readAnswerBody(contentType: string | null, body: Uint8Array, idempotencyKey: string | null): AnswerBody | Response {
  const read = readStrictJson(contentType, body, 'The answer');
  if (read instanceof Response) return read;
  const parsed = read.value;
  if (!isRecord(parsed)) return errorEnvelope(400, 'The answer must be a JSON object with "input" and "toolCallId"');
  const { input, toolCallId } = parsed;
  if (typeof toolCallId !== 'string' || toolCallId === '') return errorEnvelope(400, '"toolCallId" must be a non-empty string');
  // The id is a key of the store for a day: one from a real service is short.
  if (toolCallId.length > MAX_TOOL_CALL_ID_LENGTH)
    return errorEnvelope(400, `"toolCallId" is longer than ${MAX_TOOL_CALL_ID_LENGTH} characters`);
  if (typeof input !== 'string') return errorEnvelope(400, '"input" must be a string (a structured answer is sent JSON-encoded)');
  if (idempotencyKey !== null && (idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(idempotencyKey)))
    return errorEnvelope(400, `The Idempotency-Key header must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters`);
  return { input, toolCallId, key: idempotencyKey ?? undefined };
}

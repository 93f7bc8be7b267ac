/**
 * When a `createTaskProxy` first saw a run's pending tool call: the same moment for every browser
 * and every instance of the proxy, where each browser on its own could only say when it first saw
 * the call itself. It travels beside the service's status, never inside it: as the
 * `toolCallSeenAt` of a status event, and as this header on the answer of a status GET.
 */
import { isRecord } from '../utils';

/** Response header of the proxy's `GET …/run/status`: when it first saw the status's pending call, ISO 8601. */
export const TOOL_CALL_SEEN_AT_HEADER = 'x-hitl-tool-call-seen-at';

/** The pending calls the client read with the proxy's time, by the call object (which the status's checks keep). */
const seen = new WeakMap<object, number>();

const pendingCall = (status: unknown) => (isRecord(status) && isRecord(status.toolCall) ? status.toolCall : undefined);

/** Notes the proxy's time (`value`, ISO 8601; anything else is ignored) of the pending call of `status` as read. */
export function rememberToolCallSeenAt(status: unknown, value: unknown): void {
  const call = pendingCall(status);
  const at = typeof value === 'string' ? Date.parse(value) : NaN;
  if (call !== undefined && at > 0) seen.set(call, at);
}

/**
 * When the proxy first saw the pending call of `status` (ms since the epoch), if the client read
 * it from a proxy that said; `undefined` otherwise.
 */
export function toolCallSeenAt(status: unknown): number | undefined {
  const call = pendingCall(status);
  return call === undefined ? undefined : seen.get(call);
}

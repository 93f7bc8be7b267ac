import { ALREADY_ANSWERED_CODE } from '../client';
import { isRecord } from '../utils';
import { envelope } from './envelope';
import type { ProxyStore } from './proxy-store';

export interface AnswerGateOptions {
  store: ProxyStore;
  /** How long a claim may wait for its forward to settle; a proxy that dies mid-way frees the call after it. */
  pendingTtlMs: number;
  /** How long an accepted answer is remembered. */
  answeredTtlMs: number;
  /** Called once an answer was accepted by the service. */
  onAnswered: (taskId: string) => void;
  onStoreError: (error: unknown) => void;
}

/** Longest `toolCallId` the gate takes. */
export const MAX_TOOL_CALL_ID_LENGTH = 1024;

/** Forwards one `tool-input` request; the gate decides whether it may. */
export type AnswerGate = (taskId: string, body: Uint8Array, forward: () => Promise<Response>) => Promise<Response>;

/**
 * Exactly once across people: the first `tool-input` for a task and `toolCallId` is forwarded,
 * later ones are answered 409 (`code: "already_answered"`) and never reach the service. One that
 * comes while the first is still out waits for its outcome: accepted, it gets the 409; failed in
 * any way (the service did not take it, or the proxy cannot tell), the call is free again and the
 * waiting one is forwarded in its turn. A body without a `toolCallId` is forwarded as it is, for
 * the service to refuse; one longer than `MAX_TOOL_CALL_ID_LENGTH` is answered 400.
 */
export function createAnswerGate(options: AnswerGateOptions): AnswerGate {
  const { store } = options;
  // The first answer's forward has its own time-out; waiting a little longer sees it settle.
  const waitMs = options.pendingTtlMs + 1000;

  return async function gate(taskId, body, forward) {
    const toolCallId = readToolCallId(body);
    if (toolCallId === undefined) return forward();
    // The id is a key of the store for a day: one from a real service is short.
    if (toolCallId.length > MAX_TOOL_CALL_ID_LENGTH)
      return envelope(400, `toolCallId is longer than ${MAX_TOOL_CALL_ID_LENGTH} characters`);
    const id = JSON.stringify([taskId, toolCallId]);
    try {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const claim = await store.claimAnswer(id, options.pendingTtlMs);
        if (claim === 'answered') return envelope(409, 'This tool call was already answered elsewhere.', { code: ALREADY_ANSWERED_CODE });
        if (claim === 'claimed') break;
        const left = deadline - Date.now();
        if (left <= 0) return envelope(503, 'Another answer to this tool call is still being sent; try again.', { retryAfter: '1' });
        // Woken by the settlement; the cap covers a waker on an instance that went away.
        await store.waitForAnswer(id, Math.min(left, 1000));
      }
    } catch (error) {
      options.onStoreError(error);
      // Without the store the proxy cannot know whether someone else answered: it sends nothing.
      return envelope(503, 'The proxy cannot check this answer now; try again.', { retryAfter: '1' });
    }

    let accepted = false;
    try {
      const response = await forward();
      accepted = response.ok;
      return response;
    } finally {
      await store.settleAnswer(id, accepted ? 'answered' : 'released', options.answeredTtlMs).catch(options.onStoreError);
      if (accepted) options.onAnswered(taskId);
    }
  };
}

function readToolCallId(body: Uint8Array): string | undefined {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
    return isRecord(parsed) && typeof parsed.toolCallId === 'string' && parsed.toolCallId !== '' ? parsed.toolCallId : undefined;
  } catch {
    return undefined;
  }
}

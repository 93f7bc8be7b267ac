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
 *
 * A repeat of the accepted answer itself (the same `input`) is answered 200 and not forwarded: a
 * browser re-sends a POST by itself when the connection drops before the response, and the person
 * whose answer was applied must not be told that someone else answered.
 */
export function createAnswerGate(options: AnswerGateOptions): AnswerGate {
  const { store } = options;
  // The first answer's forward has its own time-out; waiting a little longer sees it settle.
  const waitMs = options.pendingTtlMs + 1000;

  /** 200 for the accepted answer's own content, 409 for any other. */
  async function answeredBefore(id: string, input: string | undefined): Promise<Response> {
    const same = await store.claimAnswer(contentId(id, input), options.pendingTtlMs);
    if (same === 'answered') return Response.json({ success: true }, { headers: { 'cache-control': 'no-store' } });
    // Claiming was the only way to look: a key that was free is freed again.
    if (same === 'claimed') await store.settleAnswer(contentId(id, input), 'released', 0);
    return envelope(409, 'This tool call was already answered elsewhere.', { code: ALREADY_ANSWERED_CODE });
  }

  return async function gate(taskId, body, forward) {
    const { toolCallId, input } = readAnswer(body);
    if (toolCallId === undefined) return forward();
    // The id is a key of the store for a day: one from a real service is short.
    if (toolCallId.length > MAX_TOOL_CALL_ID_LENGTH)
      return envelope(400, `toolCallId is longer than ${MAX_TOOL_CALL_ID_LENGTH} characters`);
    const id = JSON.stringify([taskId, toolCallId]);
    try {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const claim = await store.claimAnswer(id, options.pendingTtlMs);
        if (claim === 'answered') return await answeredBefore(id, input);
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
      // The accepted content, under a key of its own, so that its repeat can be recognised.
      if (accepted) await store.settleAnswer(contentId(id, input), 'answered', options.answeredTtlMs).catch(options.onStoreError);
      if (accepted) options.onAnswered(taskId);
    }
  };
}

function readAnswer(body: Uint8Array): { toolCallId: string | undefined; input: string | undefined } {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
    if (!isRecord(parsed)) return { toolCallId: undefined, input: undefined };
    return {
      toolCallId: typeof parsed.toolCallId === 'string' && parsed.toolCallId !== '' ? parsed.toolCallId : undefined,
      input: typeof parsed.input === 'string' ? parsed.input : undefined,
    };
  } catch {
    return { toolCallId: undefined, input: undefined };
  }
}

/**
 * The store's key of one answer's content: the call's id and a 64-bit hash of its `input` plus its
 * length, so an answer of a megabyte is a short key. Synchronous on purpose: Web Crypto's digest
 * (the only one on every runtime) resolves off the event loop, and the response must not wait for
 * it. Not a cryptographic hash: a collision needs another answer to the same, already answered
 * call, and only tells that one "sent" instead of "answered elsewhere".
 */
function contentId(id: string, input: string | undefined): string {
  const text = input ?? '';
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return `${id}#${input === undefined ? 'none' : `${hex(a)}${hex(b)}:${text.length}`}`;
}

/**
 * What a person typed into a pending form, kept in `sessionStorage` (this tab only, survives a
 * reload and a restored crash), keyed by task and `toolCallId`. Callers decide what may be kept;
 * this only stores, reads and forgets.
 */

const PREFIX = 'hitl-react:draft:v1:';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    // Blocked storage throws on the mere access in some browsers.
    return undefined;
  }
}

const keyOf = (taskId: string, toolCallId: string) => `${PREFIX}${JSON.stringify([taskId, toolCallId])}`;

/** The draft kept for the call, or undefined. Untrusted: it went through storage. */
export function readDraft(taskId: string, toolCallId: string): unknown {
  try {
    const text = storage()?.getItem(keyOf(taskId, toolCallId));
    return text === null || text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

export function writeDraft(taskId: string, toolCallId: string, draft: unknown): void {
  try {
    storage()?.setItem(keyOf(taskId, toolCallId), JSON.stringify(draft));
  } catch {
    // Full or refused storage: the draft lives only in the form, as without drafts.
  }
}

/**
 * The first key of a `HumanRequest`'s draft (its `id` is the second): beside the task service's
 * drafts, keyed by task id, under a prefix no task id needs.
 */
export const requestDraftScope = (source: string) => `request:${source}`;

export function removeDraft(taskId: string, toolCallId: string): void {
  try {
    storage()?.removeItem(keyOf(taskId, toolCallId));
  } catch {
    // Nothing kept, nothing to remove.
  }
}

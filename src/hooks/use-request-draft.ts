import { useState } from 'react';
import { readDraft, removeDraft, requestDraftScope, writeDraft } from '../utils';

/** A request's draft in `sessionStorage`: what was kept, and how to keep or forget it. */
export interface RequestDraft {
  /** What was kept for the request when the component mounted; untrusted (it went through storage). */
  readonly initial: unknown;
  /** Keeps `draft` (the caller leaves out what must never be kept); does nothing while not enabled. */
  readonly save: (draft: unknown) => void;
  /** Forgets the draft, once the request is answered. */
  readonly remove: () => void;
}

/**
 * The draft of a `HumanRequest`, kept in `sessionStorage` under its source and id, so what a
 * person typed survives a remount and a reload (as `useToolCallDraft` does for a task's call).
 * Made once, on mount, as its callers are keyed by request: a form reads its defaults only when it starts.
 */
export function useRequestDraft(source: string, id: string, enabled: boolean): RequestDraft {
  const [draft] = useState<RequestDraft>(() => {
    const scope = requestDraftScope(source);
    return {
      initial: enabled ? readDraft(scope, id) : undefined,
      save: (value) => {
        if (enabled) writeDraft(scope, id, value);
      },
      remove: () => removeDraft(scope, id),
    };
  });
  return draft;
}

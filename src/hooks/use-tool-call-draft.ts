import { useCallback, useState } from 'react';
import type { ToolCall } from '../client';
import { draftableAnswer } from '../form';
import type { FormAnswer } from '../schema';
import { readDraft, writeDraft } from '../utils';

interface UseToolCallDraftOptions {
  taskId: string;
  toolCall: ToolCall;
  /** When false, nothing is read or stored. Default: true. */
  enabled?: boolean | undefined;
}

/**
 * A `form_input` call's draft in `sessionStorage`: what the person typed survives a reload. Never
 * kept: password fields and fields whose autocomplete is `one-time-code`, `cc-*`,
 * `current-password` or `new-password`. The store removes the draft once the answer is accepted
 * or the call goes away. Spread the result on `<ToolCallPrompt>`.
 */
export function useToolCallDraft(options: UseToolCallDraftOptions): {
  defaultValues: FormAnswer | undefined;
  onValuesChange: ((answer: FormAnswer) => void) | undefined;
} {
  const { taskId, toolCall, enabled = true } = options;
  const { toolCallId } = toolCall;
  // Read once: the form reads its defaults only when it starts.
  const [defaultValues] = useState(() => {
    const stored = enabled ? readDraft(taskId, toolCallId) : undefined;
    return Array.isArray(stored) ? (stored as FormAnswer) : undefined;
  });
  const parameters = toolCall.tool.parameters;
  const save = useCallback(
    (answer: FormAnswer) => writeDraft(taskId, toolCallId, draftableAnswer(parameters, answer)),
    [taskId, toolCallId, parameters],
  );
  return { defaultValues, onValuesChange: enabled ? save : undefined };
}

import { useState, type ReactNode } from 'react';
import type { TaskClient } from '../../client';
import { useRunStatus, useTaskClient, type UseToolInputResult } from '../../hooks';
import { controlRequestFromToolCall, controlToolInput, type HumanAnswer, type HumanControlRequest } from '../../request';
import type { InboxToolCallItem } from '../../store';
import { HumanRequestPrompt, type ControlLeaseTarget } from '../human-request-prompt';
import type { HeadingLevel } from '../shared';

interface InboxHandOffProps {
  item: InboxToolCallItem;
  answer: UseToolInputResult;
  disabled: boolean;
  client: TaskClient | undefined;
  headingLevel: HeadingLevel;
  /** `<Inbox formProps>`'s `agentNotice`: who asks, beside the hand-back. */
  agentNotice: ReactNode;
}

/**
 * An item's `human_control` call as a hand-off, as `<RunViewer>` shows it: the live view of the
 * call's run read-only until the person takes control, the call's deadline (its `timeoutSeconds`
 * from when it was first seen), and the hand-back sent once through the store's answers.
 */
export function InboxHandOff({ item, answer, ...props }: InboxHandOffProps) {
  const client = useTaskClient(props.client);
  // The inbox watches this status already: the live view's address comes with it.
  const status = useRunStatus({ taskId: item.taskId, runId: item.runId }, props.client);
  const liveUrl = typeof status.data?.liveStatus === 'string' ? status.data.liveStatus : undefined;
  const [request, setRequest] = useState<HumanControlRequest | undefined>(undefined);
  // Made once per call, when its live view is known: the prompt keeps the first request it is given anyway.
  if (request === undefined && liveUrl !== undefined)
    setRequest(controlRequestFromToolCall(item.toolCall, { liveUrl, waitingSince: item.waitingSince }));
  if (request === undefined) return <div className="hitl-request-loading" aria-busy="true" />;

  const lease: ControlLeaseTarget = { client, id: item.taskId, toolCallId: item.toolCall.toolCallId };
  const onAnswer = (given: HumanAnswer) => {
    // At the call's deadline the proxy answers it itself ({"done":false,"expired":true}), once for everyone.
    if (given.action === 'cancel' && given.expired === true) return;
    return answer.submit(item.toolCall.toolCallId, controlToolInput(given));
  };
  return (
    <HumanRequestPrompt
      request={request}
      onAnswer={onAnswer}
      disabled={props.disabled}
      // Nothing to keep: a note typed in the hand-back is the only text, and it goes with control.
      persistDrafts={false}
      headingLevel={props.headingLevel}
      agentNotice={props.agentNotice}
      controlLease={lease}
    />
  );
}

import { useState, type ReactNode } from 'react';
import type { TaskClient, ToolCall } from '../../client';
import { useTaskClient, type UseToolInputResult } from '../../hooks';
import type { RequestMessages } from '../../messages';
import { controlRequestFromToolCall, controlToolInput, type HumanAnswer } from '../../request';
import { HumanRequestPrompt, type ControlLeaseTarget } from '../human-request-prompt';
import type { LiveViewProps } from '../live-view';
import type { HeadingLevel } from '../shared';

/** The live view's props a hand-off passes on: the prompt sets its address, whether it is interactive, and follows its state. */
export type HandOffLiveViewProps = Omit<LiveViewProps, 'url' | 'interactive' | 'onStateChange' | 'ref'>;

interface ToolCallHandOffProps {
  taskId: string;
  /** The pending `human_control` call. */
  call: ToolCall;
  /** The run's live view (`RunStatus.liveStatus`). */
  liveUrl: string;
  answer: UseToolInputResult;
  disabled: boolean;
  client: TaskClient | undefined;
  headingLevel: HeadingLevel;
  liveView: HandOffLiveViewProps | undefined;
  requestMessages: Partial<RequestMessages> | undefined;
  /** `formProps.agentNotice`: who asks, beside the hand-back. */
  agentNotice: ReactNode;
}

/**
 * A pending `human_control` call as a hand-off (`<HumanRequestPrompt>`'s control request): the
 * reason and instructions, the live view read-only until the person takes control, and the
 * hand-back sent once through the store's answers as `controlToolInput`. Through a proxy, control
 * is leased there, so one person at a time holds it, whatever their browser.
 */
export function ToolCallHandOff(props: ToolCallHandOffProps) {
  const { call, taskId, answer } = props;
  const client = useTaskClient(props.client);
  // Made once per call (the caller keys this by call): the prompt keeps the first request it is given anyway.
  // Without its deadline: the viewer counts down the earlier of the call's and its own, once, and
  // moves it when the proxy's first sighting of the call arrives, which a request's could not.
  const [request] = useState(() => {
    const { deadline: _countedByViewer, ...made } = controlRequestFromToolCall(call, { liveUrl: props.liveUrl });
    return made;
  });
  const lease: ControlLeaseTarget = { client, id: taskId, toolCallId: call.toolCallId };

  const onAnswer = (given: HumanAnswer) => {
    // At the call's deadline the proxy answers it itself ({"done":false,"expired":true}), once for everyone.
    if (given.action === 'cancel' && given.expired === true) return;
    return answer.submit(call.toolCallId, controlToolInput(given));
  };

  return (
    <HumanRequestPrompt
      request={request}
      onAnswer={onAnswer}
      disabled={props.disabled}
      // Nothing to keep: a note typed in the hand-back is the only text, and it goes with control.
      persistDrafts={false}
      headingLevel={props.headingLevel}
      liveView={props.liveView}
      agentNotice={props.agentNotice}
      controlLease={lease}
      messages={props.requestMessages}
    />
  );
}

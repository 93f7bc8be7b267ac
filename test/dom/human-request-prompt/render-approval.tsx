import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApprovalRequest, type ApprovalRequestProps } from '../../../src/components/human-request-prompt/approval-request';
import { enRequestMessages } from '../../../src/messages';
import type { HumanApprovalRequest, HumanDecision } from '../../../src/request';

/** `<ApprovalRequest>` for `request`, in English, with a mock `onDecide` and a user to drive it. */
export function renderApproval(request: HumanApprovalRequest, props: Partial<ApprovalRequestProps> = {}) {
  const user = userEvent.setup();
  const onDecide = vi.fn<(decisions: HumanDecision[]) => void | Promise<void>>();
  const utils = render(
    <ApprovalRequest
      request={request}
      onDecide={onDecide}
      disabled={false}
      headingLevel={3}
      idBase="hrp"
      messages={enRequestMessages}
      {...props}
    />,
  );
  return { ...utils, user, onDecide };
}

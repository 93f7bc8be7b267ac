import '../radix-shims';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromToolApprovals } from '../../../src/adapters/openai-agents';
import { HumanRequestPrompt } from '../../../src/components/human-request-prompt';
import { ApprovalRequest } from '../../../src/components/human-request-prompt/approval-request';
import { de } from '../../../src/messages/locales/de';
import type { HumanAction, HumanApprovalRequest, HumanDecision } from '../../../src/request';
import { expectNoAxeViolations } from '../axe';
import { renderApproval } from './render-approval';
import { answerMock, deferred } from './support';

// An OpenAI Agents SDK tool with `needsApproval`: approve or reject, and "always" for the rest of the run.
const sendEmail: HumanAction = {
  name: 'send_email',
  args: { to: 'ada@example.com', subject: 'Invoice' },
  allowed: ['approve', 'reject'],
  allowAlways: true,
};
const deleteFile: HumanAction = { name: 'delete_file', args: { path: '/tmp/report.pdf' }, allowed: ['approve', 'reject'] };

const HINT = 'Your approval or rejection also applies to this tool’s later calls, without asking again.';

function approval(...actions: HumanAction[]): HumanApprovalRequest {
  return { kind: 'approval', id: 'request-1', source: 'openai-agents', actions };
}

const renderRequest = renderApproval;

const alwaysBox = (name = 'send_email') => screen.getByRole('checkbox', { name: `Always for ${name}` });

describe('"always" where the action allows it', () => {
  it('a checkbox named after the tool, described, reached and checked by keyboard; Approve then says always', async () => {
    const { user, onDecide, container } = renderRequest(approval(sendEmail));
    const box = alwaysBox();
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(HINT);
    await expectNoAxeViolations(container);

    // Before the decisions in the order of keys: the choice, then what it applies to.
    await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard(' ');
    expect(box).toBeChecked();
    await expectNoAxeViolations(container);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onDecide.mock.calls).toEqual([[[{ type: 'approve', always: true }]]]);
  });

  it('unchecked, an approve carries no `always`', async () => {
    const { user, onDecide } = renderRequest(approval(sendEmail));
    await user.click(alwaysBox());
    await user.click(alwaysBox());
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onDecide.mock.calls).toEqual([[[{ type: 'approve' }]]]);
    expect(onDecide.mock.calls[0]?.[0][0]).not.toHaveProperty('always');
  });

  it('a reject keeps the choice in view above "Send rejection", with its reason', async () => {
    const { user, onDecide, container } = renderRequest(approval(sendEmail));
    await user.click(screen.getByLabelText('Always for send_email'));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const reason = screen.getByRole('textbox', { name: 'Reason for rejecting (optional)' });
    expect(reason).toHaveFocus();
    expect(alwaysBox()).toBeChecked();
    await expectNoAxeViolations(container);
    await user.type(reason, 'Not to customers on a Sunday.');
    // Next in the order of keys after the reason: the choice, then sending.
    await user.tab();
    expect(alwaysBox()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send rejection' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onDecide.mock.calls).toEqual([[[{ type: 'reject', message: 'Not to customers on a Sunday.', always: true }]]]);
  });

  it('a reject without a reason says always; chosen in the reason step, it counts too', async () => {
    const { user, onDecide } = renderRequest(approval(sendEmail));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(alwaysBox()).not.toBeChecked();
    await user.click(alwaysBox());
    await user.click(screen.getByRole('button', { name: 'Send rejection' }));
    expect(onDecide.mock.calls).toEqual([[[{ type: 'reject', always: true }]]]);
  });

  it('never on an edit or a response, even when checked', async () => {
    const { user, onDecide } = renderRequest(approval({ ...sendEmail, allowed: ['approve', 'edit', 'respond'] }));
    await user.click(alwaysBox());
    await user.click(screen.getByRole('button', { name: 'Respond' }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your response' }), 'Send it tomorrow');
    await user.click(screen.getByRole('button', { name: 'Send response' }));
    expect(onDecide.mock.calls).toEqual([[[{ type: 'respond', message: 'Send it tomorrow' }]]]);
  });

  it('not beside an action that can only be edited or answered in words', () => {
    renderRequest(approval({ ...sendEmail, allowed: ['edit', 'respond'] }));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('is locked with the buttons while the answer is out, and kept for another try after a failure', async () => {
    const failed = deferred();
    const { user, onDecide, container } = renderRequest(approval(sendEmail));
    onDecide.mockReturnValueOnce(failed.promise);
    await user.click(alwaysBox());
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(alwaysBox()).toBeDisabled();
    await user.click(alwaysBox());
    expect(alwaysBox()).toBeChecked();
    await expectNoAxeViolations(container);
    await act(async () => {
      failed.reject(new Error('offline'));
      await failed.promise.catch(() => undefined);
    });
    await vi.waitFor(() => expect(alwaysBox()).toBeEnabled());
    expect(alwaysBox()).toBeChecked();
  });
});

describe('no "always" where the action does not allow it', () => {
  it.each([
    ['absent', deleteFile],
    ['false', { ...deleteFile, allowAlways: false }],
  ])('allowAlways %s: no control in either step, and no `always` in the answer', async (_case, action) => {
    const { user, onDecide, container } = renderRequest(approval(action));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Reason for rejecting (optional)' }), 'Keep it');
    await user.click(screen.getByRole('button', { name: 'Send rejection' }));
    expect(onDecide.mock.calls).toEqual([[[{ type: 'reject', message: 'Keep it' }]]]);
    expect(onDecide.mock.calls[0]?.[0][0]).not.toHaveProperty('always');
  });
});

describe('several actions, one allowing "always"', () => {
  it('the decided action says it was always, "Change" keeps the choice, and the decisions follow the actions', async () => {
    const { user, onDecide, container } = renderRequest(approval(sendEmail, deleteFile));
    const first = () => screen.getByRole('region', { name: 'Action 1 of 2: send_email' });
    const second = () => screen.getByRole('region', { name: 'Action 2 of 2: delete_file' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(within(second()).queryByRole('checkbox')).not.toBeInTheDocument();

    await user.click(within(first()).getByRole('checkbox', { name: 'Always for send_email' }));
    await user.click(within(first()).getByRole('button', { name: 'Approve' }));
    expect(within(first()).getByText('Approved — always for this tool')).toBeInTheDocument();
    expect(within(first()).getByRole('button', { name: 'Change' })).toHaveAccessibleDescription('Approved — always for this tool');
    expect(within(second()).getByRole('button', { name: 'Approve' })).toHaveFocus();
    await expectNoAxeViolations(container);

    // Reopened: the box is still checked, the first control, and may be unchecked.
    await user.click(within(first()).getByRole('button', { name: 'Change' }));
    const box = within(first()).getByRole('checkbox', { name: 'Always for send_email' });
    expect(box).toHaveFocus();
    expect(box).toBeChecked();
    await user.click(within(first()).getByRole('button', { name: 'Reject' }));
    await user.type(within(first()).getByRole('textbox', { name: 'Reason for rejecting (optional)' }), 'Never mail customers');
    await user.click(within(first()).getByRole('button', { name: 'Send rejection' }));
    expect(within(first()).getByText('Rejected — always for this tool')).toBeInTheDocument();
    expect(within(first()).getByText('Never mail customers')).toBeInTheDocument();

    await user.click(within(second()).getByRole('button', { name: 'Approve' }));
    expect(within(second()).getByText('Approved')).toBeInTheDocument();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Send decisions' }));
    expect(onDecide.mock.calls).toEqual([[[{ type: 'reject', message: 'Never mail customers', always: true }, { type: 'approve' }]]]);
  });
});

describe('through <HumanRequestPrompt>', () => {
  it('an OpenAI Agents SDK approval answers { type: "approve", always: true }', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    const request = fromToolApprovals([
      {
        type: 'tool_approval_item',
        rawItem: { type: 'function_call', callId: 'call_1', name: 'send_email', arguments: '{"to":"ada@example.com"}' },
      },
    ]);
    const { container } = render(<HumanRequestPrompt request={request} onAnswer={onAnswer} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Always for send_email' }));
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onAnswer).toHaveBeenCalledWith({ requestId: request.id, action: 'accept', decisions: [{ type: 'approve', always: true }] });
  });

  it('speaks the language of the messages', async () => {
    const user = userEvent.setup();
    const onDecide = vi.fn<(decisions: HumanDecision[]) => void>();
    render(
      <ApprovalRequest
        request={approval(sendEmail, deleteFile)}
        onDecide={onDecide}
        disabled={false}
        headingLevel={3}
        idBase="hrp"
        messages={{ ...de.request, ...de.approval, ...de.form, ...de.prompt }}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Immer für send_email' }));
    await user.click(screen.getAllByRole('button', { name: 'Genehmigen' })[0]!);
    expect(screen.getByText('Genehmigt – immer für dieses Tool')).toBeInTheDocument();
  });
});

import '../radix-shims';
import { act, screen, within } from '@testing-library/react';
import { ApprovalRequest, type ApprovalRequestProps } from '../../../src/components/human-request-prompt/approval-request';
import { enRequestMessages } from '../../../src/messages';
import type { HumanApprovalRequest } from '../../../src/request';
import { expectNoAxeViolations } from '../axe';
import { renderApproval } from './render-approval';

// What LangChain's humanInTheLoopMiddleware asks when the model calls two tools at once.
const twoActions: HumanApprovalRequest = {
  kind: 'approval',
  id: 'interrupt-1',
  source: 'langgraph',
  actions: [
    { name: 'delete_file', args: { path: '/tmp/report.pdf' }, allowed: ['approve', 'reject'] },
    {
      name: 'send_email',
      args: { to: 'ada@example.com', subject: 'Invoice' },
      description: 'Sends the invoice to the customer.',
      argsSchema: { type: 'object', properties: { to: { type: 'string', title: 'Recipient' }, subject: { type: 'string' } } },
      allowed: ['approve', 'edit', 'reject'],
    },
  ],
};

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function renderRequest(props: Partial<ApprovalRequestProps> = {}) {
  const first = () => screen.getByRole('region', { name: 'Action 1 of 2: delete_file' });
  const second = () => screen.getByRole('region', { name: 'Action 2 of 2: send_email' });
  const sendDecisions = () => screen.getByRole('button', { name: 'Send decisions' });
  return { ...renderApproval(twoActions, props), first, second, sendDecisions };
}

describe('several actions, each decided on its own', () => {
  it('approve one, edit the other, send: one call with the decisions in the order of the actions', async () => {
    const { user, onDecide, first, second, sendDecisions, container } = renderRequest();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Action 1 of 2: delete_file',
      'Action 2 of 2: send_email',
    ]);
    expect(within(second()).getByText('Sends the invoice to the customer.')).toBeInTheDocument();
    expect(sendDecisions()).toHaveAccessibleDescription('2 actions left to decide');
    await expectNoAxeViolations(container);

    // The second first: deciding an action moves on to the next one still open.
    await user.click(within(second()).getByRole('button', { name: 'Edit' }));
    expect(within(second()).getByRole('heading', { name: 'Edit the arguments', level: 4 })).toBeInTheDocument();
    const recipient = within(second()).getByRole('textbox', { name: 'Recipient' });
    await user.clear(recipient);
    await user.type(recipient, 'grace@example.com');
    await expectNoAxeViolations(container);
    await user.click(within(second()).getByRole('button', { name: 'Approve with changes' }));
    await vi.waitFor(() => expect(second()).toHaveAttribute('data-state', 'decided'));
    expect(within(second()).getByText('Approved with changes')).toBeInTheDocument();
    // The arguments shown are those that will be sent.
    expect(within(second()).getAllByRole('definition')[0]).toHaveTextContent('grace@example.com');
    expect(within(first()).getByRole('button', { name: 'Approve' })).toHaveFocus();
    expect(sendDecisions()).toHaveAccessibleDescription('1 action left to decide');
    expect(onDecide).not.toHaveBeenCalled();

    await user.click(within(first()).getByRole('button', { name: 'Approve' }));
    expect(within(first()).getByText('Approved')).toBeInTheDocument();
    expect(within(first()).getByRole('button', { name: 'Change' })).toHaveAccessibleDescription('Approved');
    expect(sendDecisions()).toHaveFocus();
    expect(sendDecisions()).not.toHaveAccessibleDescription();
    await expectNoAxeViolations(container);

    await user.dblClick(sendDecisions());
    expect(onDecide.mock.calls).toEqual([[[{ type: 'approve' }, { type: 'edit', args: { to: 'grace@example.com', subject: 'Invoice' } }]]]);
    await user.click(sendDecisions());
    expect(onDecide).toHaveBeenCalledTimes(1);
  });

  it('"Send decisions" with one undecided sends nothing, moves focus to it and says how many are left', async () => {
    const { user, onDecide, first, second, sendDecisions, container } = renderRequest();
    await user.click(within(first()).getByRole('button', { name: 'Approve' }));
    expect(within(second()).getByRole('button', { name: 'Approve' })).toHaveFocus();

    await user.click(sendDecisions());
    expect(onDecide).not.toHaveBeenCalled();
    expect(within(second()).getByRole('button', { name: 'Approve' })).toHaveFocus();
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 action left to decide'));
    await expectNoAxeViolations(container);
  });

  it('"Change" reopens a decided action with focus on its first button, and what was typed is still there', async () => {
    const { user, onDecide, first, second, sendDecisions } = renderRequest();
    await user.click(within(first()).getByRole('button', { name: 'Reject' }));
    await user.type(within(first()).getByRole('textbox', { name: 'Reason for rejecting (optional)' }), 'Keep the report');
    await user.click(within(first()).getByRole('button', { name: 'Send rejection' }));
    expect(within(first()).getByText('Rejected')).toBeInTheDocument();
    expect(within(first()).getByText('Keep the report')).toBeInTheDocument();

    await user.click(within(first()).getByRole('button', { name: 'Change' }));
    expect(first()).toHaveAttribute('data-state', 'deciding');
    expect(within(first()).getByRole('button', { name: 'Approve' })).toHaveFocus();
    expect(sendDecisions()).toHaveAccessibleDescription('2 actions left to decide');
    await user.click(within(first()).getByRole('button', { name: 'Reject' }));
    expect(within(first()).getByRole('textbox', { name: 'Reason for rejecting (optional)' })).toHaveValue('Keep the report');
    await user.click(within(first()).getByRole('button', { name: 'Send rejection' }));
    await user.click(within(second()).getByRole('button', { name: 'Approve' }));
    await user.click(sendDecisions());
    expect(onDecide.mock.calls).toEqual([[[{ type: 'reject', message: 'Keep the report' }, { type: 'approve' }]]]);
  });

  it('a rejected onDecide keeps every decision for another try; pending, everything is busy', async () => {
    const failed = deferred();
    const { user, onDecide, first, second, sendDecisions, container } = renderRequest();
    onDecide.mockReturnValueOnce(failed.promise).mockResolvedValueOnce(undefined);
    await user.click(within(first()).getByRole('button', { name: 'Approve' }));
    await user.click(within(second()).getByRole('button', { name: 'Reject' }));
    await user.click(within(second()).getByRole('button', { name: 'Send rejection' }));
    await user.click(sendDecisions());
    expect(container.querySelector('.hitl-approval-request')).toHaveAttribute('aria-busy', 'true');
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(sendDecisions()).toHaveFocus();
    // Busy: "Change" changes nothing.
    await user.click(within(first()).getByRole('button', { name: 'Change' }));
    expect(first()).toHaveAttribute('data-state', 'decided');
    await expectNoAxeViolations(container);

    await act(async () => {
      failed.reject(new Error('offline'));
      await failed.promise.catch(() => undefined);
    });
    expect(sendDecisions()).not.toHaveAttribute('aria-disabled');
    expect(first()).toHaveAttribute('data-state', 'decided');
    expect(second()).toHaveAttribute('data-state', 'decided');
    await user.click(sendDecisions());
    const decisions = [{ type: 'approve' }, { type: 'reject' }];
    expect(onDecide.mock.calls).toEqual([[decisions], [decisions]]);
  });

  it('disabled locks every action and the send button', async () => {
    const { user, onDecide, first, sendDecisions } = renderRequest({ disabled: true });
    await user.click(within(first()).getByRole('button', { name: 'Approve' }));
    await user.click(sendDecisions());
    expect(first()).toHaveAttribute('data-state', 'deciding');
    expect(sendDecisions()).toHaveAttribute('aria-disabled', 'true');
    expect(onDecide).not.toHaveBeenCalled();
  });

  it('keeps its state across re-renders of the same request; a new request starts afresh', async () => {
    const { user, first, rerender } = renderRequest();
    await user.click(within(first()).getByRole('button', { name: 'Approve' }));
    const props = { onDecide: vi.fn(), disabled: false, headingLevel: 3 as const, idBase: 'hrp', messages: enRequestMessages };
    rerender(<ApprovalRequest {...props} request={{ ...twoActions, actions: [...twoActions.actions] }} />);
    expect(first()).toHaveAttribute('data-state', 'decided');
    rerender(<ApprovalRequest {...props} request={{ ...twoActions, id: 'interrupt-2' }} />);
    expect(first()).toHaveAttribute('data-state', 'deciding');
  });
});

import '../radix-shims';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HumanRequestPrompt } from '../../../src/components/human-request-prompt';
import type { ApprovalRequestProps } from '../../../src/components/human-request-prompt/approval-request';
import type { HumanAction, HumanAnswer, HumanApprovalRequest } from '../../../src/request';
import { expectNoAxeViolations } from '../axe';
import { renderApproval } from './render-approval';

const emailSchema = {
  type: 'object',
  properties: { to: { type: 'string', title: 'Recipient' }, subject: { type: 'string', title: 'Subject' } },
  required: ['to'],
};
const sendEmail: HumanAction = {
  name: 'send_email',
  args: { to: 'ada@example.com', subject: 'Invoice' },
  description: 'Sends the invoice to the customer.',
  argsSchema: emailSchema,
  allowed: ['approve', 'edit', 'reject'],
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

function approval(action: HumanAction): HumanApprovalRequest {
  return { kind: 'approval', id: 'request-1', source: 'langgraph', actions: [action] };
}

function renderRequest(action: HumanAction = sendEmail, props: Partial<ApprovalRequestProps> = {}) {
  const block = () => screen.getByRole('region', { name: `Approve ${action.name}?` });
  return { ...renderApproval(approval(action), props), block };
}

describe('one action: its decision is the answer, sent at once', () => {
  it('Approve sends [approve] once; the description is above the arguments, shown as text', async () => {
    const { user, onDecide, block, container } = renderRequest();
    expect(screen.getByRole('heading', { name: 'Approve send_email?', level: 3 })).toBeInTheDocument();
    const description = screen.getByText('Sends the invoice to the customer.');
    const [firstArgument] = within(block()).getAllByRole('term');
    expect(firstArgument && description.compareDocumentPosition(firstArgument)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Recipient', 'Subject']);
    await expectNoAxeViolations(container);

    await user.dblClick(screen.getByRole('button', { name: 'Approve' }));
    expect(onDecide.mock.calls).toEqual([[[{ type: 'approve' }]]]);
  });

  it('Reject asks for a reason, which becomes `message`; Cancel goes back to Reject', async () => {
    const { user, onDecide, block, container } = renderRequest();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const reason = screen.getByRole('textbox', { name: 'Reason for rejecting (optional)' });
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription('The agent receives it with your answer.');
    expect(block()).toHaveAttribute('data-state', 'rejecting');
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Reject' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for rejecting (optional)' }), '  Wrong recipient ');
    await user.click(screen.getByRole('button', { name: 'Send rejection' }));
    expect(onDecide.mock.calls).toEqual([[[{ type: 'reject', message: 'Wrong recipient' }]]]);
  });

  it('a rejection without a reason has no `message`', async () => {
    const { user, onDecide } = renderRequest();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(screen.getByRole('button', { name: 'Send rejection' }));
    expect(onDecide.mock.calls).toEqual([[[{ type: 'reject' }]]]);
  });

  it('Edit with a flat argsSchema is a form of fields; Approve with changes sends the edited args', async () => {
    const { user, onDecide, container } = renderRequest();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('heading', { name: 'Edit the arguments', level: 4 })).toBeInTheDocument();
    const recipient = screen.getByRole('textbox', { name: 'Recipient' });
    expect(recipient).toHaveFocus();
    expect(recipient).toHaveValue('ada@example.com');
    await user.clear(recipient);
    await user.click(screen.getByRole('button', { name: 'Approve with changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct 1 field: Recipient.');
    expect(onDecide).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);

    await user.type(recipient, 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Approve with changes' }));
    await vi.waitFor(() => expect(onDecide).toHaveBeenCalled());
    expect(onDecide.mock.calls).toEqual([[[{ type: 'edit', args: { to: 'grace@example.com', subject: 'Invoice' } }]]]);
  });

  it('Edit without a flat schema is the JSON editor', async () => {
    const shipTo: HumanAction = { name: 'ship_to', args: { address: { street: '12 Crescent Road' } }, allowed: ['approve', 'edit'] };
    const { user, onDecide, container } = renderRequest(shipTo);
    // Nested values are pretty-printed JSON text.
    expect(screen.getByRole('definition').querySelector('pre')).toHaveTextContent('"street": "12 Crescent Road"');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Arguments (JSON)' });
    expect(editor).toHaveFocus();
    await user.clear(editor);
    await user.type(editor, '{{"address": {{"street": "1 Main Street"}}');
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Approve with changes' }));
    await vi.waitFor(() => expect(onDecide).toHaveBeenCalled());
    expect(onDecide.mock.calls).toEqual([[[{ type: 'edit', args: { address: { street: '1 Main Street' } } }]]]);
  });

  it('Respond asks for a required response, refuses an empty one, then sends { respond, message }', async () => {
    const { user, onDecide, block, container } = renderRequest({ ...sendEmail, allowed: ['approve', 'respond'] });
    await user.click(screen.getByRole('button', { name: 'Respond' }));
    const response = screen.getByRole('textbox', { name: 'Your response' });
    expect(response).toHaveFocus();
    expect(response).toBeRequired();
    expect(block()).toHaveAttribute('data-state', 'responding');
    await expectNoAxeViolations(container);

    await user.type(response, '   ');
    await user.click(screen.getByRole('button', { name: 'Send response' }));
    expect(onDecide).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
    expect(response).toBeInvalid();
    expect(response).toHaveAccessibleDescription('This field is required');
    expect(response).toHaveFocus();
    await expectNoAxeViolations(container);

    await user.type(response, 'Send it tomorrow instead');
    expect(response).toBeValid();
    await user.click(screen.getByRole('button', { name: 'Send response' }));
    expect(onDecide.mock.calls).toEqual([[[{ type: 'respond', message: 'Send it tomorrow instead' }]]]);
  });
});

describe('only what `allowed` lists', () => {
  const buttons = () => screen.getAllByRole('button').map((button) => button.textContent);

  it('by default Approve and Reject, no Edit', () => {
    renderRequest({ name: 'delete_file', args: { path: '/tmp/a' } });
    expect(buttons()).toEqual(['Approve', 'Reject']);
  });

  it('each listed decision, in a fixed order, and nothing else', () => {
    renderRequest({ ...sendEmail, allowed: ['respond', 'edit', 'approve', 'reject'] });
    expect(buttons()).toEqual(['Approve', 'Reject', 'Edit', 'Respond']);
  });

  it('Edit and Reject without Approve; an unknown or empty list falls back to the default', () => {
    const { unmount } = renderRequest({ ...sendEmail, allowed: ['edit', 'reject'] });
    expect(buttons()).toEqual(['Reject', 'Edit']);
    unmount();
    renderRequest({ ...sendEmail, allowed: [] });
    expect(buttons()).toEqual(['Approve', 'Reject']);
  });
});

describe('sending', () => {
  it('while onDecide is pending the buttons are busy and focus stays; a rejection keeps the reason for another try', async () => {
    const failed = deferred();
    const { user, onDecide, container } = renderRequest();
    onDecide.mockReturnValueOnce(failed.promise).mockResolvedValueOnce(undefined);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for rejecting (optional)' }), 'No');
    const sendRejection = screen.getByRole('button', { name: 'Send rejection' });
    await user.dblClick(sendRejection);
    expect(onDecide).toHaveBeenCalledTimes(1);
    const root = container.querySelector('.hitl-approval-request');
    expect(root).toHaveAttribute('aria-busy', 'true');
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(sendRejection).toHaveFocus();
    await expectNoAxeViolations(container);

    await act(async () => {
      failed.reject(new Error('offline'));
      await failed.promise.catch(() => undefined);
    });
    expect(await screen.findByRole('button', { name: 'Send rejection' })).not.toHaveAttribute('aria-disabled');
    expect(root).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('textbox', { name: 'Reason for rejecting (optional)' })).toHaveValue('No');
    await user.click(screen.getByRole('button', { name: 'Send rejection' }));
    expect(onDecide.mock.calls).toEqual([[[{ type: 'reject', message: 'No' }]], [[{ type: 'reject', message: 'No' }]]]);
    // Sent: nothing more is taken.
    await vi.waitFor(() => expect(root).toHaveAttribute('data-state', 'submitted'));
    await user.click(screen.getByRole('button', { name: 'Send rejection' }));
    expect(onDecide).toHaveBeenCalledTimes(2);
  });

  it('disabled locks everything and sends nothing', async () => {
    const { user, onDecide, container } = renderRequest(sendEmail, { disabled: true });
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(onDecide).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });
});

describe('untrusted content', () => {
  it('names, descriptions and arguments are text, never HTML', () => {
    const { container } = renderRequest({
      name: '<img src=x onerror=alert(1)>',
      description: '<b>urgent</b>',
      args: { '<i>key</i>': '<script>alert(1)</script>' },
    });
    expect(container.querySelector('img, b, i, script')).toBeNull();
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Approve <img src=x onerror=alert(1)>?');
    expect(screen.getByText('<b>urgent</b>')).toBeInTheDocument();
    expect(screen.getByRole('term')).toHaveTextContent('<i>key</i>');
    expect(screen.getByRole('definition')).toHaveTextContent('<script>alert(1)</script>');
  });
});

describe('the texts', () => {
  it('follow the messages given to <HumanRequestPrompt>, for the approval kit too', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn<(answer: HumanAnswer) => void>();
    render(
      <HumanRequestPrompt
        request={approval(sendEmail)}
        onAnswer={onAnswer}
        messages={{ approve: () => 'Allow', reject: () => 'Refuse', approvalHeading: () => 'Please check' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Please check' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Allow' }));
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(onAnswer).toHaveBeenCalledWith({ requestId: 'request-1', action: 'accept', decisions: [{ type: 'approve' }] });
  });
});

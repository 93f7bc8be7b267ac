/**
 * The approval part of <HumanRequestPrompt> is loaded only when an approval is shown. Its own
 * behaviour has its own tests; here it is a stand-in that records its loading and its props, and
 * decides as a person would, so what the prompt does with the decisions is what is tested.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HumanRequestPrompt } from '../../../src/components/human-request-prompt';
import type { ApprovalRequestProps } from '../../../src/components/human-request-prompt/approval-request';
import type { HumanApprovalRequest } from '../../../src/request';
import { expectNoAxeViolations } from '../axe';
import { answerMock, deferred, shippingRequest } from './support';

const part = vi.hoisted(() => ({ loads: 0, props: [] as unknown[] }));
vi.mock('../../../src/components/human-request-prompt/approval-request', () => {
  part.loads += 1;
  return {
    ApprovalRequest(props: ApprovalRequestProps) {
      part.props.push(props);
      return (
        <button type="button" disabled={props.disabled} onClick={() => void props.onDecide([{ type: 'approve' }])?.catch(() => undefined)}>
          Approve (stand-in)
        </button>
      );
    },
  };
});

const purchase: HumanApprovalRequest = {
  kind: 'approval',
  id: 'approval-1',
  source: 'langgraph',
  actions: [{ name: 'buy_chair', args: { price: 349 } }],
  allows: { cancel: true },
};

// One file, in order: a module once loaded stays loaded.
describe('the approval part', () => {
  it('is not loaded for a form', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    render(<HumanRequestPrompt request={shippingRequest} onAnswer={onAnswer} />);
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Lyon');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(part.loads).toBe(0);
  });

  it('is loaded when an approval is shown, busy meanwhile, and its decisions are the answer, once', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    const sent = deferred();
    onAnswer.mockReturnValue(sent.promise);
    const { container } = render(<HumanRequestPrompt request={purchase} onAnswer={onAnswer} headingLevel={3} />);
    const region = screen.getByRole('region', { name: 'Approval requested' });
    expect(region.querySelector('[aria-busy="true"]')).not.toBeNull();

    const approve = await screen.findByRole('button', { name: 'Approve (stand-in)' });
    expect(part.loads).toBe(1);
    expect(part.props.at(-1)).toMatchObject({ request: purchase, disabled: false, headingLevel: 4 });
    await expectNoAxeViolations(container);

    await user.click(approve);
    await user.click(approve);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onAnswer.mock.calls).toEqual([[{ requestId: 'approval-1', action: 'accept', decisions: [{ type: 'approve' }] }]]);
    expect(region).toHaveAttribute('data-state', 'submitting');
    await act(async () => {
      sent.resolve();
      await sent.promise;
    });
    expect(region).toHaveAttribute('data-state', 'answered');
    expect(screen.getByRole('status')).toHaveTextContent('Answer sent.');
  });

  it('waits while a cancel is on its way', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    onAnswer.mockReturnValue(deferred().promise);
    render(<HumanRequestPrompt request={{ ...purchase, id: 'approval-2' }} onAnswer={onAnswer} />);
    await screen.findByRole('button', { name: 'Approve (stand-in)' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Approve (stand-in)' })).toBeDisabled();
    expect(onAnswer.mock.calls).toEqual([[{ requestId: 'approval-2', action: 'cancel' }]]);
  });
});

import '../radix-shims';
import { render, screen, within } from '@testing-library/react';
import { ApprovalPrompt } from '../../../src/components/approval-prompt';
import { RunViewer } from '../../../src/components/run-viewer';
import { approvePurchaseTool } from '../../../src/testing';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from '../run-components/axe-with-fake-timers';
import { answersOf, destroyStores, provider, simulator, startTask, toolInputPosts } from '../run-components/simulator-harness';

beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
});

const RENDERERS = { approve_purchase: ApprovalPrompt };
const ARGUMENTS = {
  item: 'Ergonomic office chair',
  merchant: 'Acme Furniture',
  amount: 349,
  currency: 'EUR',
  reason: 'Purchases above €200 need your approval.',
};

const prompt = () => screen.getByRole('region', { name: 'Approve approve_purchase?' });

/** The simulator's approve_purchase run, waiting for the person in a RunViewer that renders the call with `<ApprovalPrompt>`. */
async function waitingApproval() {
  const service = simulator({ scenario: 'non-form-tool' });
  const { taskId } = await startTask(service, 'Buy an office chair under €400', [approvePurchaseTool()]);
  const { wrapper } = provider(service.client);
  const view = render(<RunViewer taskId={taskId} tools={[approvePurchaseTool()]} renderers={RENDERERS} />, { wrapper });
  await advance(0);
  await advance(6000);
  return { service, taskId, user: setupUser(), ...view };
}

/** Lets the answer go out, the run finish its script, and the result load. */
async function finish() {
  await advance(0);
  await advance(30_000);
}

describe('<ApprovalPrompt> in <RunViewer>, against the simulated service', () => {
  it('shows the arguments as text, and Approve sends one tool-input with {"approved":true}', async () => {
    const { service, taskId, user, container } = await waitingApproval();
    const region = prompt();
    const terms = within(region)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['item', 'merchant', 'amount', 'currency', 'reason']);
    expect(within(region).getAllByRole('definition')[2]).toHaveTextContent('349');
    await expectAccessible(container);

    await user.dblClick(within(region).getByRole('button', { name: 'Approve' }));
    await finish();

    expect(toolInputPosts(service)).toHaveLength(1);
    expect(answersOf(service, taskId)).toEqual(['{"approved":true}']);
    expect(await screen.findByText('Bought the ergonomic office chair from Acme Furniture for €349.00.')).toBeInTheDocument();
  });

  it('Reject asks for a reason, then sends one tool-input with it', async () => {
    const { service, taskId, user, container } = await waitingApproval();
    await user.click(within(prompt()).getByRole('button', { name: 'Reject' }));

    const reason = screen.getByRole('textbox', { name: 'Reason for rejecting (optional)' });
    expect(reason).toHaveFocus();
    expect(toolInputPosts(service)).toHaveLength(0);
    await expectAccessible(container);

    await user.type(reason, '  Too expensive, find one under €300.  ');
    await user.click(screen.getByRole('button', { name: 'Send rejection' }));
    await finish();

    expect(toolInputPosts(service)).toHaveLength(1);
    expect(answersOf(service, taskId)).toEqual(['{"approved":false,"reason":"Too expensive, find one under €300."}']);
    expect(await screen.findByText('Nothing was bought: the purchase was declined.')).toBeInTheDocument();
  });

  it('Edit checks the arguments against the schema: an error sends nothing, the fix sends one tool-input', async () => {
    const { service, taskId, user, container } = await waitingApproval();
    await user.click(within(prompt()).getByRole('button', { name: 'Edit' }));

    const editor = screen.getByRole('form', { name: 'Edit the arguments' });
    const item = within(editor).getByRole('textbox', { name: 'item' });
    expect(item).toHaveFocus();
    expect(item).toHaveValue('Ergonomic office chair');

    // `merchant` is required by the tool's schema.
    await user.clear(within(editor).getByRole('textbox', { name: 'merchant' }));
    await user.click(within(editor).getByRole('button', { name: 'Approve with changes' }));
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 1 field: merchant.');
    const merchant = within(editor).getByRole('textbox', { name: 'merchant' });
    expect(merchant).toHaveFocus();
    expect(merchant).toHaveAccessibleDescription('Who sells it. This field is required');
    expect(merchant).toHaveAttribute('aria-invalid', 'true');
    expect(toolInputPosts(service)).toHaveLength(0);
    await expectAccessible(container);

    await user.type(merchant, 'Chairs & Co');
    const amount = within(editor).getByRole('spinbutton', { name: 'amount' });
    await user.clear(amount);
    await user.type(amount, '299');
    await user.click(within(editor).getByRole('button', { name: 'Approve with changes' }));
    await finish();

    expect(toolInputPosts(service)).toHaveLength(1);
    const answers = answersOf(service, taskId) ?? [];
    expect(answers).toHaveLength(1);
    expect(JSON.parse(answers[0] ?? '')).toEqual({ approved: true, arguments: { ...ARGUMENTS, merchant: 'Chairs & Co', amount: 299 } });
  });

  it('Cancel leaves the reason or the editor without sending, and focus returns to the button that opened it', async () => {
    const { service, user } = await waitingApproval();
    await user.click(within(prompt()).getByRole('button', { name: 'Reject' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(prompt()).getByRole('button', { name: 'Reject' })).toHaveFocus();

    await user.click(within(prompt()).getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(prompt()).getByRole('button', { name: 'Edit' })).toHaveFocus();
    await advance(6000);
    expect(toolInputPosts(service)).toHaveLength(0);
  });
});

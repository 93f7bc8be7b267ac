import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { HumanRequestPrompt, type HumanAnswer, type HumanApprovalRequest } from '../../src';
import { applyToolApprovals, fromToolApprovals, type OpenAIAgentsToolApproval } from '../../src/adapters/openai-agents';
import { expectAnsweredOnce, expectReceived, promptPartsLoaded, SourceStory, sourceArgs, sourceArgTypes } from './source-story';

/**
 * `result.interruptions` of a run whose agent called two tools with `needsApproval` at once (each
 * item as `item.toJSON()` gives it).
 */
const interruptions: OpenAIAgentsToolApproval[] = [
  {
    type: 'tool_approval_item',
    rawItem: {
      type: 'function_call',
      callId: 'call_Ma1l',
      name: 'send_email',
      arguments: JSON.stringify({ to: 'ann@example.com', subject: 'Invoice 2025-117' }),
    },
    agent: { name: 'Billing assistant' },
  },
  {
    type: 'tool_approval_item',
    rawItem: {
      type: 'function_call',
      callId: 'call_De1e',
      name: 'delete_file',
      arguments: JSON.stringify({ path: '/invoices/draft.pdf' }),
    },
    agent: { name: 'Billing assistant' },
  },
];

/** The app wants every deletion asked about: it takes "always" off that tool's actions. */
function askEveryTime(request: HumanApprovalRequest, tool: string): HumanApprovalRequest {
  return { ...request, actions: request.actions.map((action) => (action.name === tool ? { ...action, allowAlways: false } : action)) };
}

const request = askEveryTime(fromToolApprovals(interruptions), 'delete_file');

const RECEIVES = 'the RunState';
/** What the run's `RunState` is told by `applyToolApprovals(answer, state)`: each call's `approve` or `reject`, with its options. */
function receive(answer: HumanAnswer) {
  const calls: unknown[] = [];
  const record = (method: string) => (item: OpenAIAgentsToolApproval, options?: object) =>
    void calls.push({ [method]: item.rawItem.callId, ...options });
  applyToolApprovals(answer, { getInterruptions: () => interruptions, approve: record('approve'), reject: record('reject') });
  return calls;
}

/**
 * The OpenAI Agents SDK's tool approvals (`result.interruptions`) made into one approval by
 * `fromToolApprovals(result.interruptions)`, an action per call, and answered with
 * `applyToolApprovals(answer, state)`, which calls `state.approve(item, { alwaysApprove })` or
 * `state.reject(item, { alwaysReject, message })` for each. "Always for <tool>" decides the
 * tool's later calls of the run the same way, without asking; here the app keeps asking about
 * `delete_file` (`allowAlways: false` on its action), so only `send_email` offers it. Below the
 * prompt, what the run's state is told. The SDK runs no edited arguments: there is no Edit.
 */
const meta = {
  title: 'Sources/OpenAI Agents SDK',
  component: HumanRequestPrompt,
  tags: ['autodocs'],
  args: sourceArgs(request),
  argTypes: sourceArgTypes,
  loaders: [promptPartsLoaded],
  render: (args) => <SourceStory {...args} receive={receive} framework={RECEIVES} />,
} satisfies Meta<typeof HumanRequestPrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two calls, each decided on its own; "Always for send_email" beside the one that allows it. */
export const ToolApprovals: Story = {
  play: async ({ canvas }) => {
    const email = await canvas.findByRole('region', { name: 'Action 1 of 2: send_email' });
    const deletion = canvas.getByRole('region', { name: 'Action 2 of 2: delete_file' });
    const always = within(email).getByRole('checkbox', { name: 'Always for send_email' });
    await expect(always).not.toBeChecked();
    await expect(always).toHaveAccessibleDescription(
      'Your approval or rejection also applies to this tool’s later calls, without asking again.',
    );
    await expect(within(deletion).queryByRole('checkbox')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  },
};

/** "Always" approved by keyboard: the run approves `send_email` for the rest of the run; the deletion is rejected this once. */
export const AlwaysApprove: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const email = await canvas.findByRole('region', { name: 'Action 1 of 2: send_email' });
    const deletion = canvas.getByRole('region', { name: 'Action 2 of 2: delete_file' });
    within(email).getByRole('checkbox', { name: 'Always for send_email' }).focus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await expect(within(email).getByRole('button', { name: 'Approve' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(within(email).getByText('Approved — always for this tool')).toBeVisible();

    await userEvent.click(within(deletion).getByRole('button', { name: 'Reject' }));
    await userEvent.type(within(deletion).getByRole('textbox', { name: 'Reason for rejecting (optional)' }), 'Keep the draft.');
    await userEvent.click(within(deletion).getByRole('button', { name: 'Send rejection' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Send decisions' }));
    await expectReceived(canvas, RECEIVES, [
      { approve: 'call_Ma1l', alwaysApprove: true },
      { reject: 'call_De1e', alwaysReject: false, message: 'Keep the draft.' },
    ]);
    await expectAnsweredOnce(args, {
      requestId: request.id,
      action: 'accept',
      decisions: [
        { type: 'approve', always: true },
        { type: 'reject', message: 'Keep the draft.' },
      ],
    });
  },
};

/** "Always" rejected with a reason: the model reads it, and the run rejects `send_email`'s later calls without asking. */
export const AlwaysRejectWithReason: Story = {
  play: async ({ canvas, userEvent }) => {
    const email = await canvas.findByRole('region', { name: 'Action 1 of 2: send_email' });
    await userEvent.click(within(email).getByRole('button', { name: 'Reject' }));
    await userEvent.type(within(email).getByRole('textbox', { name: 'Reason for rejecting (optional)' }), 'No mail to customers today.');
    await userEvent.click(within(email).getByRole('checkbox', { name: 'Always for send_email' }));
    await userEvent.click(within(email).getByRole('button', { name: 'Send rejection' }));
    await expect(within(email).getByText('Rejected — always for this tool')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Send decisions' }));
    await expectReceived(canvas, RECEIVES, [
      { reject: 'call_Ma1l', alwaysReject: true, message: 'No mail to customers today.' },
      { approve: 'call_De1e', alwaysApprove: false },
    ]);
  },
};

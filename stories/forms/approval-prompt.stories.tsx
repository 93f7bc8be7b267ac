import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import {
  ApprovalPrompt,
  createApprovalRenderer,
  RunViewer,
  ToolCallPrompt,
  type ApprovalPromptProps,
  type ToolCall,
  type ToolCallPromptProps,
} from '../../src';
import { approvePurchaseTool } from '../../src/testing';
import { jsonSchemaValidatorLoaded } from '../support/loaded';
import { releaseSimulator, simulate, simulatorOf, startTask, storyRunOf, untilToolCall, withSimulator } from '../support/simulator';

const approvePurchaseCall: ToolCall = {
  toolCallId: 'call_approve_1',
  tool: {
    name: 'approve_purchase',
    parameters: {
      item: 'Ergonomic office chair',
      merchant: 'Acme Furniture',
      amount: 349,
      currency: 'EUR',
      reason: 'Purchases above €200 need your approval.',
    },
  },
};

const meta = {
  title: 'Forms/ApprovalPrompt',
  component: ApprovalPrompt,
  tags: ['autodocs'],
  args: {
    toolCall: approvePurchaseCall,
    schema: approvePurchaseTool().function.parameters,
    submit: fn<ApprovalPromptProps['submit']>(),
  },
  argTypes: {
    submit: { table: { category: 'Events' } },
    answer: { control: false },
  },
} satisfies Meta<typeof ApprovalPrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The arguments as text, and three decisions. Approve sends `{"approved":true}`, once. */
export const Approve: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const region = canvas.getByRole('region', { name: 'Approve approve_purchase?' });
    await expect(
      within(region)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['item', 'merchant', 'amount', 'currency', 'reason']);
    await userEvent.dblClick(canvas.getByRole('button', { name: 'Approve' }));
    await expect(args.submit).toHaveBeenCalledTimes(1);
    await expect(args.submit).toHaveBeenCalledWith('{"approved":true}');
    await expect(region).toHaveAttribute('data-state', 'submitted');
  },
};

/** Reject asks for an optional reason first; focus goes to it, and Cancel brings it back to Reject. */
export const RejectWithReason: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Reject' }));
    const reason = canvas.getByRole('textbox', { name: 'Reason for rejecting (optional)' });
    await waitFor(() => expect(reason).toHaveFocus());
    await userEvent.type(reason, 'Too expensive; find one under €300.');
    await userEvent.click(canvas.getByRole('button', { name: 'Send rejection' }));
    await expect(args.submit).toHaveBeenCalledTimes(1);
    await expect(args.submit).toHaveBeenCalledWith('{"approved":false,"reason":"Too expensive; find one under €300."}');
  },
};

/**
 * Edit opens the arguments in the form generated from the tool's flat schema. A broken rule (a
 * required argument emptied) sends nothing and is announced; the fix approves with the edited arguments.
 */
export const EditWithSchemaErrorThenFix: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit' }));
    const editor = within(canvas.getByRole('form', { name: 'Edit the arguments' }));
    const merchant = editor.getByRole('textbox', { name: 'merchant' });
    await userEvent.clear(merchant);
    await userEvent.click(editor.getByRole('button', { name: 'Approve with changes' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Please correct 1 field: merchant.');
    await waitFor(() => expect(merchant).toHaveFocus());
    await expect(merchant).toHaveAttribute('aria-invalid', 'true');
    await expect(args.submit).not.toHaveBeenCalled();

    await userEvent.type(merchant, 'Chairs & Co');
    await userEvent.click(editor.getByRole('button', { name: 'Approve with changes' }));
    await expect(args.submit).toHaveBeenCalledTimes(1);
    await expect(JSON.parse(args.submit.mock.calls[0]?.[0] ?? '')).toEqual({
      approved: true,
      arguments: { ...approvePurchaseCall.tool.parameters, merchant: 'Chairs & Co' },
    });
  },
};

/**
 * A schema no generated form covers (a nested object): the arguments are edited as JSON, checked
 * against the schema with ajv, loaded when the editor opens. Nested values are shown as JSON text.
 */
export const EditAsJson: Story = {
  args: {
    toolCall: {
      toolCallId: 'call_ship_1',
      tool: { name: 'confirm_address', parameters: { name: 'Ada Lovelace', address: { street: '12 Crescent Road' } } },
    },
    schema: {
      type: 'object',
      title: 'Ship to this address?',
      properties: {
        name: { type: 'string', title: 'Name' },
        address: {
          type: 'object',
          title: 'Address',
          properties: { street: { type: 'string' }, city: { type: 'string' } },
          required: ['street', 'city'],
        },
      },
      required: ['name', 'address'],
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit' }));
    const editor = canvas.getByRole('textbox', { name: 'Arguments (JSON)' });
    // The editor started loading ajv as it opened: its check waits for it, and so does the story.
    await jsonSchemaValidatorLoaded();
    await userEvent.click(canvas.getByRole('button', { name: 'Approve with changes' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Please correct 1 field: Arguments (JSON).');
    await expect(editor).toHaveAccessibleDescription('"address" must have required property \'city\'');
    await expect(args.submit).not.toHaveBeenCalled();

    await userEvent.clear(editor);
    await userEvent.type(editor, '{{"name": "Ada Lovelace", "address": {{"street": "12 Crescent Road", "city": "London"}}');
    await userEvent.click(canvas.getByRole('button', { name: 'Approve with changes' }));
    await waitFor(() => expect(args.submit).toHaveBeenCalledTimes(1));
    await expect(args.submit).toHaveBeenCalledWith(
      '{"approved":true,"arguments":{"name":"Ada Lovelace","address":{"street":"12 Crescent Road","city":"London"}}}',
    );
  },
};

/** While `submit`'s promise is pending the prompt is busy: its buttons are aria-disabled and a second click sends nothing. */
export const Sending: Story = {
  args: { submit: fn<ApprovalPromptProps['submit']>(() => new Promise<void>(() => undefined)) },
  play: async ({ args, canvas, userEvent }) => {
    const approve = canvas.getByRole('button', { name: 'Approve' });
    await userEvent.click(approve);
    await userEvent.click(approve);
    await expect(args.submit).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('region', { name: 'Approve approve_purchase?' })).toHaveAttribute('aria-busy', 'true');
    await expect(approve).toHaveAttribute('aria-disabled', 'true');
  },
};

const approvePurchase = createApprovalRenderer({
  headingLevel: 3,
  messages: { heading: () => 'Approve this purchase?' },
  // The tool's description asks for `note`, not `reason`.
  answer: (decision) =>
    JSON.stringify(
      decision.type === 'reject' ? { approved: false, ...(decision.reason === '' ? {} : { note: decision.reason }) } : decision,
    ),
});

/** `createApprovalRenderer` configures the prompt for one tool, here with its own heading and answer shape, for `renderers`. */
export const ConfiguredRenderer: StoryObj<typeof ToolCallPrompt> = {
  args: { onSubmit: fn<ToolCallPromptProps['onSubmit']>() },
  render: ({ onSubmit }) => (
    <ToolCallPrompt
      toolCall={approvePurchaseCall}
      tools={[approvePurchaseTool()]}
      renderers={{ approve_purchase: approvePurchase }}
      onSubmit={onSubmit}
      headingLevel={3}
    />
  ),
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Approve this purchase?', level: 3 })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Reject' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Reason for rejecting (optional)' }), 'Not this month');
    await userEvent.click(canvas.getByRole('button', { name: 'Send rejection' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('{"approved":false,"note":"Not this month"}');
  },
};

const TOOL_INPUT_PATH = /\/run\/tool-input$/;

/** In `<RunViewer renderers>`, against the simulated service: the approval is one tool-input, and the agent buys. */
export const InRunViewer: StoryObj<typeof RunViewer> = {
  decorators: [withSimulator],
  beforeEach: releaseSimulator,
  loaders: [
    simulate({
      service: { scenario: 'non-form-tool' },
      setup: async ({ service, clock }) => {
        const run = await startTask(service, 'Buy an office chair under €400', [approvePurchaseTool()]);
        await untilToolCall(service, clock, run);
        return run;
      },
    }),
  ],
  render: (_args, context) => (
    <RunViewer
      taskId={storyRunOf(context).taskId}
      tools={[approvePurchaseTool()]}
      renderers={{ approve_purchase: ApprovalPrompt }}
      liveView={false}
      pollIntervalMs={250}
      locale="en-GB"
    />
  ),
  play: async ({ canvas, userEvent, loaded }) => {
    const { service, clock } = simulatorOf({ loaded });
    const approval = await canvas.findByRole('region', { name: 'Approve approve_purchase?' });
    await userEvent.click(within(approval).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(canvas.getByText('Sent. Waiting for the agent…', { selector: 'p' })).toBeInTheDocument());
    clock.advance(5000);
    await expect(
      await canvas.findByText('Bought the ergonomic office chair from Acme Furniture for €349.00.', {}, { timeout: 2000 }),
    ).toBeVisible();
    const posts = service.requests.filter((request) => request.method === 'POST' && TOOL_INPUT_PATH.test(request.path));
    await expect(posts).toHaveLength(1);
  },
};

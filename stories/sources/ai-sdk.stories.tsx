import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ToolUIPart } from 'ai';
import { expect, within } from 'storybook/test';
import { HumanRequestPrompt, type FormInputParameters, type HumanRequest } from '../../src';
import { fromToolApproval, fromToolCall, toToolApprovalResponse, toToolOutput } from '../../src/adapters/ai-sdk';
import {
  expectAnsweredOnce,
  expectNoInjectedElements,
  expectReceived,
  HOSTILE_MARKUP,
  promptPartsLoaded,
  SourceStory,
  sourceArgs,
  sourceArgTypes,
} from './source-story';

/** The chat's tools, as the UI message types them: one that needs approval, and a client-side `form_input`. */
type ChatTools = {
  deleteFile: { input: { path: string }; output: string };
  form_input: { input: FormInputParameters; output: unknown };
};

/** A part of `useChat`'s messages: the model called `deleteFile`, a tool with `needsApproval: true`. */
const deleteFilePart = {
  type: 'tool-deleteFile',
  toolCallId: 'call_Lk2mT8',
  state: 'approval-requested',
  input: { path: '/reports/2025-q4-draft.pdf' },
  approval: { id: 'approval_7Qd1' },
} satisfies ToolUIPart<ChatTools>;

/** The model called the client-side tool `form_input` (no `execute`): the browser answers it with `addToolOutput`. */
const formInputPart = {
  type: 'tool-form_input',
  toolCallId: 'call_Vb6yN3',
  state: 'input-available',
  input: {
    heading: 'Your newsletter',
    description: 'Tell us where to send it and how often.',
    fields: [
      { type: 'email', label: 'Email', required: true },
      {
        type: 'radio',
        label: 'How often',
        options: [
          { label: 'Weekly', value: 'weekly' },
          { label: 'Monthly', value: 'monthly' },
        ],
        defaultValue: 'weekly',
      },
    ],
    submitButton: { label: 'Subscribe' },
  },
} satisfies ToolUIPart<ChatTools>;

const RECEIVES = 'addToolApprovalResponse';
const RECEIVES_OUTPUT = 'addToolOutput';
const receiveOutput = (answer: Parameters<typeof toToolOutput>[0]) => toToolOutput(answer, formInputPart);

/** The AI SDK has no deadline: the app adds one to the request the adapter made. */
const withDeadline = (request: HumanRequest, deadline: string | number): HumanRequest => ({ ...request, deadline });

/**
 * The AI SDK's tool parts (`useChat`'s messages): a tool with `needsApproval` in state
 * `approval-requested` made into an approval by `fromToolApproval(part)`, answered with
 * `addToolApprovalResponse(toToolApprovalResponse(answer))`; and a client-side `form_input` tool in
 * state `input-available` made into a form by `fromToolCall(part)`, answered with
 * `addToolOutput(toToolOutput(answer, part))`. Below each prompt, what the chat receives. The AI
 * SDK takes no edited input and has no "no answer": there is no Edit, Decline or Cancel.
 */
const meta = {
  title: 'Sources/AI SDK',
  component: HumanRequestPrompt,
  tags: ['autodocs'],
  args: sourceArgs(fromToolApproval(deleteFilePart)),
  argTypes: sourceArgTypes,
  loaders: [promptPartsLoaded],
  render: (args) => <SourceStory {...args} receive={toToolApprovalResponse} framework={RECEIVES} />,
} satisfies Meta<typeof HumanRequestPrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The tool and the input the model gave, to approve or reject. */
export const ToolApproval: Story = {
  play: async ({ canvas }) => {
    // The approval kit loads when the first approval shows.
    const action = await canvas.findByRole('region', { name: 'Approve deleteFile?' });
    await expect(within(action).getByText('/reports/2025-q4-draft.pdf')).toBeVisible();
    await expect(within(action).getByRole('button', { name: 'Approve' })).toBeVisible();
    await expect(within(action).getByRole('button', { name: 'Reject' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  },
};

/** Approved: the chat runs the tool, once. */
export const ToolApproved: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.dblClick(await canvas.findByRole('button', { name: 'Approve' }));
    await expectReceived(canvas, RECEIVES, { id: 'approval_7Qd1', approved: true });
    await expectAnsweredOnce(args, { requestId: 'approval_7Qd1', action: 'accept', decisions: [{ type: 'approve' }] });
  },
};

/** Rejected with a reason: the tool never runs, and the model reads the reason. */
export const ToolRejected: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Reject' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Reason for rejecting (optional)' }), 'Keep it, I still need the draft.');
    await userEvent.click(canvas.getByRole('button', { name: 'Send rejection' }));
    await expectReceived(canvas, RECEIVES, { id: 'approval_7Qd1', approved: false, reason: 'Keep it, I still need the draft.' });
  },
};

/** A deadline the app set (`{ ...fromToolApproval(part), deadline }`): the time left shows. */
export const ToolApprovalWithDeadline: Story = {
  loaders: [() => ({ request: withDeadline(fromToolApproval(deleteFilePart), Date.now() + 2 * 60_000) })],
  render: (args, { loaded }) => (
    <SourceStory {...args} request={loaded.request as HumanRequest} receive={toToolApprovalResponse} framework={RECEIVES} />
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^Time left: (1|2) min$/)).toBeVisible();
  },
};

/** Expired: the tool is denied with a reason saying nobody answered, so the model is not left waiting. */
export const ToolApprovalExpired: Story = {
  args: { request: withDeadline(fromToolApproval(deleteFilePart), '2025-01-01T09:00:00Z') },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This request expired.');
    await expectReceived(canvas, RECEIVES, { id: 'approval_7Qd1', approved: false, reason: 'Expired before anyone answered.' });
  },
};

/** The input is the model's: markup in it shows as the characters it is made of. */
export const HostileToolInput: Story = {
  args: {
    request: fromToolApproval({ ...deleteFilePart, input: { path: `/tmp/${HOSTILE_MARKUP}` } }),
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText(`/tmp/${HOSTILE_MARKUP}`)).toBeVisible();
    await expectNoInjectedElements(canvasElement);
  },
};

/** A client-side `form_input` tool: its input is the form. */
export const FormTool: Story = {
  args: { request: fromToolCall(formInputPart) },
  render: (args) => <SourceStory {...args} receive={receiveOutput} framework={RECEIVES_OUTPUT} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Your newsletter' })).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'Weekly' })).toBeChecked();
  },
};

/** Answered: the form's `[{ label, value }]` is the tool's output, and the model goes on with it. */
export const FormToolAnswered: Story = {
  args: { request: fromToolCall(formInputPart) },
  render: (args) => <SourceStory {...args} receive={receiveOutput} framework={RECEIVES_OUTPUT} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await userEvent.click(canvas.getByRole('radio', { name: 'Monthly' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }));
    await expectReceived(canvas, RECEIVES_OUTPUT, {
      tool: 'form_input',
      toolCallId: 'call_Vb6yN3',
      output: [
        { label: 'Email', value: 'ada@example.com' },
        { label: 'How often', value: 'monthly' },
      ],
    });
  },
};

/** Expired: the tool's output is an error the model reads. */
export const FormToolExpired: Story = {
  args: { request: withDeadline(fromToolCall(formInputPart), '2025-01-01T09:00:00Z') },
  render: (args) => <SourceStory {...args} receive={receiveOutput} framework={RECEIVES_OUTPUT} />,
  play: async ({ canvas }) => {
    await expectReceived(canvas, RECEIVES_OUTPUT, {
      tool: 'form_input',
      toolCallId: 'call_Vb6yN3',
      state: 'output-error',
      errorText: 'The form expired before anyone answered.',
    });
  },
};

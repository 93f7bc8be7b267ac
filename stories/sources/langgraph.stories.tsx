import type { HumanInterrupt } from '@langchain/langgraph/prebuilt';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { HITLRequest, Interrupt } from 'langchain';
import { expect, within } from 'storybook/test';
import { HumanRequestPrompt, type HumanAnswer, type HumanRequest } from '../../src';
import { fromInterrupt, toInterruptResponse } from '../../src/adapters/langgraph';
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

const emailArgs = { to: 'ann@example.com', subject: 'Invoice 2025-117', body: 'Hi Ann, the invoice is attached.' };
/** The review config's `argsSchema`: a flat object, so "Edit" is a form of fields. */
const emailSchema = {
  type: 'object',
  properties: {
    to: { type: 'string', title: 'To', format: 'email' },
    subject: { type: 'string', title: 'Subject' },
    body: { type: 'string', title: 'Body' },
  },
  required: ['to', 'subject'],
};
const deletion = { name: 'delete_file', args: { path: '/var/log/app/2025-12.log' }, description: 'Deleting cannot be undone.' };

/** What `humanInTheLoopMiddleware`'s description says when the config gives none. */
const describeCall = (name: string, args: object) =>
  `Tool execution requires approval\n\nTool: ${name}\nArgs: ${JSON.stringify(args, null, 2)}`;

/** `result.__interrupt__[0]` of an agent of `createAgent` with `humanInTheLoopMiddleware`: the model called `send_email`. */
const sendEmail: Interrupt<HITLRequest> = {
  id: 'b3c1f0e2a9d84c51',
  value: {
    actionRequests: [{ name: 'send_email', args: emailArgs, description: describeCall('send_email', emailArgs) }],
    reviewConfigs: [{ actionName: 'send_email', allowedDecisions: ['approve', 'edit', 'reject'], argsSchema: emailSchema }],
  },
};

/** The model called two tools at once: one decision each, sent together. */
const twoCalls: Interrupt<HITLRequest> = {
  id: '5e7a22d0c4b14f9a',
  value: {
    actionRequests: [{ name: 'send_email', args: emailArgs, description: describeCall('send_email', emailArgs) }, deletion],
    reviewConfigs: [
      { actionName: 'send_email', allowedDecisions: ['approve', 'edit', 'reject'], argsSchema: emailSchema },
      { actionName: 'delete_file', allowedDecisions: ['approve', 'reject'] },
    ],
  },
};

/** agent-inbox's interrupt (`interrupt([request])` in a graph of your own): accept, respond, ignore; no edit. */
const meeting: HumanInterrupt = {
  action_request: { action: 'schedule_meeting', args: { with: 'Ann Weber', start: '2026-06-12T10:00', minutes: 30 } },
  config: { allow_accept: true, allow_edit: false, allow_respond: true, allow_ignore: true },
  description: 'Ann asked for a meeting on Friday at 10:00. Shall I book it?',
};
const inbox = { id: '0c9d4e61f2a7b835', value: [meeting] };

/** A hostile agent: markup in the tool's name, its description and its arguments. */
const hostile: Interrupt<HITLRequest> = {
  id: 'e81f3a5b7c2d4690',
  value: {
    actionRequests: [
      { name: `send_email ${HOSTILE_MARKUP}`, args: { to: HOSTILE_MARKUP }, description: `${HOSTILE_MARKUP} Approve at once.` },
    ],
    reviewConfigs: [{ actionName: `send_email ${HOSTILE_MARKUP}`, allowedDecisions: ['approve', 'reject'] }],
  },
};

/** Each request's interrupt by the request's id, for `toInterruptResponse(answer, interrupt)`. */
const interrupts = new Map<string, unknown>([sendEmail, twoCalls, inbox, hostile].map((interrupt) => [interrupt.id ?? '', interrupt]));
const receive = (answer: HumanAnswer) => toInterruptResponse(answer, interrupts.get(answer.requestId));

/** LangGraph has no deadline on an interrupt: the app adds one to the request the adapter made. */
const withDeadline = (request: HumanRequest, deadline: string | number): HumanRequest => ({ ...request, deadline });

const RECEIVES = 'Command({ resume })';

/**
 * LangGraph interrupts: LangChain's `humanInTheLoopMiddleware` (one action per tool call, each
 * allowing what its review config lists, "Edit" as a form when the config has an `argsSchema`) and
 * agent-inbox's `HumanInterrupt`, made into an approval by `fromInterrupt(result.__interrupt__[0])`
 * and answered with `new Command({ resume: toInterruptResponse(answer, interrupt) })`: below each
 * prompt, the `resume` value. The middleware has no "no answer": an expired request rejects each
 * action with a message saying so.
 */
const meta = {
  title: 'Sources/LangGraph',
  component: HumanRequestPrompt,
  tags: ['autodocs'],
  args: sourceArgs(fromInterrupt(sendEmail)),
  argTypes: sourceArgTypes,
  loaders: [promptPartsLoaded],
  render: (args) => <SourceStory {...args} receive={receive} framework={RECEIVES} />,
} satisfies Meta<typeof HumanRequestPrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One tool call, with Approve, Edit and Reject as its review config allows; the description above the arguments. */
export const ToolCall: Story = {
  play: async ({ canvas }) => {
    const action = await canvas.findByRole('region', { name: 'Approve send_email?' });
    await expect(within(action).getByText(/^Tool execution requires approval/)).toBeVisible();
    await expect(
      within(action)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['To', 'Subject', 'Body']);
    await expect(within(action).getByRole('button', { name: 'Edit' })).toBeVisible();
  },
};

/** "Edit" opens the arguments as the form of the config's `argsSchema`; the agent runs the tool with the edited ones. */
export const EditThenApprove: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit' }));
    const editor = within(canvas.getByRole('form', { name: 'Edit the arguments' }));
    const to = editor.getByRole('textbox', { name: /^To/ });
    await userEvent.clear(to);
    await userEvent.type(to, 'billing@example.com');
    await userEvent.click(editor.getByRole('button', { name: 'Approve with changes' }));
    const edited = { ...emailArgs, to: 'billing@example.com' };
    await expectReceived(canvas, RECEIVES, { decisions: [{ type: 'edit', editedAction: { name: 'send_email', args: edited } }] });
    await expectAnsweredOnce(args, { requestId: sendEmail.id ?? '', action: 'accept', decisions: [{ type: 'edit', args: edited }] });
  },
};

/** Rejected with a message: the tool does not run, and the model reads the message. */
export const Rejected: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Reject' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Reason for rejecting (optional)' }), 'Ann left; send it to billing.');
    await userEvent.click(canvas.getByRole('button', { name: 'Send rejection' }));
    await expectReceived(canvas, RECEIVES, { decisions: [{ type: 'reject', message: 'Ann left; send it to billing.' }] });
  },
};

/**
 * Two tool calls in one interrupt: each is decided on its own and can be changed; "Send decisions"
 * sends them in the order of the calls once each has one.
 */
export const SeveralActions: Story = {
  args: { request: fromInterrupt(twoCalls) },
  play: async ({ canvas, userEvent }) => {
    const first = within(await canvas.findByRole('region', { name: 'Action 1 of 2: send_email' }));
    const second = within(canvas.getByRole('region', { name: 'Action 2 of 2: delete_file' }));
    await expect(canvas.getByRole('button', { name: 'Send decisions' })).toHaveAccessibleDescription('2 actions left to decide');
    await userEvent.click(first.getByRole('button', { name: 'Approve' }));
    await userEvent.click(second.getByRole('button', { name: 'Reject' }));
    await userEvent.type(second.getByRole('textbox', { name: 'Reason for rejecting (optional)' }), 'Keep the log until the audit.');
    await userEvent.click(second.getByRole('button', { name: 'Send rejection' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Send decisions' }));
    await expectReceived(canvas, RECEIVES, {
      decisions: [{ type: 'approve' }, { type: 'reject', message: 'Keep the log until the audit.' }],
    });
  },
};

/** agent-inbox's `HumanInterrupt`: Approve (accept), Respond (response) and Decline (ignore), as its config allows. */
export const AgentInboxRespond: Story = {
  args: { request: fromInterrupt(inbox) },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Ann asked for a meeting on Friday at 10:00. Shall I book it?')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Respond' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Your response' }), 'Friday is full; offer Monday at 9:00.');
    await userEvent.click(canvas.getByRole('button', { name: 'Send response' }));
    await expectReceived(canvas, RECEIVES, [{ type: 'response', args: 'Friday is full; offer Monday at 9:00.' }]);
  },
};

/** agent-inbox's ignore, offered as "Decline" when every interrupt allows it. */
export const AgentInboxDeclined: Story = {
  args: { request: fromInterrupt(inbox) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Decline' }));
    await expectReceived(canvas, RECEIVES, [{ type: 'ignore', args: null }]);
  },
};

/** A deadline the app set (`{ ...fromInterrupt(interrupt), deadline }`): the time left shows. */
export const WithDeadline: Story = {
  loaders: [() => ({ request: withDeadline(fromInterrupt(sendEmail), Date.now() + 30 * 60_000) })],
  render: (args, { loaded }) => <SourceStory {...args} request={loaded.request as HumanRequest} receive={receive} framework={RECEIVES} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^Time left: (29|30) min$/)).toBeVisible();
  },
};

/** Expired: LangChain has no cancel, so each action is rejected with a message the model reads. */
export const Expired: Story = {
  args: { request: withDeadline(fromInterrupt(twoCalls), '2025-01-01T09:00:00Z') },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This request expired.');
    const message = 'Not run: nobody answered before the deadline.';
    await expectReceived(canvas, RECEIVES, {
      decisions: [
        { type: 'reject', message },
        { type: 'reject', message },
      ],
    });
  },
};

/** The tool's name, description and arguments are the agent's: markup shows as the characters it is made of. */
export const HostileAgent: Story = {
  args: { request: fromInterrupt(hostile) },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: `Approve send_email ${HOSTILE_MARKUP}?` })).toBeInTheDocument();
    await expect(canvas.getByText(`${HOSTILE_MARKUP} Approve at once.`)).toBeVisible();
    await expectNoInjectedElements(canvasElement);
  },
};

import type { Interrupt, ToolCall } from '@ag-ui/client';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { HumanRequestPrompt, type HumanAnswer, type HumanRequest } from '../../src';
import { fromAgUiInterrupt, toResumeEntry } from '../../src/adapters/ag-ui';
import { jsonSchemaValidatorLoaded } from '../support/loaded';
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

const emailArgs = { to: 'ann@example.com', subject: 'Your refund', body: 'Hi Ann, the refund is on its way.' };

/** The tool call the interrupt concerns, as it stands in the agent's messages (`message.toolCalls`). */
const sendEmailCall: ToolCall = {
  id: 'tc-4d1e',
  type: 'function',
  function: { name: 'send_email', arguments: JSON.stringify(emailArgs) },
};

/** A run that finished with `outcome: { type: 'interrupt' }`: AG-UI's tool approval, with edits allowed (`editedArgs`). */
const sendEmail: Interrupt = {
  id: 'int-7f3a',
  reason: 'tool_call',
  message: 'Send this email to the customer?',
  toolCallId: 'tc-4d1e',
  responseSchema: {
    type: 'object',
    properties: {
      approved: { type: 'boolean' },
      editedArgs: {
        type: 'object',
        properties: {
          to: { type: 'string', title: 'To', format: 'email' },
          subject: { type: 'string', title: 'Subject' },
          body: { type: 'string', title: 'Body' },
        },
      },
    },
    required: ['approved'],
  },
};

/** An interrupt asking for input: its `responseSchema` is the form. */
const filing: Interrupt = {
  id: 'int-2b90',
  reason: 'input_required',
  message: 'Please provide the quarterly filing details.',
  responseSchema: {
    type: 'object',
    properties: {
      quarter: { type: 'string', title: 'Quarter', enum: ['Q1', 'Q2', 'Q3', 'Q4'] },
      year: { type: 'integer', title: 'Year', minimum: 2000 },
      revenue: { type: 'number', title: 'Revenue (EUR)', minimum: 0 },
    },
    required: ['quarter', 'year', 'revenue'],
  },
};

/** A framework's own interrupt with neither a schema nor a tool call: one text answers it. */
const clarify: Interrupt = { id: 'int-c551', reason: 'acme:clarify', message: 'Which account should the refund go to?' };

/** A schema no form covers (a nested object): answered as JSON, checked against the schema. */
const shipping: Interrupt = {
  id: 'int-9e07',
  reason: 'input_required',
  message: 'Where should the replacement go?',
  responseSchema: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      address: {
        type: 'object',
        properties: { street: { type: 'string' }, city: { type: 'string' } },
        required: ['street', 'city'],
      },
    },
    required: ['name', 'address'],
  },
};

/** A hostile agent: markup in the message, the reason and the tool's arguments. */
const hostile: Interrupt = {
  id: 'int-h057',
  reason: `acme:${HOSTILE_MARKUP}`,
  message: `${HOSTILE_MARKUP} Approve now or lose your account.`,
  toolCallId: 'tc-h057',
  metadata: { toolCallName: 'wire_transfer', args: { iban: HOSTILE_MARKUP } },
};

/** Each request's interrupt by the request's id (an interrupt's `id`), for `toResumeEntry(answer, interrupt)`. */
const interrupts = new Map([sendEmail, filing, clarify, shipping, hostile].map((interrupt) => [interrupt.id, interrupt]));
const receive = (answer: HumanAnswer) => {
  const interrupt = interrupts.get(answer.requestId);
  if (interrupt === undefined) throw new Error(`No interrupt ${answer.requestId}`);
  return toResumeEntry(answer, interrupt);
};

const withExpiry = (interrupt: Interrupt, expiresAt: string): HumanRequest =>
  fromAgUiInterrupt({ ...interrupt, expiresAt }, { toolCall: sendEmailCall });

const RECEIVES = 'runAgent({ resume })';

/**
 * AG-UI interrupts (a run that finished with an interrupt outcome, `agent.pendingInterrupts`),
 * made into a request by `fromAgUiInterrupt(interrupt, { toolCall })` and answered with
 * `agent.runAgent({ resume: [toResumeEntry(answer, interrupt)] })`: below each prompt, the resume
 * entry. A tool approval (edits where `editedArgs` is in the schema), a form of any other
 * `responseSchema`, or one text; `expiresAt` is the deadline; Cancel is `cancelled`. AG-UI has no decline.
 */
const meta = {
  title: 'Sources/AG-UI',
  component: HumanRequestPrompt,
  tags: ['autodocs'],
  args: sourceArgs(fromAgUiInterrupt(sendEmail, { toolCall: sendEmailCall })),
  argTypes: sourceArgTypes,
  loaders: [promptPartsLoaded],
  render: (args) => <SourceStory {...args} receive={receive} framework={RECEIVES} />,
} satisfies Meta<typeof HumanRequestPrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A tool approval: the tool call's name and arguments from the agent's messages, with Approve, Edit, Reject and Cancel. */
export const ToolApproval: Story = {
  play: async ({ canvas }) => {
    const action = await canvas.findByRole('region', { name: 'Approve send_email?' });
    await expect(
      within(action)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['To', 'Subject', 'Body']);
    await expect(canvas.getByText('Send this email to the customer?')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  },
};

/** Edited, then approved: the entry resolves with `{ approved: true, editedArgs }`. */
export const EditThenApprove: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit' }));
    const editor = within(canvas.getByRole('form', { name: 'Edit the arguments' }));
    const subject = editor.getByRole('textbox', { name: /^Subject/ });
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Your refund of €42');
    await userEvent.click(editor.getByRole('button', { name: 'Approve with changes' }));
    const editedArgs = { ...emailArgs, subject: 'Your refund of €42' };
    await expectReceived(canvas, RECEIVES, { interruptId: 'int-7f3a', status: 'resolved', payload: { approved: true, editedArgs } });
    await expectAnsweredOnce(args, { requestId: 'int-7f3a', action: 'accept', decisions: [{ type: 'edit', args: editedArgs }] });
  },
};

/** Rejected with a reason: `{ approved: false, reason }`. */
export const Rejected: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Reject' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Reason for rejecting (optional)' }), 'Wait until the refund cleared.');
    await userEvent.click(canvas.getByRole('button', { name: 'Send rejection' }));
    await expectReceived(canvas, RECEIVES, {
      interruptId: 'int-7f3a',
      status: 'resolved',
      payload: { approved: false, reason: 'Wait until the refund cleared.' },
    });
  },
};

/** Cancel: the entry is `cancelled`, without a payload. */
export const Cancelled: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('region', { name: 'Approve send_email?' });
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expectReceived(canvas, RECEIVES, { interruptId: 'int-7f3a', status: 'cancelled' });
    await expect(canvas.getByRole('status')).toHaveTextContent('Cancelled.');
  },
};

/** `expiresAt` is the deadline: the time left shows. */
export const WithExpiresAt: Story = {
  loaders: [() => ({ request: withExpiry(sendEmail, new Date(Date.now() + 15 * 60_000).toISOString()) })],
  render: (args, { loaded }) => <SourceStory {...args} request={loaded.request as HumanRequest} receive={receive} framework={RECEIVES} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^Time left: (14|15) min$/)).toBeVisible();
  },
};

/** Past its `expiresAt`: the prompt closes, and the entry is `cancelled` (the client refuses any other for an expired interrupt). */
export const Expired: Story = {
  args: { request: withExpiry(sendEmail, '2025-01-01T09:00:00Z') },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This request expired.');
    await expectReceived(canvas, RECEIVES, { interruptId: 'int-7f3a', status: 'cancelled' });
  },
};

/** `input_required` with a `responseSchema`: a form of it; the payload has the schema's types. */
export const FormAnswered: Story = {
  args: { request: fromAgUiInterrupt(filing) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('combobox', { name: /^Quarter/ }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Q2' }));
    await userEvent.type(canvas.getByRole('spinbutton', { name: /^Year/ }), '2026');
    await userEvent.type(canvas.getByRole('spinbutton', { name: /^Revenue/ }), '4200000.5');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectReceived(canvas, RECEIVES, {
      interruptId: 'int-2b90',
      status: 'resolved',
      payload: { quarter: 'Q2', year: 2026, revenue: 4200000.5 },
    });
  },
};

/** Neither a schema nor a tool call: one required text, sent as the payload. */
export const TextAnswered: Story = {
  args: { request: fromAgUiInterrupt(clarify) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Your response/ }), 'The savings account ending 4411');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectReceived(canvas, RECEIVES, { interruptId: 'int-c551', status: 'resolved', payload: 'The savings account ending 4411' });
  },
};

/**
 * A `responseSchema` no form covers (a nested object): a note says why, and the answer is JSON,
 * checked against the schema (ajv, loaded when the editor opens) before it is sent.
 */
export const UnrenderableSchema: Story = {
  args: { request: fromAgUiInterrupt(shipping) },
  play: async ({ canvas, userEvent }) => {
    const editor = await canvas.findByRole('textbox', { name: 'Answer (JSON)' });
    await expect(canvas.getByText(/the field “address” is not a simple value/)).toBeVisible();
    await jsonSchemaValidatorLoaded();
    await userEvent.clear(editor);
    await userEvent.click(editor);
    await userEvent.paste('{"name": "Ann Weber", "address": {"street": "Hauptstraße 5"}}');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(canvas.getByText('Nothing yet: no answer was given.')).toBeVisible();

    await userEvent.clear(editor);
    await userEvent.paste('{"name": "Ann Weber", "address": {"street": "Hauptstraße 5", "city": "Berlin"}}');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectReceived(canvas, RECEIVES, {
      interruptId: 'int-9e07',
      status: 'resolved',
      payload: { name: 'Ann Weber', address: { street: 'Hauptstraße 5', city: 'Berlin' } },
    });
  },
};

/** The message, the reason and the arguments are the agent's: markup shows as the characters it is made of. */
export const HostileAgent: Story = {
  args: { request: fromAgUiInterrupt(hostile) },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText(`${HOSTILE_MARKUP} Approve now or lose your account.`)).toBeVisible();
    await expect(canvas.getByRole('heading', { name: `acme:${HOSTILE_MARKUP}`, level: 2 })).toBeInTheDocument();
    await expect(await canvas.findByText(HOSTILE_MARKUP, { selector: 'dd, dd *' })).toBeVisible();
    await expectNoInjectedElements(canvasElement);
  },
};

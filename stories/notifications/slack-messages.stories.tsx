import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { HumanRequest } from '../../src';
import { fromElicitation } from '../../src/adapters/mcp';
import { endedLine, slackEndedMessage, slackWaitingMessage, type SlackRequestView } from '../../src/server/notify/slack-blocks';
import { readSlackModal, slackModal, type SlackModalKind } from '../../src/server/notify/slack-modals';
import { EXPIRED_ACTION } from '../../src/server/requests/request-records';
import type { StoredRequest } from '../../src/server/stores/request-store';
import { setNativeValue } from '../recipes/recipe-story';
import { BlockKitPreview, type BlockKitSurface } from '../support/block-kit';

/** Fixed times, so the JSON reads the same at every visit (Slack shows them in the reader's zone). */
const OPENED_AT = Date.UTC(2026, 2, 2, 9, 14);
const ENDED_AT = OPENED_AT + 6 * 60_000;
const INBOX = 'https://app.example.com/inbox#req_kd41';

/** An approval of one action: what an AI SDK tool approval or a LangGraph interrupt becomes. */
const sendInvoice: HumanRequest = {
  kind: 'approval',
  id: 'approval-7f3a',
  source: 'ai-sdk',
  title: 'Send invoice 42 to Acme?',
  requestedBy: 'Billing agent',
  message: 'Acme asked for their March invoice again.',
  actions: [
    {
      name: 'send_email',
      description: 'Email the invoice to the customer',
      args: { to: 'ap@acme.example', subject: 'Invoice 42', attachment: 'invoice-42.pdf' },
    },
  ],
};

const CALENDAR_URL = 'https://accounts.example.com/oauth/authorize?client_id=bistro&state=c81f';
/** MCP's URL mode: the person finishes on a page of the server's own. */
const connectCalendar = fromElicitation(
  {
    mode: 'url',
    message: 'Connect your calendar so the booking can be added to it.',
    url: CALENDAR_URL,
    elicitationId: 'elicit-9f2c',
  },
  { title: 'Bistro Lumière asks' },
);

/** An MCP elicitation's form: every field has a Slack input and none is secret, so Slack answers it in a modal. */
const bookTable = fromElicitation(
  {
    mode: 'form',
    message: 'To book your table, the restaurant needs a few details.',
    requestedSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name', minLength: 2, maxLength: 60 },
        date: { type: 'string', title: 'Date', format: 'date' },
        guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 12, default: 2 },
        phone: { type: 'string', title: 'Phone', pattern: '^\\+?[0-9 ]{6,20}$', description: 'Only if the plan changes.' },
        seating: {
          type: 'string',
          title: 'Seating',
          oneOf: [
            { const: 'inside', title: 'Inside' },
            { const: 'terrace', title: 'Terrace' },
          ],
          default: 'inside',
        },
        diet: {
          type: 'array',
          title: 'Dietary needs',
          items: {
            anyOf: [
              { const: 'vegetarian', title: 'Vegetarian' },
              { const: 'vegan', title: 'Vegan' },
            ],
          },
        },
        reminder: { type: 'boolean', title: 'Remind me the day before', default: true },
      },
      required: ['name', 'date', 'guests'],
    },
  },
  { id: 7, title: 'Book a table at Bistro Lumière' },
);

/** A LangChain agent's interrupt of two tool calls: decided together in one modal. */
const twoActions: HumanRequest = {
  kind: 'approval',
  id: 'interrupt-2b',
  source: 'langgraph',
  title: 'Refund and tell the customer?',
  requestedBy: 'Support agent',
  actions: [
    { name: 'issue_refund', description: 'Refund order 1182 in full', args: { order: 1182, amount: 64.5 } },
    {
      name: 'send_email',
      description: 'Tell the customer',
      args: { to: 'sam@example.com', body: 'Your refund is on its way.' },
      allowed: ['approve', 'reject', 'respond'],
    },
  ],
};

/** The task service's `form_input` with a password: a secret, so Slack only ever links to the inbox. */
const signIn: HumanRequest = {
  kind: 'form',
  id: 'call_login_1',
  source: 'task-service',
  title: 'Sign in to Acme Shop',
  parameters: {
    heading: 'Sign in to Acme Shop',
    fields: [
      { type: 'email', label: 'Email', required: true },
      { type: 'password', label: 'Password', required: true },
    ],
  },
};

/** What `slackChannel` and the update of an ended request give the builders for `request`. */
function viewOf(request: HumanRequest, ended = false): SlackRequestView {
  return {
    id: 'req_kd41',
    title: request.title ?? '',
    team: 'billing',
    source: request.source,
    request,
    waitingSince: OPENED_AT,
    // Once it ended the message no longer says it waits, nor links to the inbox.
    headline: ended ? '' : 'Waiting for an answer',
    link: ended ? undefined : INBOX,
  };
}

/** The message after `request` ended as `end` says, through the builders the proxy's update calls. */
function endedMessage(request: HumanRequest, end: Pick<StoredRequest, 'state'> & Partial<StoredRequest>) {
  const record: StoredRequest = {
    id: 'r1',
    team: 'billing',
    request: JSON.stringify(request),
    source: request.source,
    openedAt: OPENED_AT,
    durable: false,
    opener: 'instance-a',
    version: 2,
    endedAt: ENDED_AT,
    ...end,
  };
  return slackEndedMessage(viewOf(request, true), endedLine(record, EXPIRED_ACTION));
}

/** The modal `kind` opens for `request` (as the press of its button opens it), and how the proxy reads its submission. */
function modalOf(kind: SlackModalKind, request: HumanRequest) {
  const meta = { id: 'req_kd41', kind, channel: 'C0123APPROVALS', ts: '1772442840.000100' };
  return {
    view: slackModal(meta, request, request.title ?? ''),
    read: (values: Record<string, unknown>) => readSlackModal(meta, request, 'req_kd41', values),
  };
}

type Canvas = StoryContext['canvas'];

/** One message or modal of the catalogue. */
interface SlackSurfaceExample {
  /** The story's export name below. */
  readonly name: string;
  /** What it shows and why, as the story's description. */
  readonly description: string;
  /** The JSON, made by the proxy's own builders. */
  readonly build: () => BlockKitSurface;
  /** For a modal: the proxy's reading of a submission, shown when the story's modal is submitted. Default: none. */
  readonly read?: (stateValues: Record<string, unknown>) => unknown;
  /** What a person notices in it. */
  readonly play: (canvas: Canvas, user: StoryContext['userEvent']) => Promise<void>;
}

const message = (canvas: Canvas) => within(canvas.getByRole('article', { name: 'Slack message' }));
const said = (canvas: Canvas) => canvas.getByRole('status');

/** Every message and modal shown, in order: add an entry here and a one-line export at the end of the file. */
const SURFACES = [
  {
    name: 'ApprovalWaiting',
    description:
      'An approval of one action, waiting: what it asks, who asks, the action and why, never its arguments. ' +
      'Approve and Reject answer it in Slack; the button holds only the request and the decision.',
    build: () => slackWaitingMessage(viewOf(sendInvoice)),
    play: async (canvas, user) => {
      const slack = message(canvas);
      await expect(slack.getByRole('heading', { name: 'Send invoice 42 to Acme?' })).toBeVisible();
      await expect(slack.getByText('Action: send_email — Email the invoice to the customer')).toBeVisible();
      await expect(slack.queryByText(/ap@acme\.example/)).not.toBeInTheDocument();
      await expect(slack.getByRole('link', { name: 'Open in inbox' })).toHaveAttribute('href', INBOX);
      await user.click(slack.getByRole('button', { name: /^Approve/ }));
      await expect(canvas.getByRole('status')).toHaveTextContent('action_id hitl_approve, value ["req_kd41","approve"]');
      await expect(slack.getByRole('button', { name: /^Reject/ })).toBeVisible();
    },
  },
  {
    name: 'LinkWaiting',
    description:
      'A page to visit (MCP’s URL mode): its address, http(s) only, and “I have finished” once the person is done there; ' +
      'Decline and Cancel, which MCP allows.',
    build: () => slackWaitingMessage(viewOf(connectCalendar)),
    play: async (canvas) => {
      const slack = message(canvas);
      await expect(slack.getByRole('link', { name: 'Open page' })).toHaveAttribute('href', CALENDAR_URL);
      for (const name of ['I have finished', 'Decline', 'Cancel']) await expect(slack.getByRole('button', { name })).toBeVisible();
    },
  },
  {
    name: 'FormWaiting',
    description:
      'A form whose every field has a Slack input and none is secret (an MCP elicitation here): “Answer…” opens it in a modal, ' +
      'and Decline and Cancel answer at once.',
    build: () => slackWaitingMessage(viewOf(bookTable)),
    play: async (canvas, user) => {
      const slack = message(canvas);
      await user.click(slack.getByRole('button', { name: /^Answer/ }));
      await expect(said(canvas)).toHaveTextContent('action_id hitl_answer, value ["req_kd41","form"]');
      for (const name of ['Decline', 'Cancel']) await expect(slack.getByRole('button', { name })).toBeVisible();
    },
  },
  {
    name: 'SeveralActionsWaiting',
    description: 'An approval of several actions: each is named, and “Decide…” opens one modal for all of them.',
    build: () => slackWaitingMessage(viewOf(twoActions)),
    play: async (canvas) => {
      const slack = message(canvas);
      await expect(slack.getByText('Action: issue_refund — Refund order 1182 in full')).toBeVisible();
      await expect(slack.getByText('Action: send_email — Tell the customer')).toBeVisible();
      await expect(slack.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
      await expect(slack.getByRole('button', { name: /^Decide/ })).toBeVisible();
    },
  },
  {
    name: 'SecretFormLinksOnly',
    description:
      'A form with a secret field (a password): nothing of it goes through Slack, not even its fields; the message only links to the inbox.',
    build: () => slackWaitingMessage(viewOf(signIn)),
    play: async (canvas) => {
      const slack = message(canvas);
      await expect(slack.getByRole('heading', { name: 'Sign in to Acme Shop' })).toBeVisible();
      await expect(slack.queryAllByRole('button')).toEqual([]);
      await expect(slack.getByRole('link', { name: 'Open in inbox' })).toBeVisible();
      await expect(canvas.getByRole('region', { name: 'Block Kit JSON' })).not.toHaveTextContent(/Password/i);
    },
  },
  {
    name: 'AnsweredInSlack',
    description:
      'The same message once the request was answered anywhere: the buttons are gone, and it says how it ended, by whom, where and when.',
    build: () =>
      endedMessage(sendInvoice, { state: 'delivered', answerAction: 'accept', answeredBy: 'ada@example.com', answeredVia: 'slack' }),
    play: async (canvas) => {
      const slack = message(canvas);
      await expect(slack.getByText(/by ada@example\.com in Slack,/)).toBeVisible();
      await expect(slack.getByText('Answered')).toBeVisible();
      await expect(slack.queryAllByRole('button')).toEqual([]);
      await expect(slack.queryAllByRole('link')).toEqual([]);
    },
  },
  {
    name: 'Expired',
    description: 'Nobody answered before the deadline: the source was told it expired, and the message says so.',
    build: () => endedMessage(sendInvoice, { state: 'answered', answerAction: EXPIRED_ACTION }),
    play: async (canvas) => {
      await expect(message(canvas).getByText(/nobody answered before its deadline/)).toBeVisible();
      await expect(message(canvas).queryAllByRole('button')).toEqual([]);
    },
  },
  {
    name: 'Withdrawn',
    description: 'The agent withdrew the request (`proxy.requests.cancel`) before anyone answered.',
    build: () => endedMessage(connectCalendar, { state: 'cancelled' }),
    play: async (canvas) => {
      await expect(message(canvas).getByText(/the agent no longer needs an answer/)).toBeVisible();
      await expect(message(canvas).queryAllByRole('button')).toEqual([]);
    },
  },
  {
    name: 'RejectModal',
    description: '“Reject…” asks a reason, which is optional; the agent is told it.',
    build: () => modalOf('reject', sendInvoice).view,
    read: (values) => modalOf('reject', sendInvoice).read(values),
    play: async (canvas, user) => {
      const modal = within(canvas.getByRole('form', { name: 'Reject' }));
      await user.type(modal.getByRole('textbox', { name: /^Reason/ }), 'Wrong customer');
      await user.click(modal.getByRole('button', { name: 'Reject' }));
      await expect(said(canvas)).toHaveTextContent(/The proxy reads: .*"type": "reject",\s*"message": "Wrong customer"/s);
    },
  },
  {
    name: 'FormModal',
    description:
      'The form in a modal: each field an input labelled as the page labels it, with its default, options and limits. ' +
      'A value the proxy refuses comes back under its input, what was typed kept; then the answer is read as a page’s is.',
    build: () => modalOf('form', bookTable).view,
    read: (values) => modalOf('form', bookTable).read(values),
    play: async (canvas, user) => {
      const modal = within(canvas.getByRole('form', { name: 'Answer' }));
      await user.type(modal.getByRole('textbox', { name: 'Name' }), 'Ada Lovelace');
      setNativeValue(modal.getByLabelText('Date'), '2026-06-12');
      const guests = modal.getByRole('spinbutton', { name: 'Guests' });
      await expect(guests).toHaveValue(2);
      await user.clear(guests);
      await user.type(guests, '4');
      await user.click(within(modal.getByRole('group', { name: 'Dietary needs (optional)' })).getByRole('checkbox', { name: 'Vegan' }));
      // Slack checks lengths and ranges itself; a pattern only the proxy checks.
      const phone = modal.getByRole('textbox', { name: 'Phone (optional)' });
      await user.type(phone, 'call me');
      await user.click(modal.getByRole('button', { name: 'Submit' }));
      await expect(said(canvas)).toHaveTextContent('The proxy refuses it');
      await expect(phone).toBeInvalid();
      await expect(modal.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
      await user.clear(phone);
      await user.type(phone, '+44 20 7946 0000');
      await user.click(modal.getByRole('button', { name: 'Submit' }));
      await expect(phone).toBeValid();
      const read = said(canvas);
      await expect(read).toHaveTextContent('The proxy reads:');
      for (const part of [
        '"name": "Ada Lovelace"',
        '"date": "2026-06-12"',
        '"guests": 4',
        '"phone": "+44 20 7946 0000"',
        '"seating": "inside"',
        '"reminder": true',
      ])
        await expect(read).toHaveTextContent(part);
      await expect(read).toHaveTextContent(/"diet": \[\s*"vegan"\s*\]/);
    },
  },
  {
    name: 'DecideModal',
    description: 'Several actions decided in one modal: a choice per action, and a reason or a response beside it.',
    build: () => modalOf('decide', twoActions).view,
    read: (values) => modalOf('decide', twoActions).read(values),
    play: async (canvas, user) => {
      const modal = within(canvas.getByRole('form', { name: 'Decide' }));
      const [refund, email] = modal.getAllByRole('radiogroup');
      await user.click(within(refund!).getByRole('radio', { name: 'Approve' }));
      await user.click(within(email!).getByRole('radio', { name: 'Respond instead' }));
      await user.click(modal.getByRole('button', { name: 'Send decisions' }));
      await expect(said(canvas)).toHaveTextContent('The proxy refuses it');
      const [, note] = modal.getAllByRole('textbox', { name: 'Reason or response (optional)' });
      await user.type(note!, 'I will write to them myself.');
      await user.click(modal.getByRole('button', { name: 'Send decisions' }));
      await expect(said(canvas)).toHaveTextContent(
        /"decisions": \[\s*\{\s*"type": "approve"\s*\},\s*\{\s*"type": "respond",\s*"message": "I will write to them myself."/s,
      );
    },
  },
] as const satisfies readonly SlackSurfaceExample[];

/**
 * Each Slack message and modal of `slackChannel` as Block Kit JSON (right) beside a rendering of it
 * (left), built by the proxy's own builders. The rendering is this catalogue's, close to Slack's;
 * "Open in Slack's Block Kit Builder" shows Slack's own. Press a button, or submit a modal, to see
 * what Slack sends the proxy and what the proxy makes of it.
 */
const meta = {
  title: 'Notifications/Slack messages',
  component: BlockKitPreview,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof BlockKitPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

function surfaceStory(name: (typeof SURFACES)[number]['name']): Story {
  const example: SlackSurfaceExample = SURFACES.find((candidate) => candidate.name === name)!;
  return {
    args: {
      surface: example.build(),
      ...(example.read === undefined ? {} : { read: example.read }),
    },
    parameters: { docs: { description: { story: example.description } } },
    play: ({ canvas, userEvent }) => example.play(canvas, userEvent),
  };
}

export const ApprovalWaiting = surfaceStory('ApprovalWaiting');
export const LinkWaiting = surfaceStory('LinkWaiting');
export const FormWaiting = surfaceStory('FormWaiting');
export const SeveralActionsWaiting = surfaceStory('SeveralActionsWaiting');
export const SecretFormLinksOnly = surfaceStory('SecretFormLinksOnly');
export const AnsweredInSlack = surfaceStory('AnsweredInSlack');
export const Expired = surfaceStory('Expired');
export const Withdrawn = surfaceStory('Withdrawn');
export const RejectModal = surfaceStory('RejectModal');
export const FormModal = surfaceStory('FormModal');
export const DecideModal = surfaceStory('DecideModal');

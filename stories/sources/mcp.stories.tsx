import type { ElicitRequestFormParams, ElicitRequestURLParams } from '@modelcontextprotocol/sdk/types.js';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { HumanRequestPrompt, type HumanRequest } from '../../src';
import { fromElicitation, toElicitResult } from '../../src/adapters/mcp';
import { setNativeValue } from '../recipes/recipe-story';
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

/** What the MCP server's tool asks with `server.elicitInput(…)`: a form of MCP's primitive properties. */
const bookTable: ElicitRequestFormParams = {
  mode: 'form',
  message: 'To book your table, the restaurant needs a few details.',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 2, maxLength: 60 },
      email: { type: 'string', title: 'Email', format: 'email', description: 'The confirmation goes here.' },
      date: { type: 'string', title: 'Date', format: 'date' },
      guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 12, default: 2 },
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
            { const: 'gluten-free', title: 'Gluten-free' },
          ],
        },
      },
      reminder: { type: 'boolean', title: 'Remind me the day before', default: true },
    },
    required: ['name', 'email', 'date', 'guests'],
  },
};

/** URL mode: the server needs the person on a page of its own (here, to connect a calendar). */
const connectCalendar: ElicitRequestURLParams = {
  mode: 'url',
  message: 'Connect your calendar so the booking can be added to it.',
  url: 'https://accounts.example.com/oauth/authorize?client_id=bistro&state=c81f',
  elicitationId: 'elicit-9f2c',
};

/** The client handler's options: the JSON-RPC id of the request, and the server's name as the heading. */
const HANDLER = { id: 7, title: 'Bistro Lumière asks' };

const deadlineIn = (ms: number) => ({ request: fromElicitation(bookTable, { ...HANDLER, deadline: Date.now() + ms }) });

/**
 * MCP elicitation (`elicitation/create`, protocol revision 2025-11-25), made into a request by
 * `fromElicitation(request.params, { id: extra.requestId })` in the client's handler and answered
 * with `toElicitResult(answer)`: below each prompt, the `ElicitResult` the server receives. MCP
 * allows Decline and Cancel on every request.
 */
const meta = {
  title: 'Sources/MCP',
  component: HumanRequestPrompt,
  tags: ['autodocs'],
  args: sourceArgs(fromElicitation(bookTable, HANDLER)),
  argTypes: sourceArgTypes,
  loaders: [promptPartsLoaded],
  render: (args) => <SourceStory {...args} receive={toElicitResult} framework="the MCP server" />,
} satisfies Meta<typeof HumanRequestPrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

const RECEIVES = 'the MCP server';

/** Form mode as it arrives: each property of `requestedSchema` a field, with its title, description, default and limits. */
export const Form: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Bistro Lumière asks', level: 2 })).toBeInTheDocument();
    await expect(canvas.getByText('To book your table, the restaurant needs a few details.')).toBeVisible();
    await expect(canvas.getByRole('spinbutton', { name: /^Guests/ })).toHaveValue(2);
    await expect(canvas.getByRole('checkbox', { name: 'Remind me the day before' })).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Decline' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};

/**
 * The server's name given as the request's `requestedBy` (from `client.getServerVersion()`), not as
 * its heading: the footer, which also describes Submit, says who asks, and the inbox lists it by
 * that name. Without it, the footer names the source: "Requested by MCP server".
 */
export const RequestedByServer: Story = {
  args: sourceArgs({ ...fromElicitation(bookTable, { id: 7 }), requestedBy: 'Bistro Lumière' }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Input requested', level: 2 })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Submit' })).toHaveAccessibleDescription(
      'Requested by Bistro Lumière. Check it before you answer.',
    );
  },
};

/** Filled in and sent: the content has the schema's types (an integer, a date, an array for the multi-select, a boolean). */
export const FormAnswered: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: /^Name/ }), 'Ada Lovelace');
    await userEvent.type(canvas.getByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    setNativeValue(canvas.getByLabelText(/^Date/), '2026-06-12');
    const guests = canvas.getByRole('spinbutton', { name: /^Guests/ });
    await userEvent.clear(guests);
    await userEvent.type(guests, '4');
    await userEvent.click(within(canvas.getByRole('group', { name: 'Dietary needs' })).getByRole('checkbox', { name: 'Vegetarian' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    const content = {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      date: '2026-06-12',
      guests: 4,
      seating: 'inside',
      diet: ['vegetarian'],
      reminder: true,
    };
    await expectReceived(canvas, RECEIVES, { action: 'accept', content });
    await expectAnsweredOnce(args, { requestId: args.request.id, action: 'accept', content });
    await expect(canvas.getByRole('status')).toHaveTextContent('Answer sent.');
  },
};

/** "Decline": the person refuses to give the details; the server receives `decline`. */
export const FormDeclined: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await expectReceived(canvas, RECEIVES, { action: 'decline' });
    await expectAnsweredOnce(args, { requestId: args.request.id, action: 'decline' });
    await expect(canvas.getByRole('status')).toHaveTextContent('Declined.');
  },
};

/** "Cancel": dismissed without deciding; the server receives `cancel`. */
export const FormCancelled: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expectReceived(canvas, RECEIVES, { action: 'cancel' });
    await expectAnsweredOnce(args, { requestId: args.request.id, action: 'cancel' });
  },
};

/**
 * MCP sets no deadline; the client may (`fromElicitation(params, { deadline })`), e.g. the server's
 * request time-out. The time left shows, and is said to screen readers at 5 min, 1 min, 30 s and 10 s.
 */
export const FormWithDeadline: Story = {
  loaders: [() => deadlineIn(10 * 60_000)],
  render: (args, { loaded }) => (
    <SourceStory {...args} request={loaded.request as HumanRequest} receive={toElicitResult} framework={RECEIVES} />
  ),
  play: async ({ args, canvas }) => {
    await expect(await canvas.findByText(/^Time left: (9|10) min$/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await expect(args.onAnswer).not.toHaveBeenCalled();
  },
};

/** The deadline passed unanswered: the prompt closes with a message, and the server receives `cancel`. */
export const FormExpired: Story = {
  args: { request: fromElicitation(bookTable, { ...HANDLER, deadline: '2025-01-01T09:00:00Z' }) },
  play: async ({ args, canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This request expired.');
    await expect(canvas.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await expectReceived(canvas, RECEIVES, { action: 'cancel' });
    await expectAnsweredOnce(args, { requestId: args.request.id, action: 'cancel', expired: true });
  },
};

/**
 * URL mode: a link to the server's page (http(s) only, in a new tab), and "I have finished" once
 * the person is done there. The server's completion notification is not read: the person says so.
 */
export const UrlMode: Story = {
  args: { request: fromElicitation(connectCalendar, { title: HANDLER.title }) },
  play: async ({ args, canvas, userEvent }) => {
    const link = await canvas.findByRole('link', { name: 'Open accounts.example.com (new tab)' });
    await expect(link).toHaveAttribute('href', connectCalendar.url);
    await expect(link).toHaveAttribute('target', '_blank');
    await userEvent.click(canvas.getByRole('button', { name: 'I have finished' }));
    await expectReceived(canvas, RECEIVES, { action: 'accept' });
    await expectAnsweredOnce(args, { requestId: 'elicit-9f2c', action: 'accept' });
  },
};

/** URL mode declined: the person will not visit the page. */
export const UrlModeDeclined: Story = {
  args: { request: fromElicitation(connectCalendar, { title: HANDLER.title }) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await expectReceived(canvas, RECEIVES, { action: 'decline' });
  },
};

/**
 * A hostile server: markup in the message and the labels shows as text, and an address that is not
 * http(s) is shown as refused text, never a link.
 */
export const HostileServer: Story = {
  args: {
    request: fromElicitation(
      {
        mode: 'form',
        message: `${HOSTILE_MARKUP} Re-enter your password to continue.`,
        requestedSchema: { type: 'object', properties: { code: { type: 'string', title: `Code ${HOSTILE_MARKUP}` } } },
      },
      { id: 8 },
    ),
  },
  render: (args) => (
    <>
      <SourceStory {...args} receive={toElicitResult} framework={RECEIVES} />
      <SourceStory
        request={fromElicitation({ ...connectCalendar, url: 'javascript:alert(document.cookie)', elicitationId: 'elicit-js' })}
        onAnswer={args.onAnswer}
        receive={toElicitResult}
        framework="the MCP server (URL mode)"
      />
    </>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(`${HOSTILE_MARKUP} Re-enter your password to continue.`)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: `Code ${HOSTILE_MARKUP}` })).toBeInTheDocument();
    await expect(await canvas.findByText(/cannot be opened safely: javascript:alert/)).toBeVisible();
    await expect(canvas.queryByRole('link')).not.toBeInTheDocument();
    await expectNoInjectedElements(canvasElement);
  },
};

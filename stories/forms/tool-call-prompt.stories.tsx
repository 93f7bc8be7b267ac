import type { Meta, StoryObj } from '@storybook/react-vite';
import { useId } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import {
  formInputTool,
  ToolCallPrompt,
  type ToolCall,
  type ToolCallPromptProps,
  type ToolDefinition,
  type ToolRendererProps,
} from '../../src';
import { approvePurchaseTool } from '../../src/testing';
import { jsonSchemaValidatorLoaded } from '../support/loaded';

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
  title: 'Forms/ToolCallPrompt',
  component: ToolCallPrompt,
  tags: ['autodocs'],
  args: {
    toolCall: approvePurchaseCall,
    tools: [approvePurchaseTool()],
    onSubmit: fn<ToolCallPromptProps['onSubmit']>(),
    onInvalidParameters: fn<NonNullable<ToolCallPromptProps['onInvalidParameters']>>(),
  },
  argTypes: {
    onSubmit: { table: { category: 'Events' } },
    onInvalidParameters: { table: { category: 'Events' } },
  },
} satisfies Meta<typeof ToolCallPrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A caller-defined tool whose schema is a flat object of primitive properties gets a generated
 * form, prefilled with the agent's parameters; the answer is the object, JSON-encoded.
 */
export const FlatObjectSchema: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'approve_purchase' })).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'item' })).toHaveValue('Ergonomic office chair');
    await expect(canvas.getByText('Price including tax.')).toBeVisible();
    const amount = canvas.getByRole('spinbutton', { name: 'amount' });
    await expect(amount).toHaveValue(349);
    await userEvent.clear(amount);
    await userEvent.type(amount, '329');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).toHaveBeenCalledWith(
      JSON.stringify({
        item: 'Ergonomic office chair',
        merchant: 'Acme Furniture',
        amount: 329,
        currency: 'EUR',
        reason: 'Purchases above €200 need your approval.',
      }),
    );
  },
};

const shipTool: ToolDefinition = {
  type: 'function',
  function: {
    name: 'confirm_shipping_address',
    description: 'Ask the person to confirm or correct the address the parcel goes to.',
    parameters: {
      type: 'object',
      title: 'Confirm the shipping address',
      properties: {
        name: { type: 'string' },
        address: {
          type: 'object',
          properties: { street: { type: 'string' }, city: { type: 'string' }, postcode: { type: 'string' } },
          required: ['street', 'city'],
        },
      },
      required: ['name', 'address'],
    },
  },
};

/**
 * A schema no generated form can cover (a nested object) gets a JSON editor, prefilled with the
 * agent's parameters and checked against the schema (with ajv, loaded on demand). Each broken rule
 * is named; once fixed, the normalised JSON is sent.
 */
export const JsonEditorFallback: Story = {
  args: {
    tools: [shipTool],
    toolCall: {
      toolCallId: 'call_ship_1',
      tool: { name: 'confirm_shipping_address', parameters: { name: 'Ada Lovelace', address: { street: '12 Crescent Road' } } },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Confirm the shipping address' })).toBeInTheDocument();
    const editor = canvas.getByRole('textbox', { name: 'Answer (JSON)' });
    // The editor started loading ajv as it opened: its check waits for it, and so does the story.
    await jsonSchemaValidatorLoaded();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Please correct 1 field: Answer (JSON).');
    await waitFor(() => expect(document.activeElement).toBe(editor));
    await expect(editor).toHaveAccessibleDescription('"address" must have required property \'city\'');
    await expect(args.onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(editor);
    await userEvent.type(editor, '{{"name": "Ada Lovelace", "address": {{"street": "12 Crescent Road", "city": "London"}}');
    await waitFor(() => expect(editor).not.toHaveAttribute('aria-invalid'));
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('{"name":"Ada Lovelace","address":{"street":"12 Crescent Road","city":"London"}}');
  },
};

/** A tool the prompt has no schema for (not in `tools`): a JSON editor that checks JSON syntax only, and says so. */
export const JsonEditorWithoutSchema: Story = {
  args: {
    tools: [],
    toolCall: { toolCallId: 'call_pick_1', tool: { name: 'pick_seats', parameters: { flight: 'NW 204', seats: ['14A', '14B'] } } },
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('No schema is known for this tool, so only JSON syntax is checked.')).toBeVisible();
    const editor = canvas.getByRole('textbox', { name: 'Answer (JSON)' });
    await userEvent.type(editor, ',');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(editor).toHaveAccessibleDescription(expect.stringMatching(/^Must be valid JSON: /));
    await userEvent.type(editor, '{Backspace}');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('{"flight":"NW 204","seats":["14A","14B"]}');
  },
};

/** A custom renderer for `approve_purchase`: a card with the amount and two buttons, answering `{"approved": …}`. */
function ApprovePurchaseCard({ toolCall, submit, disabled }: ToolRendererProps) {
  const headingId = useId();
  const { item, merchant, amount, currency, reason } = toolCall.tool.parameters;
  const price =
    typeof amount === 'number' && typeof currency === 'string'
      ? new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount)
      : 'an unknown amount';
  return (
    <section aria-labelledby={headingId} style={{ display: 'grid', gap: '0.5rem', maxWidth: '28rem', fontFamily: 'system-ui, sans-serif' }}>
      <h2 id={headingId} style={{ margin: 0, fontSize: '1.25rem' }}>
        Approve this purchase?
      </h2>
      <p style={{ margin: 0 }}>
        <bdi>{String(item)}</bdi> from <bdi>{String(merchant)}</bdi> for <strong>{price}</strong>
      </p>
      {typeof reason === 'string' ? <p style={{ margin: 0, color: '#57606a' }}>{reason}</p> : null}
      <div style={{ display: 'flex', gap: '0.5rem' }}>
        <button
          type="button"
          className="hitl-button hitl-button-primary"
          disabled={disabled}
          onClick={() => void submit(JSON.stringify({ approved: true }))}
        >
          Approve
        </button>
        <button
          type="button"
          className="hitl-button"
          disabled={disabled}
          onClick={() => void submit(JSON.stringify({ approved: false, note: 'Too expensive' }))}
        >
          Decline
        </button>
      </div>
    </section>
  );
}

/** `renderers` picks a component by tool name; it gets the call, the tool's schema, `submit` and `disabled`. */
export const CustomRenderer: Story = {
  args: { renderers: { approve_purchase: ApprovePurchaseCard } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('region', { name: 'Approve this purchase?' })).toHaveTextContent(
      'Ergonomic office chair from Acme Furniture for €349.00',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('{"approved":true}');
  },
};

/** A `form_input` call is a `<ToolCallForm>`, answering with the encoded `{ label, value }` list. */
export const FormInputCall: Story = {
  args: {
    tools: [formInputTool()],
    toolCall: {
      toolCallId: 'call_login_1',
      tool: {
        name: 'form_input',
        parameters: {
          heading: 'Sign in to Acme Shop',
          fields: [
            { type: 'text', label: 'Username', required: true, defaultValue: 'ada' },
            { type: 'password', label: 'Password', required: true },
          ],
          submitButton: { label: 'Sign in' },
        },
      },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Password'), 'correct horse');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('[{"label":"Username","value":"ada"},{"label":"Password","value":"correct horse"}]');
  },
};

import '../radix-shims';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToolCallPrompt, type ToolRendererProps } from '../../../src/components/tool-call-prompt';
import type { ToolCall, ToolDefinition } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import { expectNoAxeViolations } from '../axe';

const call = (name: string, parameters: Record<string, unknown>, toolCallId = 'call-1'): ToolCall => ({
  toolCallId,
  tool: { name, parameters },
});
const tool = (name: string, parameters: Record<string, unknown>): ToolDefinition => ({ type: 'function', function: { name, parameters } });

const bookingSchema = {
  type: 'object',
  title: 'Confirm the booking',
  description: 'The agent found this flight.',
  properties: {
    passenger: { type: 'string', title: 'Passenger name', description: 'As in the passport.', minLength: 2 },
    seats: { type: 'integer', minimum: 1, maximum: 9 },
    price: { type: 'number' },
    cabin: { enum: ['economy', 'business', 1] },
    email: { type: 'string', format: 'email' },
    insurance: { type: 'boolean', title: 'Add insurance' },
    note: { type: 'string' },
  },
  required: ['passenger', 'seats', 'insurance'],
};

const addressSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  required: ['name', 'address'],
};

function renderPrompt(toolCall: ToolCall, props: Partial<Parameters<typeof ToolCallPrompt>[0]> = {}) {
  const user = userEvent.setup();
  const onSubmit = vi.fn<(input: string) => void>();
  const utils = render(<ToolCallPrompt toolCall={toolCall} onSubmit={onSubmit} {...props} />);
  return { ...utils, user, onSubmit };
}

describe('form_input', () => {
  it('renders ToolCallForm and submits the encoded answer', async () => {
    const prompt = renderPrompt(call('form_input', { heading: 'Log in', fields: [{ type: 'text', label: 'User', defaultValue: 'ann' }] }), {
      tools: [formInputTool()],
    });
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    await prompt.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(prompt.onSubmit).toHaveBeenCalledWith('[{"label":"User","value":"ann"}]');
  });

  it('passes onInvalidParameters and the policies through', () => {
    const onInvalidParameters = vi.fn();
    renderPrompt(call('form_input', { fields: 'nope' }), { onInvalidParameters });
    expect(screen.getByRole('alert')).toHaveTextContent('"fields" must be an array');
    expect(onInvalidParameters).toHaveBeenCalledTimes(1);
  });
});

describe('a flat object schema: a generated form', () => {
  const bookingCall = call('confirm_booking', { passenger: 'Ann Lee', seats: 2, cabin: 'business', insurance: true, unknown: 'x' });

  it('labels by title or property name, shows descriptions, honours required, prefills the agent’s values', () => {
    renderPrompt(bookingCall, { tools: [tool('confirm_booking', bookingSchema)] });
    expect(screen.getByRole('heading', { name: 'Confirm the booking' })).toBeInTheDocument();
    expect(screen.getByText('The agent found this flight.')).toBeInTheDocument();
    const passenger = screen.getByRole('textbox', { name: 'Passenger name' });
    expect(passenger).toHaveValue('Ann Lee');
    expect(passenger).toBeRequired();
    expect(passenger).toHaveAttribute('minlength', '2');
    expect(screen.getByText('As in the passport.')).toBeInTheDocument();
    const seats = screen.getByRole('spinbutton', { name: 'seats' });
    expect(seats).toHaveValue(2);
    expect(seats).toHaveAttribute('step', '1');
    expect(seats).toHaveAttribute('max', '9');
    expect(screen.getByRole('combobox', { name: 'cabin' })).toHaveTextContent('business');
    expect(screen.getByRole('textbox', { name: 'email' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('checkbox', { name: 'Add insurance' })).toBeChecked();
    // A required boolean asks for the property, not for true.
    expect(screen.getByRole('checkbox', { name: 'Add insurance' })).not.toBeRequired();
  });

  it('answers with the object as JSON, leaving out empty optional values', async () => {
    const prompt = renderPrompt(bookingCall, { tools: [tool('confirm_booking', bookingSchema)] });
    await prompt.user.clear(screen.getByRole('spinbutton', { name: 'seats' }));
    await prompt.user.type(screen.getByRole('spinbutton', { name: 'seats' }), '3');
    await prompt.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(prompt.onSubmit).toHaveBeenCalledTimes(1);
    expect(JSON.parse(prompt.onSubmit.mock.calls[0]![0])).toEqual({ passenger: 'Ann Lee', seats: 3, cabin: 'business', insurance: true });
  });

  it('validates like ToolCallForm: integer step, minimum, required', async () => {
    const prompt = renderPrompt(call('confirm_booking', {}), { tools: [tool('confirm_booking', bookingSchema)] });
    await prompt.user.type(screen.getByRole('spinbutton', { name: 'seats' }), '1.5');
    await prompt.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(prompt.onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Passenger name' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 2 fields: Passenger name, seats.');
    expect(screen.getByRole('spinbutton', { name: 'seats' })).toHaveAccessibleDescription('Must be a valid value, such as 1 or 2');
  });

  it('a format named like an Object.prototype member is an unknown format: a text field', () => {
    renderPrompt(call('lookup', {}), {
      tools: [tool('lookup', { type: 'object', properties: { code: { type: 'string', format: 'constructor' } } })],
    });
    expect(screen.getByRole('textbox', { name: 'code' })).toHaveAttribute('type', 'text');
  });

  it('a pattern that is not a regular expression is ignored with a note, as in ToolCallForm', async () => {
    const prompt = renderPrompt(call('lookup', {}), {
      tools: [tool('lookup', { type: 'object', properties: { code: { type: 'string', pattern: 'a)(b' } } })],
    });
    expect(screen.getByText('The requested format cannot be checked here, so any text is accepted.')).toBeInTheDocument();
    await prompt.user.type(screen.getByRole('textbox', { name: 'code' }), 'xyz');
    await prompt.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(prompt.onSubmit).toHaveBeenCalledWith('{"code":"xyz"}');
  });

  it('a numeric enum value stays a number', async () => {
    const prompt = renderPrompt(call('confirm_booking', { passenger: 'Bo', seats: 1, cabin: 1 }), {
      tools: [tool('confirm_booking', bookingSchema)],
    });
    await prompt.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(JSON.parse(prompt.onSubmit.mock.calls[0]![0])).toMatchObject({ cabin: 1 });
  });
});

describe('anything else: a JSON editor', () => {
  it('is a labelled textarea prefilled with the parameters, pretty-printed', () => {
    renderPrompt(call('ship', { name: 'Ann', address: { city: 'Oslo' } }), { tools: [tool('ship', addressSchema)] });
    const editor = screen.getByRole('textbox', { name: 'Answer (JSON)' });
    expect(editor).toHaveValue('{\n  "name": "Ann",\n  "address": {\n    "city": "Oslo"\n  }\n}');
    expect(screen.getByRole('heading', { name: 'ship' })).toBeInTheDocument();
  });

  it('answers with the JSON normalised', async () => {
    const prompt = renderPrompt(call('ship', { name: 'Ann', address: { city: 'Oslo' } }), { tools: [tool('ship', addressSchema)] });
    await prompt.user.click(screen.getByRole('button', { name: 'Submit' }));
    // The editor checks asynchronously (ajv's compiler loads on first use).
    await vi.waitFor(() => expect(prompt.onSubmit).toHaveBeenCalledWith('{"name":"Ann","address":{"city":"Oslo"}}'));
  });

  it('refuses text that is not JSON, with the same error contract as a form field', async () => {
    const prompt = renderPrompt(call('ship', { name: 'Ann' }), { tools: [tool('ship', addressSchema)] });
    const editor = screen.getByRole('textbox', { name: 'Answer (JSON)' });
    await prompt.user.clear(editor);
    await prompt.user.type(editor, '{{"name": ');
    await prompt.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct 1 field: Answer (JSON).');
    expect(editor).toHaveFocus();
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(editor).toHaveAccessibleDescription(expect.stringMatching(/^Must be valid JSON: /) as string);
    expect(prompt.onSubmit).not.toHaveBeenCalled();
  });

  it('refuses JSON that breaks the tool’s schema, listing each problem, and clears once fixed', async () => {
    const prompt = renderPrompt(call('ship', { name: 'Ann', address: {} }), { tools: [tool('ship', addressSchema)] });
    const editor = screen.getByRole('textbox', { name: 'Answer (JSON)' });
    await prompt.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(editor).toHaveAccessibleDescription('"address" must have required property \'city\'');
    await prompt.user.clear(editor);
    await prompt.user.type(editor, '{{"name": "Ann", "address": {{"city": "Oslo"}}');
    await vi.waitFor(() => expect(editor).not.toHaveAttribute('aria-invalid'));
    await prompt.user.click(screen.getByRole('button', { name: 'Submit' }));
    // The editor checks asynchronously (ajv's compiler loads on first use).
    await vi.waitFor(() => expect(prompt.onSubmit).toHaveBeenCalledWith('{"name":"Ann","address":{"city":"Oslo"}}'));
  });

  it.each([
    ['an array property', { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } }],
    ['a keyword a form cannot enforce', { type: 'object', properties: { n: { type: 'number', exclusiveMinimum: 0 } } }],
    ['a combinator', { type: 'object', properties: { a: { type: 'string' } }, oneOf: [{ required: ['a'] }] }],
    ['no properties', { type: 'object' }],
    ['an enum of booleans', { type: 'object', properties: { ok: { enum: [true, false] } } }],
  ])('is used for a schema with %s', (_what, schema) => {
    renderPrompt(call('tool', {}), { tools: [tool('tool', schema)] });
    expect(screen.getByRole('textbox', { name: 'Answer (JSON)' })).toBeInTheDocument();
  });

  it('checks against a schema that names a newer draft in $schema', async () => {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...addressSchema };
    const prompt = renderPrompt(call('ship', { name: 'Ann' }), { tools: [tool('ship', schema)] });
    await prompt.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Answer (JSON)' })).toHaveAccessibleDescription(
      "The answer must have required property 'address'",
    );
  });

  it('without a known schema, only JSON syntax is checked, and a note says so', async () => {
    const prompt = renderPrompt(call('mystery', { anything: [1, 2] }));
    expect(screen.getByText('No schema is known for this tool, so only JSON syntax is checked.')).toBeInTheDocument();
    await prompt.user.click(screen.getByRole('button', { name: 'Submit' }));
    // The editor checks asynchronously (ajv's compiler loads on first use).
    await vi.waitFor(() => expect(prompt.onSubmit).toHaveBeenCalledWith('{"anything":[1,2]}'));
  });
});

describe('custom renderers', () => {
  function Approve({ toolCall, schema, submit, disabled }: ToolRendererProps) {
    return (
      <button
        type="button"
        disabled={disabled}
        onClick={() => void submit(`approved ${String(toolCall.tool.parameters.amount)} ${schema ? 'with schema' : ''}`)}
      >
        Approve
      </button>
    );
  }

  it('take precedence, get the call, the schema, submit and disabled', async () => {
    const prompt = renderPrompt(call('form_input', { amount: 5 }), { renderers: { form_input: Approve }, tools: [formInputTool()] });
    await prompt.user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(prompt.onSubmit).toHaveBeenCalledWith('approved 5 with schema');
    prompt.rerender(
      <ToolCallPrompt
        toolCall={call('form_input', { amount: 5 })}
        onSubmit={prompt.onSubmit}
        renderers={{ form_input: Approve }}
        disabled
      />,
    );
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
  });

  it('are looked up by own name only ("constructor" is not Object’s)', () => {
    renderPrompt(call('constructor', { a: 1 }), { renderers: {} });
    expect(screen.getByRole('textbox', { name: 'Answer (JSON)' })).toBeInTheDocument();
  });
});

describe('what the person typed', () => {
  it.each([
    ['form_input', call('form_input', { fields: [{ type: 'text', label: 'Code' }] }), [] as ToolDefinition[], 'Code'],
    ['a generated form', call('confirm_booking', {}), [tool('confirm_booking', bookingSchema)], 'Passenger name'],
    ['the JSON editor', call('mystery', {}), [] as ToolDefinition[], 'Answer (JSON)'],
  ])('%s: survives a new toolCall object with the same id; a new id starts afresh', async (_path, toolCall, tools, label) => {
    const prompt = renderPrompt(toolCall, { tools });
    const field = () => screen.getByRole('textbox', { name: label });
    await prompt.user.clear(field());
    await prompt.user.type(field(), 'typed');
    prompt.rerender(<ToolCallPrompt toolCall={structuredClone(toolCall)} onSubmit={prompt.onSubmit} tools={tools} />);
    expect(field()).toHaveValue('typed');
    prompt.rerender(
      <ToolCallPrompt toolCall={{ ...structuredClone(toolCall), toolCallId: 'call-2' }} onSubmit={prompt.onSubmit} tools={tools} />,
    );
    expect(field()).not.toHaveValue('typed');
  });

  it('disabled keeps it and blocks the answer', async () => {
    const toolCall = call('mystery', {});
    const prompt = renderPrompt(toolCall);
    await prompt.user.clear(screen.getByRole('textbox', { name: 'Answer (JSON)' }));
    await prompt.user.type(screen.getByRole('textbox', { name: 'Answer (JSON)' }), '[[1]');
    prompt.rerender(<ToolCallPrompt toolCall={toolCall} onSubmit={prompt.onSubmit} disabled />);
    expect(screen.getByRole('textbox', { name: 'Answer (JSON)' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Answer (JSON)' })).toHaveValue('[1]');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });
});

describe('axe', () => {
  it.each([
    ['form_input', call('form_input', { heading: 'H', fields: [{ type: 'text', label: 'A' }] }), []],
    ['a generated form', call('confirm_booking', {}), [tool('confirm_booking', bookingSchema)]],
    ['the JSON editor', call('ship', {}), [tool('ship', addressSchema)]],
  ])('%s, before and after a refused submit', async (path, toolCall, tools) => {
    const prompt = renderPrompt(toolCall, { tools });
    // The JSON editor loads ajv in the background; let that finish inside act.
    await act(() => vi.dynamicImportSettled());
    await expectNoAxeViolations(prompt.container);
    const editor = screen.queryByRole('textbox', { name: 'Answer (JSON)' });
    if (editor) await prompt.user.clear(editor);
    await prompt.user.click(screen.getByRole('button', { name: 'Submit' }));
    if (path !== 'form_input') expect(await screen.findByRole('alert')).toBeInTheDocument();
    await expectNoAxeViolations(prompt.container);
    expect(within(prompt.container).getAllByRole('button').length).toBeGreaterThan(0);
  });
});

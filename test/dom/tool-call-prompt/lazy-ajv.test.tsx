import '../radix-shims';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToolCallPrompt } from '../../../src/components/tool-call-prompt';
import type { ToolCall, ToolDefinition } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import type * as AjvModule from 'ajv';

/** Counts how often the ajv module is loaded; the real module is used. */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('ajv', async (importOriginal) => {
  loads.count += 1;
  const actual = await importOriginal<typeof AjvModule>();
  return { default: actual.default };
});

const call = (name: string, parameters: Record<string, unknown>): ToolCall => ({ toolCallId: `${name}-1`, tool: { name, parameters } });
const tools: ToolDefinition[] = [
  formInputTool(),
  { type: 'function', function: { name: 'rate', parameters: { type: 'object', properties: { stars: { type: 'integer' } } } } },
  {
    type: 'function',
    function: { name: 'ship', parameters: { type: 'object', properties: { to: { type: 'object' } }, required: ['to'] } },
  },
];

// One file, in order: a module once loaded stays loaded.
describe('ajv compiler is loaded only when a JSON editor with a schema needs it', () => {
  it('not for form_input, nor for a generated form, nor for an editor without a schema', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { rerender } = render(
      <ToolCallPrompt toolCall={call('form_input', { fields: [{ type: 'text', label: 'A' }] })} onSubmit={onSubmit} tools={tools} />,
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    rerender(<ToolCallPrompt toolCall={call('rate', { stars: 4 })} onSubmit={onSubmit} tools={tools} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    rerender(<ToolCallPrompt toolCall={call('unknown', { a: 1 })} onSubmit={onSubmit} tools={tools} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit.mock.calls).toEqual([['[{"label":"A","value":""}]'], ['{"stars":4}'], ['{"a":1}']]);
    expect(loads.count).toBe(0);
  });

  it('loaded, once, when such a tool call appears', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ToolCallPrompt toolCall={call('ship', {})} onSubmit={onSubmit} tools={tools} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Answer (JSON)' })).toHaveAccessibleDescription(
      "The answer must have required property 'to'",
    );
    expect(loads.count).toBe(1);
  });
});

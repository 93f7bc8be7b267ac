import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToolCallPrompt } from '../../../src/components/tool-call-prompt';
import type { ToolDefinition } from '../../../src/client';
import { expectNoAxeViolations } from '../axe';

// What ajv's compile does on a page whose Content-Security-Policy forbids unsafe-eval.
vi.mock('ajv', () => ({
  default: class {
    compile(): never {
      throw new EvalError('Code generation from strings disallowed for this context');
    }
  },
}));

const tools: ToolDefinition[] = [
  {
    type: 'function',
    function: { name: 'ship', parameters: { type: 'object', properties: { to: { type: 'object' } }, required: ['to'] } },
  },
];

describe('under a CSP without unsafe-eval', () => {
  it('the JSON editor falls back to syntax checking, with a visible note', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { container } = render(
      <ToolCallPrompt toolCall={{ toolCallId: 'c1', tool: { name: 'ship', parameters: {} } }} onSubmit={onSubmit} tools={tools} />,
    );
    expect(
      await screen.findByText(
        "This page's security policy does not allow checking the answer against the tool's schema, so only JSON syntax is checked.",
      ),
    ).toBeInTheDocument();
    const editor = screen.getByRole('textbox', { name: 'Answer (JSON)' });
    await user.clear(editor);
    await user.type(editor, 'not json');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
    // Valid JSON goes through, although it misses the schema's required "to": nothing can check that here.
    await user.clear(editor);
    await user.type(editor, '{{}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('{}'));
  });
});

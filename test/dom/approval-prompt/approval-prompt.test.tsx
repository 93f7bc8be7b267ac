import '../radix-shims';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ToolCall } from '../../../src/client';
import { ApprovalPrompt, type ApprovalPromptProps } from '../../../src/components/approval-prompt';
import { MessagesProvider } from '../../../src/context';
import { approvePurchaseTool } from '../../../src/testing';
import { expectNoAxeViolations } from '../axe';

const purchase: ToolCall = {
  toolCallId: 'call-1',
  tool: {
    name: 'approve_purchase',
    parameters: { item: 'Ergonomic office chair', merchant: 'Acme Furniture', amount: 349, currency: 'EUR' },
  },
};
const purchaseSchema = approvePurchaseTool().function.parameters;

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function renderPrompt(props: Partial<ApprovalPromptProps> = {}) {
  const user = userEvent.setup();
  const submit = vi.fn<(input: string) => void | Promise<void>>();
  const utils = render(<ApprovalPrompt toolCall={purchase} schema={purchaseSchema} submit={submit} {...props} />);
  const region = () => screen.getByRole('region', { name: 'Approve approve_purchase?' });
  return { ...utils, user, submit, region };
}

describe('sending exactly one answer', () => {
  it('a double click on Approve sends once; while the promise is pending the buttons are busy', async () => {
    const pending = deferred();
    const { user, submit, region } = renderPrompt();
    submit.mockReturnValue(pending.promise);
    const approve = screen.getByRole('button', { name: 'Approve' });

    await user.dblClick(approve);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith('{"approved":true}');
    expect(region()).toHaveAttribute('aria-busy', 'true');
    expect(region()).toHaveAttribute('data-state', 'submitting');
    for (const button of within(region()).getAllByRole('button')) expect(button).toHaveAttribute('aria-disabled', 'true');
    // Focus stays on the pressed button: it is aria-disabled, not disabled.
    expect(approve).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await act(async () => {
      pending.resolve();
      await pending.promise;
    });
    expect(await screen.findByRole('region', { name: 'Approve approve_purchase?' })).toHaveAttribute('data-state', 'submitted');
    await user.click(approve);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('after the promise rejects, the person can decide again', async () => {
    const failed = deferred();
    const { user, submit, region } = renderPrompt();
    submit.mockReturnValueOnce(failed.promise).mockResolvedValueOnce(undefined);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for rejecting (optional)' }), 'No');
    await user.click(screen.getByRole('button', { name: 'Send rejection' }));
    await act(async () => {
      failed.reject(new Error('offline'));
      await failed.promise.catch(() => undefined);
    });

    // Back on the step the person was on, with the reason kept.
    expect(await screen.findByRole('button', { name: 'Send rejection' })).not.toHaveAttribute('aria-disabled');
    expect(region()).toHaveAttribute('data-state', 'rejecting');
    expect(screen.getByRole('textbox', { name: 'Reason for rejecting (optional)' })).toHaveValue('No');
    await user.dblClick(screen.getByRole('button', { name: 'Send rejection' }));
    expect(submit.mock.calls).toEqual([['{"approved":false,"reason":"No"}'], ['{"approved":false,"reason":"No"}']]);
  });

  it('two clicks before React re-renders still send once', () => {
    const { submit } = renderPrompt();
    submit.mockReturnValue(new Promise<void>(() => undefined));
    const approve = screen.getByRole('button', { name: 'Approve' });
    act(() => {
      approve.click();
      approve.click();
    });
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('a rejection without a reason leaves `reason` out; a synchronous submit is final', async () => {
    const { user, submit, region } = renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for rejecting (optional)' }), '   ');
    await user.dblClick(screen.getByRole('button', { name: 'Send rejection' }));
    expect(submit.mock.calls).toEqual([['{"approved":false}']]);
    expect(region()).toHaveAttribute('data-state', 'submitted');
  });

  it('sends nothing while disabled', async () => {
    const { user, submit, region } = renderPrompt({ disabled: true });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(submit).not.toHaveBeenCalled();
    expect(region()).toHaveAttribute('data-state', 'deciding');
    expect(region()).toHaveAttribute('data-disabled', '');
  });
});

describe('the JSON editor, for a schema no form covers', () => {
  const shipCall: ToolCall = {
    toolCallId: 'call-ship',
    tool: { name: 'confirm_address', parameters: { name: 'Ada', address: { street: '12 Crescent Road' } } },
  };
  const shipSchema = {
    type: 'object',
    title: 'Ship to this address?',
    properties: {
      name: { type: 'string', title: 'Name' },
      address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } }, required: ['street', 'city'] },
    },
    required: ['name', 'address'],
  };

  it('shows and announces a schema error, sends nothing, then sends the fix once', async () => {
    const { user, submit, container } = renderPrompt({ toolCall: shipCall, schema: shipSchema });
    const region = screen.getByRole('region', { name: 'Ship to this address?' });
    // Nested values are pretty-printed JSON text.
    expect(within(region).getAllByRole('definition')[1]?.querySelector('pre')).toHaveTextContent('"street": "12 Crescent Road"');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Arguments (JSON)' });
    expect(editor).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Approve with changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct 1 field: Arguments (JSON).');
    expect(editor).toHaveAccessibleDescription('"address" must have required property \'city\'');
    expect(editor).toHaveFocus();
    expect(submit).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);

    await user.clear(editor);
    await user.type(editor, '{{"name": "Ada", "address": {{"street": "12 Crescent Road", "city": "London"}}');
    await user.dblClick(screen.getByRole('button', { name: 'Approve with changes' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls).toEqual([
      ['{"approved":true,"arguments":{"name":"Ada","address":{"street":"12 Crescent Road","city":"London"}}}'],
    ]);
  });

  it('without a schema checks JSON syntax only, and says so', async () => {
    const { user, submit } = renderPrompt({ toolCall: shipCall, schema: undefined });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Arguments (JSON)' });
    expect(screen.getByText('No schema is known for this tool, so only JSON syntax is checked.')).toBeInTheDocument();
    await user.type(editor, ',');
    await user.click(screen.getByRole('button', { name: 'Approve with changes' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(editor).toHaveAccessibleDescription(/^Must be valid JSON: .*No schema is known/);
    expect(submit).not.toHaveBeenCalled();
    await user.type(editor, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Approve with changes' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit).toHaveBeenCalledWith('{"approved":true,"arguments":{"name":"Ada","address":{"street":"12 Crescent Road"}}}');
  });
});

describe('configuration', () => {
  it('a custom answer receives the decision and the call; messages and headingLevel apply', async () => {
    const answer = vi.fn((decision: { approved: boolean }, call: ToolCall) => `${call.toolCallId}:${decision.approved ? 'yes' : 'no'}`);
    const { user, submit } = renderPrompt({
      answer,
      headingLevel: 4,
      editable: false,
      messages: { heading: () => 'Approve this purchase?', argumentName: ({ name }) => name.toUpperCase(), approve: () => 'Buy it' },
    });
    expect(screen.getByRole('heading', { name: 'Approve this purchase?', level: 4 })).toBeInTheDocument();
    expect(screen.getAllByRole('term')[0]).toHaveTextContent('ITEM');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy it' }));
    expect(answer).toHaveBeenCalledWith({ type: 'approve', approved: true }, purchase);
    expect(submit).toHaveBeenCalledWith('call-1:yes');
  });

  it('reads the approval group of <MessagesProvider>, under its own messages', () => {
    render(
      <MessagesProvider messages={{ approval: { approve: () => 'Genehmigen', reject: () => 'Ablehnen' } }}>
        <ApprovalPrompt toolCall={purchase} submit={() => undefined} messages={{ reject: () => 'Nein' }} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('button', { name: 'Genehmigen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nein' })).toBeInTheDocument();
  });

  it('uses the schema’s titles for the heading and the argument names', () => {
    const schema = { type: 'object', title: 'Pay the invoice?', properties: { total: { type: 'number', title: 'Total due' } } };
    render(
      <ApprovalPrompt toolCall={{ toolCallId: 'c', tool: { name: 'pay', parameters: { total: 12 } } }} schema={schema} submit={vi.fn()} />,
    );
    expect(screen.getByRole('heading', { name: 'Pay the invoice?' })).toBeInTheDocument();
    expect(screen.getByRole('term')).toHaveTextContent('Total due');
  });
});

describe('untrusted arguments', () => {
  it('are text in <bdi>, never HTML; odd keys and shapes do not break the list', () => {
    const hostile: ToolCall = {
      toolCallId: 'call-x',
      tool: {
        name: 'approve_purchase',
        parameters: JSON.parse(
          '{"<b>key</b>": "<img src=x onerror=alert(1)>", "constructor": "c", "__proto__": {"polluted": true}, "list": [1, "\\u202Eevil"], "none": null}',
        ) as Record<string, unknown>,
      },
    };
    const { container } = render(<ApprovalPrompt toolCall={hostile} submit={vi.fn()} />);
    expect(container.querySelector('img, b')).toBeNull();
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['<b>key</b>', 'constructor', '__proto__', 'list', 'none']);
    const values = screen.getAllByRole('definition');
    expect(values[0]).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(values[2]?.querySelector('pre')).toHaveTextContent('"polluted": true');
    expect(values[4]).toHaveTextContent('null');
    for (const cell of [...screen.getAllByRole('term'), ...values]) expect(cell.querySelector('bdi')).not.toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a call without arguments says so', () => {
    render(<ApprovalPrompt toolCall={{ toolCallId: 'c', tool: { name: 'go', parameters: {} } }} submit={vi.fn()} />);
    expect(screen.getByText('No arguments.')).toBeInTheDocument();
  });
});

describe('accessibility', () => {
  it('is axe clean while deciding, rejecting and editing with an error', async () => {
    const { user, container } = renderPrompt();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'item' }));
    await user.click(screen.getByRole('button', { name: 'Approve with changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 1 field: item.');
    await expectNoAxeViolations(container);
  });

  it('the agent notice describes the buttons that send', () => {
    renderPrompt();
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveAccessibleDescription(
      'Requested by the automation agent. Check it before you answer.',
    );
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { ToolCallForm } from '../../../src/components/tool-call-form';
import type { FormAnswer } from '../../../src/schema';
import { renderForm } from './render-form';

const params = {
  heading: 'Sign in',
  description: 'The site asks for your login.',
  fields: [
    { type: 'email', label: 'Email', required: true },
    { type: 'switch', label: 'Remember me' },
  ],
  submitButton: { label: 'Send' },
};

describe('structure', () => {
  it('a form named by its heading, with the description and the agent’s button label', () => {
    renderForm(params);
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('The site asks for your login.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
    expect(form).toHaveAttribute('data-state', 'idle');
  });

  it('headingLevel picks the heading element', () => {
    renderForm(params, { headingLevel: 4 });
    expect(screen.getByRole('heading', { level: 4, name: 'Sign in' })).toBeInTheDocument();
  });

  it('"Submit" when the agent gives no button label', () => {
    renderForm({ fields: [], submitButton: { label: '  ' } });
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('id, ref, className and data-* reach the <form>; ids of two forms never clash', () => {
    const ref = createRef<HTMLFormElement>();
    render(
      <>
        <ToolCallForm parameters={params} id="login" ref={ref} className="mine" data-testid="f" data-state="ignored" />
        <ToolCallForm parameters={params} />
      </>,
    );
    const form = screen.getByTestId('f');
    expect(ref.current).toBe(form);
    expect(form).toHaveAttribute('id', 'login');
    expect(form).toHaveClass('hitl-form', 'mine');
    expect(form).toHaveAttribute('data-state', 'idle');
    const ids = Array.from(document.querySelectorAll('[id]'), (element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('disabled', () => {
  it('disables every field and the button, keeps values, and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { rerender } = render(<ToolCallForm parameters={params} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
    rerender(<ToolCallForm parameters={params} onSubmit={onSubmit} disabled />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Remember me' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('form')).toHaveAttribute('data-disabled');
    rerender(<ToolCallForm parameters={params} onSubmit={onSubmit} />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.com');
  });
});

describe('submitting', () => {
  it('while onSubmit’s promise is pending, the form is submitting and ignores another submit', async () => {
    const user = userEvent.setup();
    let resolve!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    render(<ToolCallForm parameters={{ fields: [] }} onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Submit' });
    await user.click(button);
    expect(document.querySelector('form')).toHaveAttribute('data-state', 'submitting');
    expect(document.querySelector('form')).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(() => {
      resolve();
      return Promise.resolve();
    });
    expect(document.querySelector('form')).toHaveAttribute('data-state', 'submitted');
  });

  it('a rejected promise returns the form to editing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.reject(new Error('offline')));
    render(<ToolCallForm parameters={{ fields: [] }} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(document.querySelector('form')).toHaveAttribute('data-state', 'idle');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});

describe('one answer per call', () => {
  it('a sent answer is final: more clicks and Enter in a field send nothing; the button says so, the fields are read-only', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ToolCallForm parameters={params} onSubmit={onSubmit} />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'ann@example.com');
    const button = screen.getByRole('button', { name: 'Send' });
    await user.click(button);
    expect(screen.getByRole('form')).toHaveAttribute('data-state', 'submitted');
    // As <RunViewer>'s: focus goes to the note, so a screen reader says it.
    expect(screen.getByText('Sent')).toHaveFocus();
    // Focusable still, so a click on it never drops the focus on the page.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    await user.click(button);
    await user.click(button);
    await user.type(email, '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(email).toHaveAttribute('readonly');
    await user.type(email, 'x');
    expect(email).toHaveValue('ann@example.com');
    const remember = screen.getByRole('switch', { name: 'Remember me' });
    expect(remember).toHaveAttribute('aria-readonly', 'true');
    await user.click(remember);
    expect(remember).not.toBeChecked();
  });

  it('a rejected send keeps the typed answer and may be tried again; the accepted one is final', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<() => Promise<void>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    render(<ToolCallForm parameters={params} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('form')).toHaveAttribute('data-state', 'idle');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.com');
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('readonly');
    expect(screen.queryByText('Sent')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('form')).toHaveAttribute('data-state', 'submitted');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('a new toolCallId (the agent asked again) starts afresh; a poll’s copy of the parameters does not', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { rerender } = render(<ToolCallForm toolCallId="call-1" parameters={params} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    rerender(<ToolCallForm toolCallId="call-1" parameters={structuredClone(params)} onSubmit={onSubmit} />);
    expect(screen.getByRole('form')).toHaveAttribute('data-state', 'submitted');
    rerender(<ToolCallForm toolCallId="call-2" parameters={structuredClone(params)} onSubmit={onSubmit} />);
    expect(screen.getByRole('form')).toHaveAttribute('data-state', 'idle');
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue('');
    await user.type(email, 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onSubmit).toHaveBeenLastCalledWith(
      [
        { label: 'Email', value: 'bob@example.com' },
        { label: 'Remember me', value: false },
      ],
      expect.any(String),
    );
  });

  it('allowResubmit keeps the form open for another answer', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ToolCallForm parameters={params} onSubmit={onSubmit} allowResubmit />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('form')).toHaveAttribute('data-state', 'submitted');
    expect(email).not.toHaveAttribute('readonly');
    await user.type(email, '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});

describe('drafts', () => {
  it('onValuesChange observes every change with the whole answer', async () => {
    const onValuesChange = vi.fn<(answer: FormAnswer) => void>();
    const form = renderForm(params, { onValuesChange });
    await form.user.type(screen.getByRole('textbox', { name: 'Email' }), 'an');
    await form.user.click(screen.getByRole('switch', { name: 'Remember me' }));
    expect(onValuesChange).toHaveBeenCalledTimes(3);
    expect(onValuesChange).toHaveBeenLastCalledWith([
      { label: 'Email', value: 'an' },
      { label: 'Remember me', value: true },
    ]);
  });

  it('defaultValues restores a draft by position; an entry whose label differs is ignored', async () => {
    const form = renderForm(params, {
      defaultValues: [
        { label: 'Email', value: 'ann@example.com' },
        { label: 'Something else', value: true },
      ],
    });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.com');
    expect(screen.getByRole('switch', { name: 'Remember me' })).not.toBeChecked();
    expect(await form.submitAnswer()).toEqual([
      { label: 'Email', value: 'ann@example.com' },
      { label: 'Remember me', value: false },
    ]);
  });
});

describe('new parameters', () => {
  it('a new object with the same content (a poll) keeps what the person typed; new content starts afresh', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ToolCallForm parameters={structuredClone(params)} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@');
    rerender(<ToolCallForm parameters={structuredClone(params)} />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ann@');
    rerender(<ToolCallForm parameters={{ ...params, heading: 'Again' }} />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });
});

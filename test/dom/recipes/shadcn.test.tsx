import '../radix-shims';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToolCallForm } from '../../../src';
import { ShadcnToolCallForm } from '../../../examples/shadcn-form/shadcn-tool-call-form';
import { expectNoAxeViolations } from '../axe';
import { EVERY_KIND, EVERY_KIND_ANSWER, fillEveryKind, LIBRARY_WIDGETS, sentBy } from './recipe-fixtures';

/** Read-only and disabled fields of several kinds, with defaults: sent as they are, never changed. */
const FIXED = {
  fields: [
    { type: 'text', label: 'Order', readonly: true, defaultValue: 'ACME-10427' },
    { type: 'email', label: 'Account', disabled: true, defaultValue: 'ann@example.com' },
    { type: 'switch', label: 'Express', readonly: true, defaultValue: true },
    { type: 'checkbox', label: 'Gift', disabled: true, defaultValue: true },
    {
      type: 'radio',
      label: 'Carrier',
      readonly: true,
      options: [
        { label: 'Post', value: 'post' },
        { label: 'Courier', value: 'courier' },
      ],
      defaultValue: 'post',
    },
    { type: 'select', label: 'Seats', readonly: true, options: [{ label: 'One', value: 1 }], defaultValue: 1 },
    { type: 'range', label: 'Padding', readonly: true, min: 0, max: 4, defaultValue: 3 },
  ],
};

describe('the shadcn/ui recipe', () => {
  it('answers every field kind byte for byte as <ToolCallForm> does', async () => {
    const user = userEvent.setup();
    // The recipe's select is a Radix Select and its slider a native range, as the library's are.
    const recipe = await sentBy(
      user,
      (onSubmit) => <ShadcnToolCallForm parameters={EVERY_KIND} onSubmit={onSubmit} />,
      () => fillEveryKind(user, LIBRARY_WIDGETS),
    );
    const library = await sentBy(
      user,
      (onSubmit) => <ToolCallForm parameters={EVERY_KIND} onSubmit={onSubmit} />,
      () => fillEveryKind(user, LIBRARY_WIDGETS),
    );
    expect(recipe).toBe(library);
    expect(JSON.parse(recipe)).toEqual(EVERY_KIND_ANSWER);
  });

  it('sends read-only and disabled fields as they are, and lets nobody change them', async () => {
    const user = userEvent.setup();
    const recipe = await sentBy(
      user,
      (onSubmit) => <ShadcnToolCallForm parameters={FIXED} onSubmit={onSubmit} />,
      async () => {
        expect(screen.getByRole('textbox', { name: 'Order' })).toHaveAttribute('readonly');
        expect(screen.getByRole('textbox', { name: 'Account' })).toBeDisabled();
        expect(screen.getByRole('checkbox', { name: 'Gift' })).toBeDisabled();
        await user.type(screen.getByRole('textbox', { name: 'Order' }), 'x');
        await user.click(screen.getByRole('switch', { name: 'Express' }));
        expect(screen.getByRole('switch', { name: 'Express' })).toBeChecked();
        // Arrow keys neither move the focus nor the choice of a read-only radio group.
        const post = screen.getByRole('radio', { name: 'Post' });
        act(() => post.focus());
        await user.keyboard('{ArrowDown}');
        expect(post).toHaveFocus();
        expect(post).toBeChecked();
        // A read-only select is focusable, but its list does not open.
        act(() => screen.getByRole('combobox', { name: 'Seats' }).focus());
        await user.keyboard('{Enter}');
        expect(screen.queryByRole('listbox')).toBeNull();
      },
    );
    const library = await sentBy(
      user,
      (onSubmit) => <ToolCallForm parameters={FIXED} onSubmit={onSubmit} />,
      () => Promise.resolve(),
    );
    expect(recipe).toBe(library);
    expect(JSON.parse(recipe)).toEqual([
      { label: 'Order', value: 'ACME-10427' },
      { label: 'Account', value: 'ann@example.com' },
      { label: 'Express', value: true },
      { label: 'Gift', value: true },
      { label: 'Carrier', value: 'post' },
      { label: 'Seats', value: 1 },
      { label: 'Padding', value: 3 },
    ]);
  });

  it('refuses an invalid submit: nothing sent, errors wired to the controls, a summary, focus on the first', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ShadcnToolCallForm parameters={EVERY_KIND} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Number'), '0');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 2 fields: Text, Number.');
    const text = screen.getByRole('textbox', { name: 'Text' });
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription('This field is required');
    expect(screen.getByRole('spinbutton', { name: 'Number' })).toHaveAccessibleDescription('Must be 1 or more');
    expect(text).toHaveFocus();
    expect(screen.getByRole('form', { name: 'Every kind' })).toHaveAttribute('data-status', 'error');

    // Fixing the fields clears their errors and the summary.
    await user.type(text, 'x');
    await user.clear(screen.getByLabelText('Number'));
    await user.type(screen.getByLabelText('Number'), '5');
    expect(text).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('moves the focus to the visible choice of a group that is invalid first, not to Radix’s hidden input', async () => {
    const user = userEvent.setup();
    const parameters = {
      fields: [
        {
          type: 'radio',
          label: 'Carrier',
          required: true,
          options: [
            { label: 'Post', value: 'post' },
            { label: 'Courier', value: 'courier' },
          ],
        },
      ],
    };
    render(<ShadcnToolCallForm parameters={parameters} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const group = screen.getByRole('radiogroup', { name: 'Carrier' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('This field is required');
    expect(within(group).getByRole('radio', { name: 'Post' })).toHaveFocus();
  });

  it('is busy while the answer is sent: the form says so and the button keeps the focus', async () => {
    const user = userEvent.setup();
    let resolve: () => void = () => {};
    const onSubmit = () => new Promise<void>((done) => (resolve = done));
    render(
      <ShadcnToolCallForm
        parameters={{ heading: 'Sign in', fields: [{ type: 'text', label: 'Name', defaultValue: 'Ann' }] }}
        onSubmit={onSubmit}
      />,
    );
    const button = screen.getByRole('button', { name: 'Submit' });
    await user.click(button);
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(form).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    expect(button).toHaveAccessibleDescription('Requested by the automation agent. Check it before you answer.');
    await act(() => {
      resolve();
      return Promise.resolve();
    });
    expect(form).toHaveAttribute('data-status', 'submitted');
    expect(button).not.toHaveAttribute('aria-disabled');
  });

  it('shows unusable parameters as an alert listing each problem', () => {
    render(<ShadcnToolCallForm parameters={{ fields: 'none' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This form cannot be shown.');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('renders the agent’s text as text', () => {
    render(<ShadcnToolCallForm parameters={{ fields: [{ type: 'text', label: '<img src=x onerror=alert(1)>' }] }} />);
    expect(screen.getByRole('textbox', { name: '<img src=x onerror=alert(1)>' })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('has no axe violations, with errors shown', async () => {
    const user = userEvent.setup();
    const { container } = render(<ShadcnToolCallForm parameters={EVERY_KIND} />);
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await expectNoAxeViolations(container);
    const { container: fixed } = render(<ShadcnToolCallForm parameters={FIXED} />);
    await expectNoAxeViolations(fixed);
  });
});

import '../radix-shims';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToolCallForm } from '../../../src';
import { MuiToolCallForm } from '../../../examples/mui-form/mui-tool-call-form';
import { expectNoAxeViolations } from '../axe';
import { EVERY_KIND, EVERY_KIND_ANSWER, fillEveryKind, LIBRARY_WIDGETS, sentBy, type User, type Widgets } from './recipe-fixtures';

/** MUI's Select opens on a click and its menu lists `role="option"` items. */
async function chooseInMuiSelect(user: User, label: string, option: string): Promise<void> {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** MUI's Slider moves by its own key handling: Home, then one step per arrow key. */
async function slideMuiSlider(user: User, label: string, value: number): Promise<void> {
  const slider = screen.getByRole('slider', { name: label });
  act(() => slider.focus());
  await user.keyboard('{Home}');
  const step = Number(slider.getAttribute('step'));
  const min = Number(slider.getAttribute('min'));
  for (let at = min; at < value; at += step) await user.keyboard('{ArrowRight}');
}

const MUI_WIDGETS: Widgets = { choose: chooseInMuiSelect, slide: slideMuiSlider };

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

describe('the MUI recipe', () => {
  it('answers every field kind byte for byte as <ToolCallForm> does', async () => {
    const user = userEvent.setup();
    const recipe = await sentBy(
      user,
      (onSubmit) => <MuiToolCallForm parameters={EVERY_KIND} onSubmit={onSubmit} />,
      () => fillEveryKind(user, MUI_WIDGETS),
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
      (onSubmit) => <MuiToolCallForm parameters={FIXED} onSubmit={onSubmit} />,
      async () => {
        expect(screen.getByRole('textbox', { name: 'Order' })).toHaveAttribute('readonly');
        expect(screen.getByRole('textbox', { name: 'Account' })).toBeDisabled();
        expect(screen.getByRole('checkbox', { name: 'Gift' })).toBeDisabled();
        await user.type(screen.getByRole('textbox', { name: 'Order' }), 'x');
        await user.click(screen.getByRole('switch', { name: 'Express' }));
        expect(screen.getByRole('switch', { name: 'Express' })).toBeChecked();
        await user.click(screen.getByRole('radio', { name: 'Courier' }));
        expect(screen.getByRole('radio', { name: 'Post' })).toBeChecked();
        // A read-only select is focusable, but its menu does not open.
        await user.click(screen.getByRole('combobox', { name: 'Seats' }));
        expect(screen.queryByRole('listbox')).toBeNull();
        const slider = screen.getByRole('slider', { name: 'Padding' });
        act(() => slider.focus());
        await user.keyboard('{ArrowRight}');
        expect(slider).toHaveValue('3');
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
    render(<MuiToolCallForm parameters={EVERY_KIND} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('spinbutton', { name: 'Number' }), '0');
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
    await user.clear(screen.getByRole('spinbutton', { name: 'Number' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Number' }), '5');
    expect(text).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('moves the focus to the first choice of a radio group, and to a select, that are invalid first', async () => {
    const user = userEvent.setup();
    const carriers = [
      { label: 'Post', value: 'post' },
      { label: 'Courier', value: 'courier' },
    ];
    const { unmount } = render(
      <MuiToolCallForm parameters={{ fields: [{ type: 'radio', label: 'Carrier', required: true, options: carriers }] }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const group = screen.getByRole('radiogroup', { name: 'Carrier' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('This field is required');
    expect(within(group).getByRole('radio', { name: 'Post' })).toHaveFocus();
    unmount();

    render(<MuiToolCallForm parameters={{ fields: [{ type: 'select', label: 'Carrier', required: true, options: carriers }] }} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const select = screen.getByRole('combobox', { name: 'Carrier' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('This field is required');
    expect(select).toHaveFocus();
  });

  it('is busy while the answer is sent: the form says so and the button keeps the focus', async () => {
    const user = userEvent.setup();
    let resolve: () => void = () => {};
    const onSubmit = () => new Promise<void>((done) => (resolve = done));
    render(
      <MuiToolCallForm
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
    render(<MuiToolCallForm parameters={{ fields: 'none' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This form cannot be shown.');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('renders the agent’s text as text', () => {
    render(<MuiToolCallForm parameters={{ fields: [{ type: 'text', label: '<img src=x onerror=alert(1)>' }] }} />);
    expect(screen.getByRole('textbox', { name: '<img src=x onerror=alert(1)>' })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('has no axe violations, with errors shown', async () => {
    const user = userEvent.setup();
    const { container } = render(<MuiToolCallForm parameters={EVERY_KIND} />);
    await expectNoAxeViolations(container);
    // Enter in a field submits, as a click does, without the button's ripple, whose exit
    // animation would update MUI's TransitionGroup while axe runs, outside `act`.
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 1 field: Text.');
    await expectNoAxeViolations(container);
    const { container: fixed } = render(<MuiToolCallForm parameters={FIXED} />);
    await expectNoAxeViolations(fixed);
  });
});

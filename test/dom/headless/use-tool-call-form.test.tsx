import '../radix-shims';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToolCallForm, type FormAnswer } from '../../../src';
import { expectNoAxeViolations } from '../axe';
import { NativeForm } from './native-form';

const sizes = [
  { label: 'Small', value: 's' },
  { label: 'Large', value: 2 },
];
const colours = [
  { label: 'Red', value: 'red' },
  { label: 'Blue', value: 'blue' },
];

/** One field of each of the 17 kinds, plus the two groups: a multiple select and checkboxes with options. */
const EVERY_KIND = {
  heading: 'Every kind',
  fields: [
    { type: 'text', label: 'Text', required: true },
    { type: 'number', label: 'Number', min: 1 },
    { type: 'email', label: 'Email' },
    { type: 'tel', label: 'Phone' },
    { type: 'url', label: 'Website' },
    { type: 'password', label: 'Password' },
    { type: 'date', label: 'Date' },
    { type: 'time', label: 'Time' },
    { type: 'datetime-local', label: 'Appointment' },
    { type: 'month', label: 'Month' },
    { type: 'week', label: 'Week' },
    { type: 'textarea', label: 'Notes' },
    { type: 'select', label: 'Size', options: sizes },
    { type: 'select', label: 'Extras', multiple: true, options: colours },
    { type: 'checkbox', label: 'Agree' },
    { type: 'checkbox', label: 'Toppings', options: colours },
    { type: 'radio', label: 'Colour', options: colours },
    { type: 'switch', label: 'Newsletter' },
    { type: 'range', label: 'Volume', min: 0, max: 50, step: 10 },
  ],
};

const TYPED: Array<[string, string]> = [
  ['Text', 'hello'],
  ['Number', '42'],
  ['Email', 'ann@example.com'],
  ['Phone', '+47 555 1234'],
  ['Website', 'https://example.com/a'],
  ['Password', 's3cret'],
  ['Notes', 'one{Enter}two'],
];

/** Values jsdom's date-like inputs take from a change event (typing into them is not supported there). */
const DATES: Array<[string, string]> = [
  ['Date', '2024-05-01'],
  ['Time', '13:45'],
  ['Appointment', '2024-05-01T13:45'],
  ['Month', '2024-05'],
  ['Week', '2024-W18'],
];

/** Fills every field the same way a person would, whatever renders it; `chooseSize` picks "Large". */
async function fillEveryKind(user: ReturnType<typeof userEvent.setup>, chooseSize: () => Promise<void>) {
  for (const [label, text] of TYPED) await user.type(screen.getByLabelText(label), text);
  for (const [label, value] of DATES) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await chooseSize();
  await user.click(within(screen.getByRole('group', { name: 'Extras' })).getByRole('checkbox', { name: 'Blue' }));
  await user.click(screen.getByRole('checkbox', { name: 'Agree' }));
  await user.click(within(screen.getByRole('group', { name: 'Toppings' })).getByRole('checkbox', { name: 'Red' }));
  await user.click(within(screen.getByRole('group', { name: 'Toppings' })).getByRole('checkbox', { name: 'Blue' }));
  await user.click(screen.getByRole('radio', { name: 'Blue' }));
  await user.click(screen.getByRole('switch', { name: 'Newsletter' }));
  fireEvent.change(screen.getByRole('slider', { name: 'Volume' }), { target: { value: '30' } });
}

async function sentBy(ui: (onSubmit: (answer: FormAnswer, input: string) => void) => React.ReactElement, chooseSize: () => Promise<void>) {
  const user = userEvent.setup();
  const onSubmit = vi.fn<(answer: FormAnswer, input: string) => void>();
  const { unmount } = render(ui(onSubmit));
  await fillEveryKind(user, chooseSize);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  unmount();
  return onSubmit.mock.calls[0]![1];
}

describe('useToolCallForm with native elements', () => {
  it('answers every field kind byte for byte as <ToolCallForm> does', async () => {
    const user = userEvent.setup();
    const headless = await sentBy(
      (onSubmit) => <NativeForm parameters={EVERY_KIND} onSubmit={onSubmit} />,
      () => user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'Large'),
    );
    const styled = await sentBy(
      (onSubmit) => <ToolCallForm parameters={EVERY_KIND} onSubmit={onSubmit} />,
      async () => {
        // The library's single select is a Radix Select, worked by keyboard.
        screen.getByRole('combobox', { name: 'Size' }).focus();
        await user.keyboard('{Enter}');
        await user.click(await screen.findByRole('option', { name: 'Large' }));
      },
    );
    expect(headless).toBe(styled);
    expect(JSON.parse(headless)).toEqual([
      { label: 'Text', value: 'hello' },
      { label: 'Number', value: 42 },
      { label: 'Email', value: 'ann@example.com' },
      { label: 'Phone', value: '+47 555 1234' },
      { label: 'Website', value: 'https://example.com/a' },
      { label: 'Password', value: 's3cret' },
      { label: 'Date', value: '2024-05-01' },
      { label: 'Time', value: '13:45' },
      { label: 'Appointment', value: '2024-05-01T13:45' },
      { label: 'Month', value: '2024-05' },
      { label: 'Week', value: '2024-W18' },
      { label: 'Notes', value: 'one\ntwo' },
      { label: 'Size', value: 2 },
      { label: 'Extras', value: ['blue'] },
      { label: 'Agree', value: true },
      { label: 'Toppings', value: ['red', 'blue'] },
      { label: 'Colour', value: 'blue' },
      { label: 'Newsletter', value: true },
      { label: 'Volume', value: 30 },
    ]);
  });

  it('answers the defaults untouched as <ToolCallForm> does', async () => {
    const parameters = {
      fields: [
        { type: 'text', label: 'City', defaultValue: 'Oslo' },
        { type: 'number', label: 'Seats', defaultValue: '3' },
        { type: 'select', label: 'Size', options: sizes, defaultValue: 2 },
        { type: 'range', label: 'Volume' },
        { type: 'date', label: 'From', defaultValue: 1714521600000 },
      ],
    };
    const send = async (ui: (onSubmit: (answer: FormAnswer, input: string) => void) => React.ReactElement) => {
      const user = userEvent.setup();
      const onSubmit = vi.fn<(answer: FormAnswer, input: string) => void>();
      const { unmount } = render(ui(onSubmit));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      unmount();
      return onSubmit.mock.calls[0]![1];
    };
    const headless = await send((onSubmit) => <NativeForm parameters={parameters} onSubmit={onSubmit} />);
    expect(headless).toBe(await send((onSubmit) => <ToolCallForm parameters={parameters} onSubmit={onSubmit} />));
    expect(JSON.parse(headless)).toEqual([
      { label: 'City', value: 'Oslo' },
      { label: 'Seats', value: 3 },
      { label: 'Size', value: 2 },
      { label: 'Volume', value: 50 },
      { label: 'From', value: '2024-05-01' },
    ]);
  });

  it('refuses an invalid submit: nothing sent, errors wired to the controls, a summary, focus on the first', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<NativeForm parameters={EVERY_KIND} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Number'), '0');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 2 fields: Text, Number.');
    const text = screen.getByRole('textbox', { name: 'Text' });
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription('This field is required');
    expect(screen.getByRole('spinbutton', { name: 'Number' })).toHaveAccessibleDescription('Must be 1 or more');
    expect(text).toHaveFocus();
    expect(screen.getByRole('form')).toHaveAttribute('data-status', 'error');

    // Fixing the fields clears their errors, the summary and the error status.
    await user.type(text, 'x');
    await user.clear(screen.getByLabelText('Number'));
    await user.type(screen.getByLabelText('Number'), '5');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('form')).toHaveAttribute('data-status', 'submitted');
  });

  it('follows a pending onSubmit through submitting to submitted, and reset starts over', async () => {
    const user = userEvent.setup();
    let resolve: () => void = () => {};
    const onSubmit = () => new Promise<void>((done) => (resolve = done));
    render(
      <NativeForm
        parameters={{ heading: 'Sign in', fields: [{ type: 'text', label: 'Name', defaultValue: 'Ann' }] }}
        onSubmit={onSubmit}
      />,
    );
    await user.type(screen.getByLabelText('Name'), 'e');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(form).toHaveAttribute('data-status', 'submitting');
    expect(form).toHaveAttribute('aria-busy', 'true');
    await act(() => {
      resolve();
      return Promise.resolve();
    });
    expect(form).toHaveAttribute('data-status', 'submitted');

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Ann');
    expect(form).toHaveAttribute('data-status', 'idle');
  });

  it('keeps errorSummary current: it names the fields still invalid as they are fixed', async () => {
    const user = userEvent.setup();
    render(<NativeForm parameters={EVERY_KIND} />);
    await user.type(screen.getByLabelText('Number'), '0');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 2 fields: Text, Number.');
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'x');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 1 field: Number.');
  });

  it('takes one answer: once submitted, submits are ignored and the fields are read-only until reset', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<NativeForm parameters={{ fields: [{ type: 'text', label: 'Name' }] }} onSubmit={onSubmit} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Ann{Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.type(name, '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(name).toHaveAttribute('readonly');
    await user.type(name, 'e');
    expect(name).toHaveValue('Ann');

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(name).not.toHaveAttribute('readonly');
    await user.type(name, 'Bo{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('has no axe violations, with errors shown', async () => {
    const user = userEvent.setup();
    const { container } = render(<NativeForm parameters={EVERY_KIND} />);
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await expectNoAxeViolations(container);
  });
});

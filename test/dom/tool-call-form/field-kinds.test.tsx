import { fireEvent, screen, within } from '@testing-library/react';
import { ALL_KINDS_PARAMETERS, renderForm, valueOf } from './render-form';

const one = (field: Record<string, unknown>) => ({ fields: [field] });

describe('text-like kinds', () => {
  it.each(['text', 'email', 'tel', 'url', 'password'])('%s: a native input named by its label, answered as a string', async (type) => {
    const form = renderForm(one({ type, label: 'Answer' }));
    const input = screen.getByLabelText('Answer');
    expect(input).toHaveAttribute('type', type);
    expect(await valueOf(form)).toBe('');
    const typed = type === 'email' ? 'ann@example.com' : type === 'url' ? 'https://example.com/a' : 'hello';
    await form.user.type(input, typed);
    expect(await valueOf(form)).toBe(typed);
  });

  it('shows the default value, and answers with it untouched', async () => {
    const form = renderForm(one({ type: 'text', label: 'City', defaultValue: 'Oslo' }));
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Oslo');
    expect(await valueOf(form)).toBe('Oslo');
  });

  it('writes a number default as text', async () => {
    const form = renderForm(one({ type: 'tel', label: 'Phone', defaultValue: 5551234 }));
    expect(await valueOf(form)).toBe('5551234');
  });

  it('puts every constraint HTML has an attribute for on the element', () => {
    renderForm(
      one({
        type: 'text',
        label: 'Code',
        placeholder: 'ABC-123',
        required: true,
        minLength: 3,
        maxLength: 7,
        pattern: '[A-Z]+-\\d+',
        autocomplete: 'one-time-code',
      }),
    );
    const input = screen.getByRole('textbox', { name: 'Code' });
    expect(input).toHaveAttribute('placeholder', 'ABC-123');
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('minlength', '3');
    expect(input).toHaveAttribute('maxlength', '7');
    // Except `pattern`: the browser's matcher backtracks on an agent's `^(a+)+$` (Chromium gives up
    // after a million steps and calls a matching value a mismatch); validateField checks it in linear time.
    expect(input).not.toHaveAttribute('pattern');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input.closest('form')).toHaveAttribute('novalidate');
  });

  it('ignores limits that do not apply to the kind (min on text, minLength on number)', () => {
    renderForm({
      fields: [
        { type: 'text', label: 'T', min: 3 },
        { type: 'number', label: 'N', minLength: 2 },
      ],
    });
    expect(screen.getByRole('textbox', { name: 'T' })).not.toHaveAttribute('min');
    expect(screen.getByRole('spinbutton', { name: 'N' })).not.toHaveAttribute('minlength');
  });

  it('textarea: rows and cols on the element, line breaks kept in the answer', async () => {
    const form = renderForm(one({ type: 'textarea', label: 'Notes', rows: 4, cols: 30 }));
    const textarea = screen.getByRole('textbox', { name: 'Notes' });
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveAttribute('rows', '4');
    expect(textarea).toHaveAttribute('cols', '30');
    await form.user.type(textarea, 'one{Enter}two');
    expect(await valueOf(form)).toBe('one\ntwo');
  });
});

describe('number', () => {
  it('is a spinbutton answered as a number, or null when empty', async () => {
    const form = renderForm(one({ type: 'number', label: 'Seats' }));
    const input = screen.getByRole('spinbutton', { name: 'Seats' });
    expect(await valueOf(form)).toBeNull();
    await form.user.type(input, '1.5');
    expect(await valueOf(form)).toBe(1.5);
  });

  it('takes min, max and step as attributes; without a step any number is allowed', () => {
    renderForm({
      fields: [
        { type: 'number', label: 'A', min: 1, max: 9, step: 2 },
        { type: 'number', label: 'B' },
      ],
    });
    const a = screen.getByRole('spinbutton', { name: 'A' });
    expect(a).toHaveAttribute('min', '1');
    expect(a).toHaveAttribute('max', '9');
    expect(a).toHaveAttribute('step', '2');
    expect(screen.getByRole('spinbutton', { name: 'B' })).toHaveAttribute('step', 'any');
  });

  it('reads a numeric string default as a number', async () => {
    const form = renderForm(one({ type: 'number', label: 'Seats', defaultValue: '3' }));
    expect(screen.getByRole('spinbutton', { name: 'Seats' })).toHaveValue(3);
    expect(await valueOf(form)).toBe(3);
  });
});

describe('date-like kinds', () => {
  it.each([
    ['date', '2024-05-06'],
    ['time', '10:30'],
    ['datetime-local', '2024-05-06T10:30'],
    ['month', '2024-05'],
    ['week', '2024-W05'],
  ])('%s: a native input answered with its value string', async (type, typed) => {
    const form = renderForm(one({ type, label: 'When' }));
    const input = screen.getByLabelText('When');
    expect(input).toHaveAttribute('type', type);
    expect(await valueOf(form)).toBe('');
    await form.user.type(input, typed);
    expect(await valueOf(form)).toBe(typed);
  });

  it.each([
    // min and max are valueAsNumber: ms since 1970 (date, datetime-local, week), ms since midnight (time), months since 1970 (month).
    ['date', Date.UTC(2024, 0, 1), Date.UTC(2024, 11, 31), '2024-01-01', '2024-12-31'],
    ['datetime-local', Date.UTC(2024, 0, 1, 9, 0), Date.UTC(2024, 0, 1, 17, 30, 15), '2024-01-01T09:00', '2024-01-01T17:30:15'],
    ['time', 9 * 3_600_000, 17.5 * 3_600_000, '09:00', '17:30'],
    ['month', (2024 - 1970) * 12, (2024 - 1970) * 12 + 11, '2024-01', '2024-12'],
    ['week', Date.UTC(2024, 0, 1), Date.UTC(2024, 11, 23), '2024-W01', '2024-W52'],
  ])('%s: numeric min/max become attributes in the kind’s format', (type, min, max, minText, maxText) => {
    renderForm(one({ type, label: 'When', min, max }));
    const input = screen.getByLabelText('When');
    expect(input).toHaveAttribute('min', minText);
    expect(input).toHaveAttribute('max', maxText);
  });

  it('accepts a default as a value string or as a valueAsNumber', async () => {
    const asString = renderForm(one({ type: 'date', label: 'Day', defaultValue: '2024-02-29' }));
    expect(await valueOf(asString)).toBe('2024-02-29');
    asString.unmount();
    const asNumber = renderForm(one({ type: 'week', label: 'Week', defaultValue: Date.UTC(2021, 0, 3) }));
    // 3 January 2021 is a Sunday in ISO week 53 of 2020.
    expect(await valueOf(asNumber)).toBe('2020-W53');
  });

  it('normalises a datetime-local default like the browser does', async () => {
    const form = renderForm(one({ type: 'datetime-local', label: 'At', defaultValue: '2024-05-06 10:30:00' }));
    expect(await valueOf(form)).toBe('2024-05-06T10:30');
  });
});

describe('select', () => {
  const options = [
    { label: 'Economy', value: 'eco' },
    { label: 'Business', value: 2 },
  ];

  it('single: a combobox named by its label; answered with the option value, keeping its JSON type', async () => {
    const form = renderForm(one({ type: 'select', label: 'Class', options }));
    const combobox = screen.getByRole('combobox', { name: 'Class' });
    expect(combobox).toHaveTextContent('Choose an option');
    expect(await valueOf(form)).toBeNull();
    await form.user.click(combobox);
    await form.user.click(screen.getByRole('option', { name: 'Business' }));
    // Reached, the plain trigger gave way to the Radix Select's: the same combobox to the person.
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveTextContent('Business');
    expect(await valueOf(form)).toBe(2);
  });

  it('single: the default chooses the option with that value (text "2" finds the number 2)', async () => {
    const form = renderForm(one({ type: 'select', label: 'Class', options, defaultValue: '2', placeholder: 'Pick one' }));
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveTextContent('Business');
    expect(await valueOf(form)).toBe(2);
  });

  it('single: shows the agent’s placeholder while nothing is chosen', () => {
    renderForm(one({ type: 'select', label: 'Class', options, placeholder: 'Pick one' }));
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveTextContent('Pick one');
  });

  it('multiple: a group of checkboxes named by the label, answered with an array in option order', async () => {
    const form = renderForm(
      one({ type: 'select', label: 'Extras', multiple: true, options: [...options, { label: 'Meal', value: 'meal' }] }),
    );
    const group = screen.getByRole('group', { name: 'Extras' });
    expect(await valueOf(form)).toEqual([]);
    await form.user.click(within(group).getByRole('checkbox', { name: 'Meal' }));
    await form.user.click(within(group).getByRole('checkbox', { name: 'Economy' }));
    expect(await valueOf(form)).toEqual(['eco', 'meal']);
  });

  it('multiple: the default chooses its option', async () => {
    const form = renderForm(one({ type: 'select', label: 'Extras', multiple: true, options, defaultValue: 2 }));
    expect(screen.getByRole('checkbox', { name: 'Business' })).toBeChecked();
    expect(await valueOf(form)).toEqual([2]);
  });
});

describe('checkbox', () => {
  it('without options: one checkbox answered true or false', async () => {
    const form = renderForm(one({ type: 'checkbox', label: 'I agree' }));
    expect(await valueOf(form)).toBe(false);
    await form.user.click(screen.getByRole('checkbox', { name: 'I agree' }));
    expect(await valueOf(form)).toBe(true);
  });

  it('without options: the default true checks it', async () => {
    const form = renderForm(one({ type: 'checkbox', label: 'I agree', defaultValue: true }));
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toBeChecked();
    expect(await valueOf(form)).toBe(true);
  });

  it('with options: a group named by the label, answered with the chosen values', async () => {
    const form = renderForm(
      one({
        type: 'checkbox',
        label: 'Toppings',
        options: [
          { label: 'Ham', value: 'ham' },
          { label: 'Two eggs', value: 2 },
        ],
      }),
    );
    const group = screen.getByRole('group', { name: 'Toppings' });
    await form.user.click(within(group).getByRole('checkbox', { name: 'Two eggs' }));
    expect(await valueOf(form)).toEqual([2]);
  });
});

describe('radio', () => {
  const options = [
    { label: 'Standard', value: 'std' },
    { label: 'Express', value: 1 },
  ];

  it('radios named by their option labels in a radiogroup named by the field label', async () => {
    const form = renderForm(one({ type: 'radio', label: 'Shipping', options }));
    const group = screen.getByRole('radiogroup', { name: 'Shipping' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(await valueOf(form)).toBeNull();
    await form.user.click(within(group).getByRole('radio', { name: 'Express' }));
    expect(await valueOf(form)).toBe(1);
  });

  it('the default checks its option', async () => {
    const form = renderForm(one({ type: 'radio', label: 'Shipping', options, defaultValue: 'std' }));
    expect(screen.getByRole('radio', { name: 'Standard' })).toBeChecked();
    expect(await valueOf(form)).toBe('std');
  });
});

describe('switch', () => {
  it('a switch named by its label, answered true or false', async () => {
    const form = renderForm(one({ type: 'switch', label: 'Dark mode' }));
    const toggle = screen.getByRole('switch', { name: 'Dark mode' });
    expect(toggle).not.toBeChecked();
    expect(await valueOf(form)).toBe(false);
    await form.user.click(toggle);
    expect(toggle).toBeChecked();
    expect(await valueOf(form)).toBe(true);
  });

  it('the default true turns it on', async () => {
    const form = renderForm(one({ type: 'switch', label: 'Dark mode', defaultValue: true }));
    expect(screen.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
    expect(await valueOf(form)).toBe(true);
  });
});

describe('range', () => {
  it('a slider showing its value; without a default it starts at the midpoint, like HTML', async () => {
    const form = renderForm(one({ type: 'range', label: 'Volume', min: 0, max: 10, step: 2 }));
    const slider = screen.getByRole('slider', { name: 'Volume' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '10');
    expect(slider).toHaveAttribute('step', '2');
    // Midpoint 5 snaps to the step grid, rounding up as browsers do.
    expect(slider).toHaveValue('6');
    expect(screen.getByText('6', { selector: 'output' })).toBeInTheDocument();
    expect(await valueOf(form)).toBe(6);
    fireEvent.change(slider, { target: { value: '8' } });
    expect(screen.getByText('8', { selector: 'output' })).toBeInTheDocument();
    expect(await valueOf(form)).toBe(8);
  });

  it('defaults to 50 of 0–100, and clamps a default outside the range', async () => {
    const plain = renderForm(one({ type: 'range', label: 'Volume' }));
    expect(await valueOf(plain)).toBe(50);
    plain.unmount();
    const clamped = renderForm(one({ type: 'range', label: 'Volume', min: 1, max: 5, defaultValue: 99 }));
    expect(await valueOf(clamped)).toBe(5);
  });

  it('keeps a number when the step is finer than a double can count in (found by the property test)', async () => {
    const form = renderForm(one({ type: 'range', label: 'Volume', step: 5e-324 }));
    expect(await valueOf(form)).toBe(50);
  });
});

describe('read-only and disabled fields', () => {
  it('read-only text: focusable, not editable, submitted', async () => {
    const form = renderForm(one({ type: 'text', label: 'Order', defaultValue: 'A-1', readonly: true, required: true }));
    const input = screen.getByRole('textbox', { name: 'Order' });
    expect(input).toHaveAttribute('readonly');
    await form.user.type(input, 'xyz');
    expect(input).toHaveValue('A-1');
    await form.user.tab();
    expect(await valueOf(form)).toBe('A-1');
  });

  it.each([
    ['checkbox', { type: 'checkbox', label: 'Field', defaultValue: true }, 'checkbox', true],
    ['switch', { type: 'switch', label: 'Field', defaultValue: true }, 'switch', true],
    ['range', { type: 'range', label: 'Field', defaultValue: 30 }, 'slider', 30],
    [
      'select',
      {
        type: 'select',
        label: 'Field',
        defaultValue: 'a',
        options: [
          { label: 'A', value: 'a' },
          { label: 'B', value: 'b' },
        ],
      },
      'combobox',
      'a',
    ],
  ])('read-only %s: aria-readonly, focusable, keeps its value', async (_kind, field, role, expected) => {
    const form = renderForm(one({ ...field, readonly: true }));
    const control = screen.getByRole(role, { name: 'Field' });
    expect(control).toHaveAttribute('aria-readonly', 'true');
    expect(control).not.toBeDisabled();
    await form.user.click(control);
    await form.user.keyboard('{ArrowDown}{Enter} ');
    fireEvent.change(control, { target: { value: '90' } });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    control.focus();
    expect(control).toHaveFocus();
    expect(await valueOf(form)).toEqual(expected);
  });

  it('read-only radio group: aria-readonly on the group, the choice holds', async () => {
    const form = renderForm(
      one({
        type: 'radio',
        label: 'Plan',
        readonly: true,
        defaultValue: 'a',
        options: [
          { label: 'A', value: 'a' },
          { label: 'B', value: 'b' },
        ],
      }),
    );
    expect(screen.getByRole('radiogroup', { name: 'Plan' })).toHaveAttribute('aria-readonly', 'true');
    await form.user.click(screen.getByRole('radio', { name: 'B' }));
    expect(screen.getByRole('radio', { name: 'A' })).toBeChecked();
    expect(await valueOf(form)).toBe('a');
  });

  it('read-only checkbox group: each checkbox aria-readonly, the choice holds', async () => {
    const form = renderForm(
      one({
        type: 'checkbox',
        label: 'Plan',
        readonly: true,
        defaultValue: 'a',
        options: [
          { label: 'A', value: 'a' },
          { label: 'B', value: 'b' },
        ],
      }),
    );
    const b = screen.getByRole('checkbox', { name: 'B' });
    expect(b).toHaveAttribute('aria-readonly', 'true');
    await form.user.click(b);
    expect(b).not.toBeChecked();
    expect(await valueOf(form)).toEqual(['a']);
  });

  it('disabled fields are disabled, not validated, and still in the answer', async () => {
    const form = renderForm({
      fields: [
        { type: 'text', label: 'Locked', defaultValue: 'x', disabled: true, required: true, minLength: 5 },
        { type: 'switch', label: 'Off', disabled: true, required: true },
        { type: 'select', label: 'Pick', disabled: true, options: [{ label: 'A', value: 'a' }] },
      ],
    });
    expect(screen.getByRole('textbox', { name: 'Locked' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Off' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Pick' })).toBeDisabled();
    expect(await form.submitAnswer()).toEqual([
      { label: 'Locked', value: 'x' },
      { label: 'Off', value: false },
      { label: 'Pick', value: null },
    ]);
  });
});

describe('the answer', () => {
  it('has one { label, value } per field, in order, and onSubmit gets it encoded for submitToolInput', async () => {
    const form = renderForm(ALL_KINDS_PARAMETERS);
    await form.user.type(screen.getByRole('textbox', { name: 'Text' }), 'hi');
    await form.user.type(screen.getByRole('spinbutton', { name: 'Number' }), '42');
    await form.user.click(screen.getByRole('checkbox', { name: 'Agree' }));
    await form.user.click(screen.getByRole('radio', { name: 'Blue' }));
    await form.submit();
    const [answer, input] = form.onSubmit.mock.calls[0]!;
    expect(answer).toEqual([
      { label: 'Text', value: 'hi' },
      { label: 'Number', value: 42 },
      { label: 'Email', value: '' },
      { label: 'Phone', value: '' },
      { label: 'Website', value: '' },
      { label: 'Password', value: '' },
      { label: 'Date', value: '' },
      { label: 'Time', value: '' },
      { label: 'Appointment', value: '' },
      { label: 'Month', value: '' },
      { label: 'Week', value: '' },
      { label: 'Notes', value: '' },
      { label: 'Size', value: null },
      { label: 'Agree', value: true },
      { label: 'Colour', value: 'blue' },
      { label: 'Newsletter', value: false },
      { label: 'Volume', value: 50 },
    ]);
    expect(input).toBe(
      '[{"label":"Text","value":"hi"},{"label":"Number","value":42},{"label":"Email","value":""},{"label":"Phone","value":""},' +
        '{"label":"Website","value":""},{"label":"Password","value":""},{"label":"Date","value":""},{"label":"Time","value":""},' +
        '{"label":"Appointment","value":""},{"label":"Month","value":""},{"label":"Week","value":""},{"label":"Notes","value":""},' +
        '{"label":"Size","value":null},{"label":"Agree","value":true},{"label":"Colour","value":"blue"},' +
        '{"label":"Newsletter","value":false},{"label":"Volume","value":50}]',
    );
  });

  it('a field without a label is shown as "Field N" and answered with an empty label', async () => {
    const form = renderForm({ fields: [{ type: 'text', label: 'Name' }, { type: 'text' }] });
    expect(screen.getByRole('textbox', { name: 'Field 2' })).toBeInTheDocument();
    expect(screen.getByText('Field 2')).toBeVisible();
    expect(await form.submitAnswer()).toEqual([
      { label: 'Name', value: '' },
      { label: '', value: '' },
    ]);
  });
});

import { screen } from '@testing-library/react';
import { ALL_KINDS_PARAMETERS, renderForm } from './render-form';

const required = { ...ALL_KINDS_PARAMETERS, fields: ALL_KINDS_PARAMETERS.fields.map((field) => ({ ...field, required: true })) };

describe('keyboard only', () => {
  it('Tab, typing, Space, arrows and Enter complete a form of all 17 kinds', async () => {
    const form = renderForm(required);
    const { user } = form;
    const typeInto = async (name: string, text: string) => {
      await user.tab();
      expect(screen.getByLabelText(name)).toHaveFocus();
      await user.keyboard(text);
    };

    await typeInto('Text', 'hello');
    await typeInto('Number', '7');
    await typeInto('Email', 'ann@example.com');
    await typeInto('Phone', '+47 123');
    await typeInto('Website', 'https://example.com');
    await typeInto('Password', 's3cret');
    await typeInto('Date', '2024-05-06');
    await typeInto('Time', '10:30');
    await typeInto('Appointment', '2024-05-06T10:30');
    await typeInto('Month', '2024-05');
    await typeInto('Week', '2024-W19');
    await typeInto('Notes', 'line one{Enter}line two');

    // Radix Select: Enter opens the list, arrows move, Enter chooses and focus returns to the trigger.
    // Looked up each time: the plain trigger focused first gives way to Radix's once its chunk loads,
    // which on a busy machine may be after the Tab.
    const size = () => screen.getByRole('combobox', { name: 'Size' });
    await user.tab();
    expect(size()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(size()).toHaveFocus();
    expect(size()).toHaveTextContent('Large');

    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Agree' })).toHaveFocus();
    await user.keyboard(' ');

    // Into the radio group on its first radio; Space chooses, an arrow moves the choice.
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Blue' })).toBeChecked();

    await user.tab();
    expect(screen.getByRole('switch', { name: 'Newsletter' })).toHaveFocus();
    await user.keyboard(' ');

    // jsdom does not implement a range's arrow keys (browsers do natively); it is reachable, and valid as it stands.
    await user.tab();
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(form.onSubmit).toHaveBeenCalledTimes(1);
    expect(form.onSubmit.mock.calls[0]![0].map((entry) => entry.value)).toEqual([
      'hello',
      7,
      'ann@example.com',
      '+47 123',
      'https://example.com',
      's3cret',
      '2024-05-06',
      '10:30',
      '2024-05-06T10:30',
      '2024-05',
      '2024-W19',
      'line one\nline two',
      2,
      true,
      'blue',
      true,
      50,
    ]);
  });

  it('Enter in a text field submits; a refused submit leaves focus on the first invalid field', async () => {
    const form = renderForm({
      fields: [
        { type: 'text', label: 'Name' },
        { type: 'email', label: 'Email', required: true },
      ],
    });
    await form.user.tab();
    await form.user.keyboard('Ann{Enter}');
    expect(form.onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    await form.user.keyboard('ann@example.com{Enter}');
    expect(form.onSubmit).toHaveBeenCalledTimes(1);
  });

  it('a read-only radio group keeps its choice under the arrow keys', async () => {
    const form = renderForm({
      fields: [
        {
          type: 'radio',
          label: 'Plan',
          readonly: true,
          defaultValue: 'b',
          options: [
            { label: 'A', value: 'a' },
            { label: 'B', value: 'b' },
          ],
        },
      ],
    });
    await form.user.tab();
    expect(screen.getByRole('radio', { name: 'B' })).toHaveFocus();
    await form.user.keyboard('{ArrowUp}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'B' })).toBeChecked();
  });
});

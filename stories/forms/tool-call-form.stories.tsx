import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { ToolCallForm, type FormField, type ToolCallFormProps } from '../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../support/form-stories';

/** All 17 kinds, and between them every field property of spec §2.9 (`multiple` on an 18th field). */
const deliveryForm = {
  heading: 'Book the delivery',
  description: 'The shop needs a few details to book the courier for your order ACME-10427.\nFields marked * are required.',
  submitButton: { label: 'Book delivery' },
  fields: [
    {
      type: 'text',
      label: 'Full name',
      required: true,
      minLength: 2,
      maxLength: 80,
      autocomplete: 'name',
      defaultValue: 'Ada Lovelace',
      className: 'wide',
    },
    { type: 'number', label: 'Parcels', required: true, min: 1, max: 5, step: 1, defaultValue: 1 },
    { type: 'email', label: 'Email', required: true, placeholder: 'name@example.com', autocomplete: 'email' },
    { type: 'tel', label: 'Phone', pattern: '\\+?[0-9 ]{7,16}', defaultValue: '+44 20 7946 0018', autocomplete: 'tel' },
    { type: 'url', label: 'Tracking page', readonly: true, defaultValue: 'https://track.example.com/ACME-10427' },
    { type: 'password', label: 'Door code', maxLength: 8, autocomplete: 'one-time-code' },
    {
      type: 'date',
      label: 'Delivery date',
      required: true,
      min: Date.UTC(2025, 3, 1),
      max: Date.UTC(2025, 3, 30),
      defaultValue: '2025-04-10',
    },
    { type: 'time', label: 'Earliest time', min: 8 * 3_600_000, max: 18 * 3_600_000, defaultValue: '09:00' },
    { type: 'datetime-local', label: 'Call me at' },
    { type: 'month', label: 'Billing month', disabled: true, defaultValue: '2025-04' },
    { type: 'week', label: 'Holiday week (no deliveries)' },
    { type: 'textarea', label: 'Instructions', rows: 3, cols: 40, maxLength: 200, placeholder: 'Gate code, where to leave it…' },
    {
      type: 'select',
      label: 'Shipping',
      options: [
        { label: 'Standard (free)', value: 'standard' },
        { label: 'Express (€9.90)', value: 'express' },
      ],
      defaultValue: 'standard',
    },
    { type: 'checkbox', label: 'Leave with a neighbour', defaultValue: false },
    {
      type: 'radio',
      label: 'Signature',
      required: true,
      options: [
        { label: 'No signature', value: 'none' },
        { label: 'Signature required', value: 'required' },
      ],
      defaultValue: 'none',
    },
    { type: 'switch', label: 'Text me updates', defaultValue: true },
    { type: 'range', label: 'Extra padding', min: 1, max: 5, step: 1, defaultValue: 2 },
    {
      type: 'select',
      label: 'Gift options',
      multiple: true,
      options: [
        { label: 'Gift wrap', value: 'wrap' },
        { label: 'Card', value: 'card' },
        { label: 'No prices on the receipt', value: 'no-prices' },
      ],
    },
  ] satisfies FormField[],
};

const meta = {
  title: 'Forms/ToolCallForm',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: { ...formEventArgs(), parameters: deliveryForm },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Every one of the 17 field kinds, and every field property. Filled in and sent, the answer has one
 * `{ label, value }` per field, in order, each value of its kind's JSON type.
 */
export const AllFieldTypes: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Book the delivery' })).toBeInTheDocument();
    // The agent's `className` is dropped by the default policy: it cannot borrow the app's styles.
    await expect(canvasElement.querySelector('.wide')).toBeNull();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(canvas.getByRole('radio', { name: 'Signature required' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Card' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Gift wrap' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Book delivery' }));
    await expectSubmitted(args, [
      { label: 'Full name', value: 'Ada Lovelace' },
      { label: 'Parcels', value: 1 },
      { label: 'Email', value: 'ada@example.com' },
      { label: 'Phone', value: '+44 20 7946 0018' },
      { label: 'Tracking page', value: 'https://track.example.com/ACME-10427' },
      { label: 'Door code', value: '' },
      { label: 'Delivery date', value: '2025-04-10' },
      { label: 'Earliest time', value: '09:00' },
      { label: 'Call me at', value: '' },
      { label: 'Billing month', value: '2025-04' },
      { label: 'Holiday week (no deliveries)', value: '' },
      { label: 'Instructions', value: '' },
      { label: 'Shipping', value: 'standard' },
      { label: 'Leave with a neighbour', value: false },
      { label: 'Signature', value: 'required' },
      { label: 'Text me updates', value: true },
      { label: 'Extra padding', value: 2 },
      // Chosen values keep the options' order, whatever order they were ticked in.
      { label: 'Gift options', value: ['wrap', 'card'] },
    ]);
    await expect(canvasElement.querySelector('form')).toHaveAttribute('data-state', 'submitted');
  },
};

/**
 * A refused submit: nothing is sent, the summary names every invalid field, and focus moves to
 * the first one. Fixing it re-checks as the person types.
 */
export const RefusedSubmit: Story = {
  args: {
    parameters: {
      ...deliveryForm,
      fields: deliveryForm.fields.map((field) =>
        field.label === 'Full name' || field.label === 'Delivery date' ? { ...field, defaultValue: undefined } : field,
      ),
    },
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone' }), ' ext. 4');
    await userEvent.click(canvas.getByRole('button', { name: 'Book delivery' }));
    const name = canvas.getByRole('textbox', { name: 'Full name' });
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 4 fields: Full name, Email, Phone, Delivery date.',
      focused: name,
      invalid: name,
      message: 'This field is required',
    });
    await expect(canvas.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('Must match the requested format');
    await userEvent.type(name, 'A');
    await expect(name).toHaveAccessibleDescription('Must be at least 2 characters');
    await userEvent.type(name, 'da');
    await expect(name).not.toHaveAttribute('aria-invalid');
    // The summary follows: the fixed field's link is gone, the others lead to their fields.
    const summary = canvas.getByRole('alert');
    await expect(summary).toHaveTextContent('Please correct 3 fields: Email, Phone, Delivery date.');
    await userEvent.click(within(summary).getByRole('link', { name: 'Phone' }));
    await expect(canvas.getByRole('textbox', { name: 'Phone' })).toHaveFocus();
  },
};

/**
 * One answer per call: once sent, the fields are read-only, the button does nothing more (a click,
 * Enter in a field) and a "Sent" note beside it takes the focus.
 */
export const OneAnswerPerCall: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const email = canvas.getByRole('textbox', { name: 'Email' });
    await userEvent.type(email, 'ada@example.com');
    const button = canvas.getByRole('button', { name: 'Book delivery' });
    await userEvent.click(button);
    await expect(canvas.getByText('Sent')).toHaveFocus();
    await userEvent.click(button);
    await userEvent.click(button);
    await userEvent.type(email, '{Enter}');
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledTimes(1));
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(email).toHaveAttribute('readonly');
  },
};

/** `select` with `multiple`: a group of checkboxes (`role="group"`), answered as the chosen option values. */
export const MultipleSelect: Story = {
  args: {
    parameters: {
      heading: 'Which features are a must?',
      description: 'Offers without them will be left out.',
      fields: [
        {
          type: 'select',
          label: 'Must-have features',
          multiple: true,
          required: true,
          options: [
            { label: 'Backlit keyboard', value: 'backlight' },
            { label: 'At least 16 GB memory', value: 'ram16' },
            { label: 'USB-C charging', value: 'usbc' },
            { label: 'Touch screen', value: 'touch' },
          ],
          defaultValue: 'ram16',
        },
      ],
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const group = canvas.getByRole('group', { name: 'Must-have features' });
    await expect(within(group).getAllByRole('checkbox')).toHaveLength(4);
    await expect(within(group).getByRole('checkbox', { name: 'At least 16 GB memory' })).toBeChecked();
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Touch screen' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Backlit keyboard' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Must-have features', value: ['backlight', 'ram16', 'touch'] }]);
  },
};

/**
 * Read-only fields can be focused, read and are sent as they are; disabled ones are skipped by Tab
 * and greyed out. Neither changes, and neither is checked against its rules.
 */
export const ReadonlyVsDisabled: Story = {
  args: {
    parameters: {
      heading: 'Confirm your order',
      fields: [
        { type: 'text', label: 'Order number (read-only)', readonly: true, required: true, defaultValue: 'ACME-10427' },
        { type: 'text', label: 'Coupon (disabled)', disabled: true, required: true, defaultValue: 'SPRING25' },
        { type: 'checkbox', label: 'Gift (read-only)', readonly: true, defaultValue: true },
        { type: 'checkbox', label: 'Insurance (disabled)', disabled: true, defaultValue: false },
        { type: 'switch', label: 'Express (read-only)', readonly: true, defaultValue: true },
        { type: 'range', label: 'Priority (read-only)', readonly: true, min: 1, max: 5, defaultValue: 4 },
      ],
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const orderNumber = canvas.getByRole('textbox', { name: 'Order number (read-only)' });
    const coupon = canvas.getByRole('textbox', { name: 'Coupon (disabled)' });
    await expect(orderNumber).toHaveAttribute('readonly');
    await expect(coupon).toBeDisabled();
    await userEvent.tab();
    await expect(document.activeElement).toBe(orderNumber);
    await userEvent.type(orderNumber, 'X');
    await expect(orderNumber).toHaveValue('ACME-10427');
    await userEvent.tab();
    // Tab skips the disabled coupon and lands on the read-only checkbox.
    await expect(document.activeElement).toBe(canvas.getByRole('checkbox', { name: 'Gift (read-only)' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Gift (read-only)' }));
    await expect(canvas.getByRole('checkbox', { name: 'Gift (read-only)' })).toBeChecked();
    await userEvent.click(canvas.getByRole('switch', { name: 'Express (read-only)' }));
    await expect(canvas.getByRole('switch', { name: 'Express (read-only)' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [
      { label: 'Order number (read-only)', value: 'ACME-10427' },
      { label: 'Coupon (disabled)', value: 'SPRING25' },
      { label: 'Gift (read-only)', value: true },
      { label: 'Insurance (disabled)', value: false },
      { label: 'Express (read-only)', value: true },
      { label: 'Priority (read-only)', value: 4 },
    ]);
  },
};

const kinds = ['text', 'email', 'number', 'date', 'select', 'checkbox', 'radio', 'switch', 'textarea', 'range'] as const;
const longFormFields: FormField[] = Array.from({ length: 200 }, (_, index) => {
  const type = kinds[index % kinds.length] ?? 'text';
  const label = `Question ${index + 1} (${type})`;
  const options = [
    { label: `Yes to ${index + 1}`, value: 'yes' },
    { label: `No to ${index + 1}`, value: 'no' },
  ];
  return {
    type,
    label,
    ...(type === 'select' || type === 'radio' ? { options } : {}),
    // Every 25th field, from the 12th, is required and starts empty: eight fields block a submit.
    ...(index % 25 === 11 ? { required: true } : {}),
  };
});

/** 200 fields of ten kinds. A submit without the eight required ones focuses the first of them, far down the page. */
export const LongForm: Story = {
  args: { parameters: { heading: 'Supplier questionnaire', description: '200 questions, 8 of them required.', fields: longFormFields } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expect(canvasElement.querySelectorAll('.hitl-field')).toHaveLength(200);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    const first = canvas.getByRole('textbox', { name: 'Question 12 (email)' });
    await expectRefused(canvasElement, args, {
      summary:
        'Please correct 8 fields: Question 12 (email), Question 37 (radio), Question 62 (email), Question 87 (radio), ' +
        'Question 112 (email), Question 137 (radio), Question 162 (email), Question 187 (radio).',
      focused: first,
      invalid: first,
      message: 'This field is required',
    });
  },
};

/** The agent's `submitButton.label` names the button. */
export const CustomSubmitLabel: Story = {
  args: {
    parameters: {
      heading: 'Enter your verification code',
      description: 'Northwind Bank sent a 6-digit code by text message to your phone ending in 42.',
      fields: [
        {
          type: 'text',
          label: 'Verification code',
          required: true,
          pattern: '[0-9]{6}',
          autocomplete: 'one-time-code',
          defaultValue: '482913',
        },
      ],
      submitButton: { label: 'Verify' },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expectSubmitted(args, [{ label: 'Verification code', value: '482913' }]);
  },
};

/** `messages` replaces the texts the form writes itself, here in German; the agent's own texts stay. */
export const CustomMessages: Story = {
  args: {
    parameters: {
      heading: 'Lieferadresse',
      fields: [
        { type: 'text', label: 'Straße und Hausnummer', required: true },
        {
          type: 'select',
          label: 'Land',
          options: [
            { label: 'Deutschland', value: 'DE' },
            { label: 'Österreich', value: 'AT' },
          ],
        },
      ],
    },
    messages: {
      required: () => 'Bitte ausfüllen',
      errorSummary: ({ count, labels }) =>
        `${count === 1 ? '1 Feld ist' : `${count} Felder sind`} noch nicht korrekt: ${labels.join(', ')}.`,
      selectPlaceholder: () => 'Bitte wählen',
      submit: () => 'Absenden',
    },
    agentNotice: 'Vom Automatisierungsagenten angefragt. Bitte prüfen Sie die Angaben.',
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByRole('combobox', { name: 'Land' })).toHaveTextContent('Bitte wählen');
    await userEvent.click(canvas.getByRole('button', { name: 'Absenden' }));
    const street = canvas.getByRole('textbox', { name: 'Straße und Hausnummer' });
    await expectRefused(canvasElement, args, {
      summary: '1 Feld ist noch nicht korrekt: Straße und Hausnummer.',
      focused: street,
      invalid: street,
      message: 'Bitte ausfüllen',
    });
  },
};

/**
 * While the promise `onSubmit` returns is pending, the form is `data-state="submitting"`,
 * `aria-busy`, and ignores further submits. (Here it never settles.)
 */
export const Submitting: Story = {
  args: {
    parameters: {
      heading: 'Sign in to Acme Shop',
      fields: [{ type: 'text', label: 'Username', defaultValue: 'ada' }],
      submitButton: { label: 'Sign in' },
    },
    onSubmit: fn<NonNullable<ToolCallFormProps['onSubmit']>>(() => new Promise<void>(() => {})),
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Sign in' });
    await userEvent.click(button);
    const form = canvasElement.querySelector('form');
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'submitting'));
    await expect(form).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** `disabled` greys out every field and the button, keeping the values (e.g. while the caller sends the answer). */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Full name' })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada Lovelace');
    await expect(canvas.getByRole('button', { name: 'Book delivery' })).toBeDisabled();
  },
};

/** `defaultValues` restores a draft (as `onValuesChange` reported it); `onValuesChange` reports every change. */
export const DraftAndValuesChange: Story = {
  args: {
    parameters: {
      heading: 'Sign in to Acme Shop',
      fields: [
        { type: 'text', label: 'Username', required: true },
        { type: 'switch', label: 'Keep me signed in' },
      ],
      submitButton: { label: 'Sign in' },
    },
    defaultValues: [
      { label: 'Username', value: 'ada' },
      { label: 'Keep me signed in', value: true },
    ],
  },
  play: async ({ args, canvas, userEvent }) => {
    const username = canvas.getByRole('textbox', { name: 'Username' });
    await expect(username).toHaveValue('ada');
    await userEvent.type(username, '.l');
    await expect(args.onValuesChange).toHaveBeenLastCalledWith([
      { label: 'Username', value: 'ada.l' },
      { label: 'Keep me signed in', value: true },
    ]);
  },
};

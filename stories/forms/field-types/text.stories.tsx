import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/Text',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'text', label: 'Full name', defaultValue: 'Ada Lovelace', placeholder: 'As on your passport' }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const bookingReference = {
  type: 'text',
  label: 'Booking reference',
  required: true,
  minLength: 6,
  maxLength: 6,
  pattern: '[A-Z0-9]{6}',
  placeholder: 'ABC123',
  autocomplete: 'off',
};

/** A single-line text input showing its `defaultValue`; sent untouched, it answers with it. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada Lovelace');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Full name', value: 'Ada Lovelace' }]);
  },
};

/** `required`, `minLength`, `maxLength`, `pattern`, `placeholder` and `autocomplete` on the native input. */
export const Constraints: Story = {
  args: { parameters: { fields: [bookingReference] } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Booking reference' });
    await expect(input).toBeRequired();
    await expect(input).toHaveAttribute('placeholder', 'ABC123');
    await expect(input).toHaveAttribute('maxlength', '6');
    await userEvent.type(input, 'K7X2PQ');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Booking reference', value: 'K7X2PQ' }]);
  },
};

/** An empty required field refuses the submit; the message follows the value as it is corrected. */
export const ErrorState: Story = {
  args: { parameters: { fields: [bookingReference] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Booking reference' });
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Booking reference.',
      focused: input,
      invalid: input,
      message: 'This field is required',
    });
    await userEvent.type(input, 'k7x');
    await expect(input).toHaveAccessibleDescription('Must be at least 6 characters');
  },
};

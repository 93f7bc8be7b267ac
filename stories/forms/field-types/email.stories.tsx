import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/Email',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'email', label: 'Email for the receipt', defaultValue: 'ada@example.com' }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const email = {
  type: 'email',
  label: 'Email for the receipt',
  required: true,
  maxLength: 254,
  placeholder: 'name@example.com',
  autocomplete: 'email',
};

/** A native email input with its default. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email for the receipt' })).toHaveAttribute('type', 'email');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Email for the receipt', value: 'ada@example.com' }]);
  },
};

/** `required`, `maxLength`, `placeholder`; `autocomplete="email"` is allowed through by the default policy. */
export const Constraints: Story = {
  args: { parameters: { fields: [email] } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Email for the receipt' });
    await expect(input).toHaveAttribute('autocomplete', 'email');
    await userEvent.type(input, 'grace@example.org');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Email for the receipt', value: 'grace@example.org' }]);
  },
};

/** Text that is not an email address by HTML's rules is refused. */
export const ErrorState: Story = {
  args: { parameters: { fields: [email] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Email for the receipt' });
    await userEvent.type(input, 'ada@');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Email for the receipt.',
      focused: input,
      invalid: input,
      message: 'Must be an email address, such as name@example.com',
    });
  },
};

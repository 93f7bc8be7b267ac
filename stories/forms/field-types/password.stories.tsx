import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/Password',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'password', label: 'Shop password' }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const newPassword = { type: 'password', label: 'New password', required: true, minLength: 8, maxLength: 64, autocomplete: 'new-password' };

/**
 * A native password input. Without an `autocomplete` it gets `autocomplete="off"`, so the browser
 * does not offer this app's own saved password to a form the agent wrote.
 */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByLabelText('Shop password');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveAttribute('autocomplete', 'off');
    await userEvent.type(input, 'correct horse');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Shop password', value: 'correct horse' }]);
  },
};

/** `minLength`/`maxLength`; the agent's `autocomplete="new-password"` is refused by the default `'safe'` policy. */
export const Constraints: Story = {
  args: { parameters: { fields: [newPassword] } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByLabelText('New password');
    await expect(input).toHaveAttribute('minlength', '8');
    await expect(input).toHaveAttribute('autocomplete', 'off');
    await userEvent.type(input, 'tr0ub4dor&3');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'New password', value: 'tr0ub4dor&3' }]);
  },
};

/** A password shorter than `minLength` is refused. */
export const ErrorState: Story = {
  args: { parameters: { fields: [newPassword] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const input = canvas.getByLabelText('New password');
    await userEvent.type(input, 'short');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: New password.',
      focused: input,
      invalid: input,
      message: 'Must be at least 8 characters',
    });
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/Tel',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'tel', label: 'Phone for the courier', defaultValue: '+44 20 7946 0018' }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const phone = {
  type: 'tel',
  label: 'Phone for the courier',
  required: true,
  pattern: '\\+?[0-9 ]{7,16}',
  placeholder: '+44 20 7946 0018',
  autocomplete: 'tel',
};

/** A native telephone input with its default. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('textbox', { name: 'Phone for the courier' })).toHaveAttribute('type', 'tel');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Phone for the courier', value: '+44 20 7946 0018' }]);
  },
};

/** A `pattern` the whole value must match, and `autocomplete="tel"`. */
export const Constraints: Story = {
  args: { parameters: { fields: [phone] } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Phone for the courier' });
    // The agent's pattern is checked by our linear-time matcher on submit, never handed to the browser.
    await expect(input).not.toHaveAttribute('pattern');
    await expect(input).toHaveAttribute('autocomplete', 'tel');
    await userEvent.type(input, '020 7946 0991');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Phone for the courier', value: '020 7946 0991' }]);
  },
};

/** Text that does not match the pattern is refused. */
export const ErrorState: Story = {
  args: { parameters: { fields: [phone] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Phone for the courier' });
    await userEvent.type(input, 'call me');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Phone for the courier.',
      focused: input,
      invalid: input,
      message: 'Must match the requested format',
    });
  },
};

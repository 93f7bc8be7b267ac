import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/Number',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'number', label: 'Passengers', defaultValue: 2 }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const passengers = { type: 'number', label: 'Passengers', required: true, min: 1, max: 9, step: 1, placeholder: '1 to 9' };

/** A native number input (`role="spinbutton"`); the answer is a number, not text. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('spinbutton', { name: 'Passengers' })).toHaveValue(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Passengers', value: 2 }]);
  },
};

/** `min`, `max` and `step` become the input's attributes; without a `step` any number is allowed. */
export const Constraints: Story = {
  args: { parameters: { fields: [passengers] } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('spinbutton', { name: 'Passengers' });
    await expect(input).toHaveAttribute('min', '1');
    await expect(input).toHaveAttribute('max', '9');
    await expect(input).toHaveAttribute('step', '1');
    await userEvent.type(input, '4');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Passengers', value: 4 }]);
  },
};

/** A number above `max` is refused with the limit in words. */
export const ErrorState: Story = {
  args: { parameters: { fields: [passengers] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const input = canvas.getByRole('spinbutton', { name: 'Passengers' });
    await userEvent.type(input, '12');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Passengers.',
      focused: input,
      invalid: input,
      message: 'Must be 9 or less',
    });
  },
};

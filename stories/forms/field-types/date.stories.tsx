import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/Date',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'date', label: 'Delivery date', defaultValue: '2025-04-10' }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

// Date limits are the input's `valueAsNumber`: milliseconds since 1970-01-01 UTC.
const april = { type: 'date', label: 'Delivery date', required: true, min: Date.UTC(2025, 3, 1), max: Date.UTC(2025, 3, 30) };

/** A native date input; the answer is the value string, `YYYY-MM-DD`. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByLabelText('Delivery date')).toHaveValue('2025-04-10');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Delivery date', value: '2025-04-10' }]);
  },
};

/** Numeric `min`/`max` are written as dates on the input. */
export const Constraints: Story = {
  args: { parameters: { fields: [{ ...april, defaultValue: '2025-04-22' }] } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByLabelText('Delivery date');
    await expect(input).toHaveAttribute('min', '2025-04-01');
    await expect(input).toHaveAttribute('max', '2025-04-30');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Delivery date', value: '2025-04-22' }]);
  },
};

/** A date before `min` (here the agent's own default) is refused, with the limit as a date. */
export const ErrorState: Story = {
  args: { parameters: { fields: [{ ...april, defaultValue: '2025-03-15' }] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const input = canvas.getByLabelText('Delivery date');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Delivery date.',
      focused: input,
      invalid: input,
      message: 'Must be 2025-04-01 or later',
    });
  },
};

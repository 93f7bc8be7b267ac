import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/Month',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'month', label: 'Card expiry', defaultValue: '2027-08' }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

// Month limits are months since January 1970, the input's `valueAsNumber`.
const monthsSince1970 = (year: number, month: number) => (year - 1970) * 12 + (month - 1);
const expiry = { type: 'month', label: 'Card expiry', required: true, min: monthsSince1970(2025, 4), max: monthsSince1970(2035, 12) };

/** A native month input; the answer is `YYYY-MM`. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByLabelText('Card expiry')).toHaveValue('2027-08');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Card expiry', value: '2027-08' }]);
  },
};

/** Numeric `min`/`max` are written as months on the input. */
export const Constraints: Story = {
  args: { parameters: { fields: [{ ...expiry, defaultValue: '2029-01' }] } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByLabelText('Card expiry');
    await expect(input).toHaveAttribute('min', '2025-04');
    await expect(input).toHaveAttribute('max', '2035-12');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Card expiry', value: '2029-01' }]);
  },
};

/** An empty required month is refused. */
export const ErrorState: Story = {
  args: { parameters: { fields: [expiry] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const input = canvas.getByLabelText('Card expiry');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Card expiry.',
      focused: input,
      invalid: input,
      message: 'This field is required',
    });
  },
};

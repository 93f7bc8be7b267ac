import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/Time',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'time', label: 'Pick-up time', defaultValue: '09:30' }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const HOUR = 3_600_000;
// Time limits are milliseconds since midnight, the input's `valueAsNumber`.
const openingHours = { type: 'time', label: 'Pick-up time', required: true, min: 8 * HOUR, max: 18 * HOUR };

/** A native time input; the answer is `HH:MM`. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByLabelText('Pick-up time')).toHaveValue('09:30');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Pick-up time', value: '09:30' }]);
  },
};

/** Numeric `min`/`max` are written as times on the input. */
export const Constraints: Story = {
  args: { parameters: { fields: [{ ...openingHours, defaultValue: '17:15' }] } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByLabelText('Pick-up time');
    await expect(input).toHaveAttribute('min', '08:00');
    await expect(input).toHaveAttribute('max', '18:00');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Pick-up time', value: '17:15' }]);
  },
};

/** An empty required time is refused. */
export const ErrorState: Story = {
  args: { parameters: { fields: [openingHours] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const input = canvas.getByLabelText('Pick-up time');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Pick-up time.',
      focused: input,
      invalid: input,
      message: 'This field is required',
    });
  },
};

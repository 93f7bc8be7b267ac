import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/Datetime-local',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'datetime-local', label: 'Appointment', defaultValue: '2025-04-10T14:00' }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

// Limits are the input's `valueAsNumber`: the local date and time read as if they were UTC.
const slot = { type: 'datetime-local', label: 'Appointment', required: true, min: Date.UTC(2025, 3, 1, 8), max: Date.UTC(2025, 3, 30, 20) };

/** A native date-and-time input; the answer is `YYYY-MM-DDTHH:MM`. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByLabelText('Appointment')).toHaveValue('2025-04-10T14:00');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Appointment', value: '2025-04-10T14:00' }]);
  },
};

/** Numeric `min`/`max` are written in the input's own format. */
export const Constraints: Story = {
  args: { parameters: { fields: [{ ...slot, defaultValue: '2025-04-30T19:45' }] } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByLabelText('Appointment');
    await expect(input).toHaveAttribute('min', '2025-04-01T08:00');
    await expect(input).toHaveAttribute('max', '2025-04-30T20:00');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Appointment', value: '2025-04-30T19:45' }]);
  },
};

/** A moment after `max` is refused, with the limit in the input's format. */
export const ErrorState: Story = {
  args: { parameters: { fields: [{ ...slot, defaultValue: '2025-05-02T10:00' }] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const input = canvas.getByLabelText('Appointment');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Appointment.',
      focused: input,
      invalid: input,
      message: 'Must be 2025-04-30T20:00 or earlier',
    });
  },
};

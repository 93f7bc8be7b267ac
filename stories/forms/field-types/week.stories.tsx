import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/Week',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'week', label: 'Holiday week', defaultValue: '2025-W31' }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

// Week limits are the input's `valueAsNumber`: the Monday of the week, in ms since 1970-01-01 UTC.
const summer = { type: 'week', label: 'Holiday week', required: true, min: Date.UTC(2025, 5, 2), max: Date.UTC(2025, 8, 29) };

/** A native week input; the answer is the ISO week, `YYYY-Www`. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByLabelText('Holiday week')).toHaveValue('2025-W31');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Holiday week', value: '2025-W31' }]);
  },
};

/** Numeric `min`/`max` are written as ISO weeks on the input. */
export const Constraints: Story = {
  args: { parameters: { fields: [{ ...summer, defaultValue: '2025-W27' }] } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByLabelText('Holiday week');
    await expect(input).toHaveAttribute('min', '2025-W23');
    await expect(input).toHaveAttribute('max', '2025-W40');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Holiday week', value: '2025-W27' }]);
  },
};

/** A week after `max` is refused, with the limit as an ISO week. */
export const ErrorState: Story = {
  args: { parameters: { fields: [{ ...summer, defaultValue: '2025-W45' }] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const input = canvas.getByLabelText('Holiday week');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Holiday week.',
      focused: input,
      invalid: input,
      message: 'Must be 2025-W40 or earlier',
    });
  },
};

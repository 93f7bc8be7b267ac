import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/Switch',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'switch', label: 'Keep me signed in', defaultValue: true }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const placeOrder = { type: 'switch', label: 'Place the order (€96.40)', required: true, defaultValue: false };

/** A Radix Switch (`role="switch"`), answered as a boolean. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('switch', { name: 'Keep me signed in' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Keep me signed in', value: true }]);
  },
};

/** `required`: the switch must be on, as for a confirmation. */
export const Constraints: Story = {
  args: { parameters: { fields: [placeOrder] } },
  play: async ({ args, canvas, userEvent }) => {
    const toggle = canvas.getByRole('switch', { name: 'Place the order (€96.40)' });
    await expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Place the order (€96.40)', value: true }]);
  },
};

/** A required switch left off is refused. */
export const ErrorState: Story = {
  args: { parameters: { fields: [placeOrder] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    const toggle = canvas.getByRole('switch', { name: 'Place the order (€96.40)' });
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Place the order (€96.40).',
      focused: toggle,
      invalid: toggle,
      message: 'This field is required',
    });
  },
};

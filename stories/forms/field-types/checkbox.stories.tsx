import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/Checkbox',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'checkbox', label: 'Email me the receipt', defaultValue: true }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One checkbox, answered as a boolean. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Email me the receipt' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Email me the receipt', value: true }]);
  },
};

/** With `options` and `required`: a group (`role="group"`) needing at least one, answered as the chosen values. */
export const Constraints: Story = {
  args: {
    parameters: {
      fields: [
        {
          type: 'checkbox',
          label: 'Must-have features',
          required: true,
          options: [
            { label: 'Backlit keyboard', value: 'backlight' },
            { label: 'At least 16 GB memory', value: 'ram16' },
            { label: 'USB-C charging', value: 'usbc' },
          ],
          defaultValue: 'usbc',
        },
      ],
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const group = canvas.getByRole('group', { name: 'Must-have features' });
    await expect(group).toBeInTheDocument();
    await expect(canvas.getByRole('checkbox', { name: 'USB-C charging' })).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Backlit keyboard' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Must-have features', value: ['backlight', 'usbc'] }]);
  },
};

/** A required checkbox left unchecked is refused (the "I accept" case). */
export const ErrorState: Story = {
  args: { parameters: { fields: [{ type: 'checkbox', label: 'I accept the shop’s terms of sale', required: true }] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    const checkbox = canvas.getByRole('checkbox', { name: 'I accept the shop’s terms of sale' });
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: I accept the shop’s terms of sale.',
      focused: checkbox,
      invalid: checkbox,
      message: 'This field is required',
    });
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

// Amounts in cents: numeric option values stay numbers in the answer.
const methods = [
  { label: 'Standard, 5–7 working days (free)', value: 0 },
  { label: 'Express, 2 working days (€9.90)', value: 990 },
  { label: 'Next working day (€19.90)', value: 1990 },
];

const meta = {
  title: 'Forms/Field types/Radio',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'radio', label: 'Shipping method', options: methods, defaultValue: 0 }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Radio buttons in a `role="radiogroup"` named by the label; the default option is checked. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('radio', { name: 'Standard, 5–7 working days (free)' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Shipping method', value: 0 }]);
  },
};

/** `required`, numeric option values; the arrow keys move the choice. */
export const Constraints: Story = {
  args: { parameters: { fields: [{ type: 'radio', label: 'Shipping method', options: methods, required: true }] } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Express, 2 working days (€9.90)' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'Next working day (€19.90)' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Shipping method', value: 1990 }]);
  },
};

/** A required group with nothing chosen is refused; focus goes to its first radio. */
export const ErrorState: Story = {
  args: { parameters: { fields: [{ type: 'radio', label: 'Shipping method', options: methods, required: true }] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Shipping method.',
      focused: canvas.getByRole('radio', { name: 'Standard, 5–7 working days (free)' }),
      invalid: canvas.getByRole('radiogroup', { name: 'Shipping method' }),
      message: 'This field is required',
    });
  },
};

/**
 * The group's legend starts where every other label does, before and after a refused submit (the
 * box that turns red is around the options, as an input's border is around its text).
 */
export const AlignedWithOtherLabels: Story = {
  args: {
    parameters: {
      fields: [
        { type: 'text', label: 'Recipient', required: true },
        { type: 'radio', label: 'Shipping method', options: methods, required: true },
        { type: 'checkbox', label: 'Extras', options: [{ label: 'Gift wrap', value: 'wrap' }] },
      ],
    },
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const left = (element: Element | null | undefined) => {
      if (!element) throw new Error('no such element');
      return element.getBoundingClientRect().left;
    };
    const label = canvasElement.querySelector('label.hitl-label');
    const legends = () => [...canvasElement.querySelectorAll('legend')];
    await expect(legends()).toHaveLength(2);
    for (const legend of legends()) await expect(Math.abs(left(legend) - left(label))).toBeLessThanOrEqual(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(canvas.getByRole('radiogroup', { name: 'Shipping method' })).toHaveAttribute('aria-invalid', 'true');
    for (const legend of legends()) await expect(Math.abs(left(legend) - left(label))).toBeLessThanOrEqual(1);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/Range',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'range', label: 'Importance of battery life', min: 1, max: 5, step: 1, defaultValue: 3 }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A native slider with its value shown beside it; answered as a number. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('slider', { name: 'Importance of battery life' })).toHaveValue('3');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Importance of battery life', value: 3 }]);
  },
};

/**
 * Moves a slider as a drag does: the browser sets the value and fires `input`. (Synthetic key
 * events do not move a native slider, so `userEvent.keyboard` cannot.)
 */
function slideTo(slider: HTMLElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(slider, value);
  slider.dispatchEvent(new Event('input', { bubbles: true }));
}

/** `min`, `max` and `step` on the slider; the value shown beside it follows the slider. */
export const Constraints: Story = {
  args: { parameters: { fields: [{ type: 'range', label: 'Budget (€)', min: 500, max: 2000, step: 250, defaultValue: 1000 }] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const slider = canvas.getByRole('slider', { name: 'Budget (€)' });
    await expect(slider).toHaveAttribute('min', '500');
    await expect(slider).toHaveAttribute('max', '2000');
    await expect(slider).toHaveAttribute('step', '250');
    slideTo(slider, '1250');
    await waitFor(() => expect(canvasElement.querySelector('output')).toHaveTextContent('1250'));
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Budget (€)', value: 1250 }]);
  },
};

/**
 * A range has no error state: like HTML's, its value is always clamped to `min`/`max` and snapped
 * to the `step`, so a submit is never refused. Here the agent's default of 12 on a 0–10 scale in
 * steps of 2 is sent as 10, and nothing is announced.
 */
export const NoErrorState: Story = {
  args: { parameters: { fields: [{ type: 'range', label: 'Volume', min: 0, max: 10, step: 2, defaultValue: 12, required: true }] } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('slider', { name: 'Volume' })).toHaveValue('10');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Volume', value: 10 }]);
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/URL',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: { fields: [{ type: 'url', label: 'Product page', defaultValue: 'https://shop.example.com/chairs/ergo-2' }] },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const productPage = { type: 'url', label: 'Product page', required: true, placeholder: 'https://', maxLength: 2048 };

/** A native URL input with its default. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('textbox', { name: 'Product page' })).toHaveAttribute('type', 'url');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Product page', value: 'https://shop.example.com/chairs/ergo-2' }]);
  },
};

/** `required`, `placeholder` and `maxLength`; any absolute address with a scheme and a host passes. */
export const Constraints: Story = {
  args: { parameters: { fields: [productPage] } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Product page' });
    await expect(input).toHaveAttribute('placeholder', 'https://');
    await userEvent.type(input, 'https://furniture.example.com/p/5531');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Product page', value: 'https://furniture.example.com/p/5531' }]);
  },
};

/** An address without a scheme is refused. */
export const ErrorState: Story = {
  args: { parameters: { fields: [productPage] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Product page' });
    await userEvent.type(input, 'shop.example.com/chairs');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Product page.',
      focused: input,
      invalid: input,
      message: 'Must be a full web address, such as https://example.com',
    });
  },
};

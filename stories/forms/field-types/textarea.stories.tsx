import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const meta = {
  title: 'Forms/Field types/Textarea',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: {
    ...formEventArgs(),
    parameters: {
      fields: [
        {
          type: 'textarea',
          label: 'Note to the courier',
          defaultValue: 'Leave the parcel with the neighbour at number 12.\nThank you!',
          rows: 3,
        },
      ],
    },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const complaint = {
  type: 'textarea',
  label: 'What went wrong?',
  required: true,
  minLength: 20,
  maxLength: 500,
  rows: 5,
  cols: 40,
  placeholder: 'At least 20 characters',
};

/** A `<textarea>`; line breaks are kept in the answer. */
export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('textbox', { name: 'Note to the courier' })).toHaveAttribute('rows', '3');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Note to the courier', value: 'Leave the parcel with the neighbour at number 12.\nThank you!' }]);
  },
};

/** `rows`, `cols`, `minLength`, `maxLength` and `placeholder`. */
export const Constraints: Story = {
  args: { parameters: { fields: [complaint] } },
  play: async ({ args, canvas, userEvent }) => {
    const textarea = canvas.getByRole('textbox', { name: 'What went wrong?' });
    await expect(textarea).toHaveAttribute('cols', '40');
    await expect(textarea).toHaveAttribute('maxlength', '500');
    await userEvent.type(textarea, 'The chair arrived{Enter}with a broken wheel.');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'What went wrong?', value: 'The chair arrived\nwith a broken wheel.' }]);
  },
};

/** Text shorter than `minLength` is refused. */
export const ErrorState: Story = {
  args: { parameters: { fields: [complaint] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const textarea = canvas.getByRole('textbox', { name: 'What went wrong?' });
    await userEvent.type(textarea, 'Broken.');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: What went wrong?.',
      focused: textarea,
      invalid: textarea,
      message: 'Must be at least 20 characters',
    });
  },
};

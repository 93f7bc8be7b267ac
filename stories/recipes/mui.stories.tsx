import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { MuiToolCallForm } from '../../examples/mui-form/mui-tool-call-form';
import type { FormAnswer } from '../../src';
import {
  EVERY_KIND,
  EVERY_KIND_ANSWER,
  expectAnswerShown,
  expectRefused,
  fillEveryKind,
  FIXED,
  FIXED_ANSWER,
  recipeArgs,
  WithSentAnswer,
  type Widgets,
} from './recipe-story';

/** MUI's Select opens on a press and lists its options in a menu, outside the story's canvas; its Slider moves by keys. */
const MUI_WIDGETS: Widgets = {
  async choose(canvas, user, label, option) {
    await user.click(canvas.getByRole('combobox', { name: label }));
    await user.click(await within(document.body).findByRole('option', { name: option }));
  },
  async slide(canvas, user, label, value) {
    const slider = canvas.getByRole('slider', { name: label });
    slider.focus();
    await user.keyboard('{Home}');
    const step = Number(slider.getAttribute('step'));
    for (let at = Number(slider.getAttribute('min')); at < value; at += step) await user.keyboard('{ArrowRight}');
  },
};

/**
 * `examples/mui-form`: a `form_input` call rendered with MUI 7 (Material UI), built on
 * `useToolCallForm`. The library's stylesheet is off here: nothing of it is used.
 */
const meta = {
  title: 'Recipes/MUI',
  component: MuiToolCallForm,
  tags: ['autodocs'],
  parameters: { libraryStyles: false },
  args: recipeArgs(EVERY_KIND),
  render: (args) => <WithSentAnswer Form={MuiToolCallForm} {...args} />,
} satisfies Meta<typeof MuiToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every kind filled in and sent: the answer shown under the form is what `<ToolCallForm>` sends for the same input. */
export const EveryKind: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await fillEveryKind(canvas, userEvent, MUI_WIDGETS);
    await userEvent.click(canvas.getByRole('button', { name: 'Book delivery' }));
    await expectAnswerShown(canvas, EVERY_KIND_ANSWER);
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('form', { name: 'Book the delivery' })).toHaveAttribute('data-status', 'submitted');
  },
};

/** A refused submit: nothing sent, a summary announced, each error wired to its control, focus on the first. */
export const RefusedSubmit: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone' }), 'call me');
    await userEvent.click(canvas.getByRole('button', { name: 'Book delivery' }));
    await expectRefused(canvas, args, {
      summary: 'Please correct 4 fields: Full name, Email, Phone, Signature.',
      focused: canvas.getByRole('textbox', { name: 'Full name' }),
      message: 'This field is required',
    });
    await expect(canvas.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('Must match the requested format');
    await expect(canvas.getByRole('radiogroup', { name: 'Signature' })).toHaveAccessibleDescription('This field is required');
    await expect(canvas.getByRole('region', { name: 'Answer sent' })).toHaveTextContent('Nothing sent yet.');
  },
};

/** Read-only fields are focusable and sent as they are; disabled ones are greyed out. Neither changes. */
export const ReadOnlyAndDisabled: Story = {
  args: recipeArgs(FIXED),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('textbox', { name: 'Account' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('switch', { name: 'Text me updates' }));
    await expect(canvas.getByRole('switch', { name: 'Text me updates' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'Signature required' }));
    await expect(canvas.getByRole('radio', { name: 'No signature' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectAnswerShown(canvas, FIXED_ANSWER);
  },
};

/** While `onSubmit`'s promise is pending the form is busy; the button keeps the focus and further submits are ignored. */
export const Submitting: Story = {
  args: {
    ...recipeArgs({ heading: 'Sign in', fields: [{ type: 'text', label: 'Name', defaultValue: 'Ada' }] }),
    onSubmit: fn<(answer: FormAnswer, input: string) => Promise<void>>(() => new Promise<void>(() => {})),
  },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Submit' });
    await userEvent.click(button);
    await userEvent.click(button);
    await expect(canvas.getByRole('form', { name: 'Sign in' })).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveFocus();
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

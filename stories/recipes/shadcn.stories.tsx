import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { ShadcnToolCallForm } from '../../examples/shadcn-form/shadcn-tool-call-form';
import tailwindCss from '../../examples/shadcn-form/styles.css?inline';
import type { FormAnswer } from '../../src';
import { PageStyle } from '../support/page-style';
import {
  EVERY_KIND,
  EVERY_KIND_ANSWER,
  expectAnswerShown,
  expectRefused,
  fillEveryKind,
  FIXED,
  FIXED_ANSWER,
  recipeArgs,
  setNativeValue,
  WithSentAnswer,
  type Widgets,
} from './recipe-story';

/** Radix Select opens on a press; its options are in a portal, outside the story's canvas. */
const SHADCN_WIDGETS: Widgets = {
  async choose(canvas, user, label, option) {
    await user.click(canvas.getByRole('combobox', { name: label }));
    await user.click(await within(document.body).findByRole('option', { name: option }));
  },
  // A native range: synthetic key events do not move it, so the value is set as a drag sets it.
  slide(canvas, _user, label, value) {
    setNativeValue(canvas.getByRole('slider', { name: label }), String(value));
    return Promise.resolve();
  },
};

/**
 * `examples/shadcn-form`: a `form_input` call rendered with shadcn/ui (Radix and Tailwind 4),
 * built on `useToolCallForm`. The library's stylesheet is off here: nothing of it is used.
 */
const meta = {
  title: 'Recipes/shadcn',
  component: ShadcnToolCallForm,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <PageStyle id="shadcn" css={tailwindCss}>
        <Story />
      </PageStyle>
    ),
  ],
  parameters: { libraryStyles: false },
  args: recipeArgs(EVERY_KIND),
  render: (args) => <WithSentAnswer Form={ShadcnToolCallForm} {...args} />,
} satisfies Meta<typeof ShadcnToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every kind filled in and sent: the answer shown under the form is what `<ToolCallForm>` sends for the same input. */
export const EveryKind: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await fillEveryKind(canvas, userEvent, SHADCN_WIDGETS);
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

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import libraryCss from '../../src/styles.css?inline';
import { ToolCallForm } from '../../src';
import { expectSubmitted, formEventArgs, formEventArgTypes } from '../support/form-stories';
import { PageStyle } from '../support/page-style';
import { expectClickable } from '../support/visibility';
import tailwindCss from './tailwind-layer.css?inline';

/** Tailwind, then the library's stylesheet in its `components` layer: `@import 'hitl-react/styles.css' layer(components)`. */
const LAYERED_CSS = `${tailwindCss}\n@layer components {\n${libraryCss}\n}\n`;

/**
 * The components in a Tailwind 4 app, with the library's stylesheet imported into Tailwind's
 * `components` layer (the Styling guide, stories/guides/styling.mdx). Preflight does not reset them, and Tailwind classes on
 * them win: here `text-lg` and `max-w-md` on the form, which an unlayered stylesheet would beat.
 */
const meta = {
  title: 'Theming/Tailwind with the layer',
  component: ToolCallForm,
  // The catalogue's own copy of the stylesheet is unlayered: off here, the layered one on.
  parameters: { libraryStyles: false },
  tags: ['!autodocs'],
  decorators: [
    (Story) => (
      <PageStyle id="tailwind-layer" css={LAYERED_CSS}>
        <Story />
      </PageStyle>
    ),
  ],
  args: {
    ...formEventArgs(),
    className: 'max-w-md text-lg',
    parameters: {
      heading: 'Sign in to Acme Shop',
      fields: [
        { type: 'email', label: 'Email', required: true, defaultValue: 'ada@example.com' },
        { type: 'select', label: 'Shop', options: [{ label: 'Acme Shop', value: 'acme' }], defaultValue: 'acme' },
        { type: 'checkbox', label: 'Remember this device' },
        { type: 'switch', label: 'Keep me signed in' },
      ],
      submitButton: { label: 'Sign in' },
    },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Library styles over preflight, Tailwind classes over the library; every control visible and usable. */
export const TailwindWithTheLayer: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const form = canvasElement.querySelector('form');
    if (form === null) throw new Error('no form');
    // Utilities win over the library: `text-lg` (1.125rem) and `max-w-md` (28rem) on the root.
    await expect(getComputedStyle(form).fontSize).toBe('18px');
    await expect(getComputedStyle(form).maxWidth).toBe('448px');
    // The library wins over preflight: the accent submit button, bordered inputs, bold labels.
    const submit = canvas.getByRole('button', { name: 'Sign in' });
    await expect(getComputedStyle(submit).backgroundColor).toBe('rgb(9, 105, 218)');
    await expect(getComputedStyle(canvas.getByRole('textbox', { name: /Email/ })).borderTopWidth).toBe('1px');
    const label = canvasElement.querySelector('.hitl-label');
    if (label === null) throw new Error('no label');
    await expect(getComputedStyle(label).fontWeight).toBe('600');
    for (const control of [
      canvas.getByRole('combobox', { name: 'Shop' }),
      canvas.getByRole('checkbox', { name: 'Remember this device' }),
      canvas.getByRole('switch', { name: 'Keep me signed in' }),
      submit,
    ]) {
      await expectClickable(control);
    }
    await userEvent.click(canvas.getByRole('switch', { name: 'Keep me signed in' }));
    await userEvent.click(submit);
    await expectSubmitted(args, [
      { label: 'Email', value: 'ada@example.com' },
      { label: 'Shop', value: 'acme' },
      { label: 'Remember this device', value: false },
      { label: 'Keep me signed in', value: true },
    ]);
  },
};

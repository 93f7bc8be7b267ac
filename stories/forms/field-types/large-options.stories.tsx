import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ToolCallForm } from '../../../src';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../../support/form-stories';

const COUNT = 10_000;
const stores = Array.from({ length: COUNT }, (_, i) => ({ label: `Store ${i + 1}`, value: `store-${i + 1}` }));
// Numeric option values stay numbers in the answer.
const seats = Array.from({ length: COUNT }, (_, i) => ({ label: `Seat ${i + 1}`, value: i + 1 }));

const store = { type: 'select', label: 'Store', options: stores };

/**
 * A choice among more than 50 options (a select, radio group, checkbox group or multiple select)
 * is a searchable, virtualized combobox: only the rows in view are in the page, so 10,000 options
 * mount and open at once. Type to filter by label; the arrow keys, Home/End and PageUp/PageDown
 * move; Enter chooses (toggles, for several); Escape closes, then clears the search.
 */
const meta = {
  title: 'Forms/Field types/Large options',
  component: ToolCallForm,
  tags: ['autodocs'],
  args: { ...formEventArgs(), parameters: { fields: [store] } },
  argTypes: {
    ...formEventArgTypes,
    // 10,000 options are too many to edit as JSON in the Controls panel.
    parameters: { control: false },
  },
  parameters: {
    // The generated snippet would spell out all 10,000 options.
    docs: { source: { code: '<ToolCallForm parameters={{ fields: [{ type: "select", label: "Store", options /* 10,000 */ }] }} />' } },
  },
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A single select of 10,000 options: open with ↓, type to filter, ↓ to the second match, Enter. */
export const Select: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('combobox', { name: 'Store' });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getAllByRole('option')[0]).toHaveAttribute('aria-setsize', String(COUNT));
    await userEvent.keyboard('store 424{ArrowDown}{Enter}');
    await expect(input).toHaveValue('Store 4240');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Store', value: 'store-4240' }]);
  },
};

/**
 * The list open on a search, left open (the catalogue's axe check then sees it): the true count
 * is on every row (`aria-setsize`), the highlighted row is the input's `aria-activedescendant`.
 */
export const OpenList: Story = {
  args: { parameters: { fields: [{ ...store, multiple: true, defaultValue: 'store-12' }] } },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('combobox', { name: 'Store' });
    await userEvent.tab();
    await userEvent.keyboard('store 1{ArrowDown}{ArrowDown}{ArrowDown}');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    const active = canvasElementById(input, input.getAttribute('aria-activedescendant'));
    await expect(active).toHaveAccessibleName('Store 12');
    await expect(active).toHaveAttribute('aria-selected', 'true');
    // "Store 1", "Store 10" … "Store 19", "Store 100" …: 1,112 labels hold "store 1".
    await expect(active).toHaveAttribute('aria-setsize', '1112');
    await expect(canvas.getAllByRole('option').length).toBeLessThanOrEqual(50);
  },
};

/** The element with `id` in the document of `near`. */
function canvasElementById(near: HTMLElement, id: string | null): HTMLElement | null {
  return id === null ? null : near.ownerDocument.getElementById(id);
}

/** A radio group of 10,000: typing opens the list, the first match is highlighted, Enter takes it. */
export const RadioGroup: Story = {
  args: { parameters: { fields: [{ type: 'radio', label: 'Seat', options: seats, required: true }] } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await userEvent.keyboard('seat 777{Enter}');
    await expect(canvas.getByRole('combobox', { name: 'Seat' })).toHaveValue('Seat 777');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Seat', value: 777 }]);
  },
};

/**
 * A multiple select of 10,000: Enter toggles and the list stays open; what is chosen is listed
 * under the field and announced. The answer holds the values in option order, as checkboxes send them.
 */
export const MultipleSelect: Story = {
  args: { parameters: { fields: [{ ...store, label: 'Stores', multiple: true }] } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('combobox', { name: 'Stores' });
    await userEvent.tab();
    await userEvent.keyboard('store 12{ArrowDown}{ArrowDown}{Enter}{ArrowUp}{ArrowUp}{Enter}{Escape}');
    await expect(canvas.getByRole('listbox', { hidden: true })).not.toBeVisible();
    await expect(input).toHaveAccessibleDescription('2 chosen: Store 12, Store 121');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Stores', value: ['store-12', 'store-121'] }]);
  },
};

/** A checkbox group of 10,000 is the same combobox, with the same answer as its checkboxes would give. */
export const CheckboxGroup: Story = {
  args: { parameters: { fields: [{ type: 'checkbox', label: 'Seats', options: seats }] } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}{End}{Enter}{Home}{Enter}');
    // Back at the top, the last row is out of the page again; the summary lists both.
    await expect(canvas.getByRole('option', { name: 'Seat 1' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.queryByRole('option', { name: `Seat ${COUNT}` })).toBeNull();
    await expect(canvas.getByRole('combobox', { name: 'Seats' })).toHaveAccessibleDescription(`2 chosen: Seat 1, Seat ${COUNT}`);
    await userEvent.keyboard('{Tab}');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Seats', value: [1, COUNT] }]);
  },
};

const longLabel = `Store 7, ${'on the corner of a street whose name the agent spelled out at length, '.repeat(40)}the end`;

/**
 * Labels longer than a row: the row ends in an ellipsis, and the highlighted label is shown whole
 * under the rows. Once chosen, it is shown under the field, past `maxTextLength` behind "Show all".
 * Space chooses while no search is typed.
 */
export const LongLabels: Story = {
  args: {
    parameters: {
      fields: [{ ...store, options: stores.map((option, i) => (i === 6 ? { label: longLabel, value: option.value } : option)) }],
    },
    limits: { maxTextLength: 600 },
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const input = canvas.getByRole('combobox', { name: 'Store' });
    await userEvent.click(input);
    await userEvent.keyboard('store 7,');
    const preview = canvasElement.querySelector('.hitl-listbox-preview');
    await expect(preview).toBeVisible();
    await expect(preview).toHaveTextContent(`${longLabel.slice(0, 600)}…`);
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    const showAll = canvas.getByRole('button', { name: `Show all (${longLabel.length.toLocaleString('en')} characters)` });
    await userEvent.click(showAll);
    await expect(canvas.getByText(longLabel)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Store', value: 'store-7' }]);
  },
};

/** A required choice left empty is refused; focus goes to its combobox, described by the error. */
export const ErrorState: Story = {
  args: { parameters: { fields: [{ ...store, required: true }] } },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    const input = canvas.getByRole('combobox', { name: 'Store' });
    await expectRefused(canvasElement, args, {
      summary: 'Please correct 1 field: Store.',
      focused: input,
      invalid: input,
      message: 'This field is required',
    });
  },
};

/** Read-only: the list opens to show the choice, but keys and clicks do not change it. */
export const ReadOnly: Story = {
  args: { parameters: { fields: [{ type: 'radio', label: 'Seat', options: seats, readonly: true, defaultValue: 42 }] } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('combobox', { name: 'Seat' });
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('option', { name: 'Seat 42' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(input).toHaveValue('Seat 42');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSubmitted(args, [{ label: 'Seat', value: 42 }]);
  },
};

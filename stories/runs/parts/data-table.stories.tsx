import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { DataTable } from '../../../src';

const offers = [
  { title: 'Aero 14 · TechHub', value: 1099, shop: 'TechHub' },
  { title: 'Aero 14 · LapWorld', value: 1049, shop: 'LapWorld' },
  { title: 'Nimbus 13 · TechHub', value: 899, shop: 'TechHub' },
  { title: 'Quill 13 · Compuzone', value: 779, shop: 'Compuzone' },
];

const meta = {
  title: 'Runs/Parts/DataTable',
  component: DataTable,
  tags: ['autodocs'],
  args: { rows: offers, locale: 'en-GB' },
} satisfies Meta<typeof DataTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `title` and `value` lead; further keys become further columns, in the order first seen. */
export const Filled: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Extracted data' });
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Value', 'shop']);
    await expect(within(table).getByRole('rowheader', { name: 'Aero 14 · TechHub' })).toBeInTheDocument();
    await expect(within(table).getByRole('cell', { name: '1,099' })).toHaveAttribute('data-type', 'number');
    // It fits, so it is no Tab stop: there is nothing to scroll.
    await expect(canvas.getByRole('region', { name: 'Extracted data' })).not.toHaveAttribute('tabindex');
  },
};

/** Numbers follow `locale`: here German, with a comma as decimal separator. */
export const GermanNumbers: Story = {
  args: {
    locale: 'de-DE',
    caption: 'Kontostände',
    rows: [
      { title: 'Girokonto', value: 2450.75 },
      { title: 'Sparkonto', value: 10200 },
    ],
  },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Kontostände' });
    await expect(within(table).getByRole('cell', { name: '2.450,75' })).toBeInTheDocument();
    await expect(within(table).getByRole('cell', { name: '10.200' })).toBeInTheDocument();
  },
};

/** No rows: a sentence instead of an empty table. */
export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
    await expect(canvas.getByText('No data was extracted.')).toBeVisible();
  },
};

/** Many columns: the table scrolls sideways inside a focusable region, so keyboard users can scroll it. */
export const Wide: Story = {
  args: {
    rows: Array.from({ length: 3 }, (_, row) =>
      Object.fromEntries<string | number>([
        ['title', `Offer ${row + 1}`],
        ['value', 1000 + row * 50],
        ...Array.from({ length: 14 }, (_, column): [string, string] => [
          `specification ${column + 1}`,
          `detail ${row + 1}.${column + 1} of this offer`,
        ]),
      ]),
    ),
  },
  decorators: [(Story) => <div style={{ maxWidth: '32rem' }}>{Story()}</div>],
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Extracted data' });
    await waitFor(() => expect(region).toHaveAttribute('tabindex', '0'));
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
  },
};

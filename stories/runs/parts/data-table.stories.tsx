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

/** `count` offers, made once per count: a story's args are not the place for 100,000 objects. */
const madeOffers = new Map<number, Array<{ title: string; value: number; shop: string; rating: number; inStock: boolean }>>();
function manyOffers(count: number) {
  let rows = madeOffers.get(count);
  if (!rows) {
    const shops = ['TechHub', 'LapWorld', 'Compuzone', 'BitMart', 'NoteShop'];
    rows = Array.from({ length: count }, (_, index) => ({
      title: `Offer ${index + 1}`,
      value: 500 + ((index * 37) % 1500),
      shop: shops[index % shops.length] as string,
      rating: 1 + ((index * 7) % 40) / 10,
      inStock: index % 3 !== 0,
    }));
    madeOffers.set(count, rows);
  }
  return rows;
}

/** Body rows a screen reader sees: not the header, not the spacers (aria-hidden) that stand for the rows not rendered. */
function bodyRows(table: HTMLElement): HTMLElement[] {
  return within(table)
    .getAllByRole('row')
    .filter((row) => row.closest('tbody') !== null);
}

/**
 * Scrolls the region to `top` and waits until the row `rowIndex` (aria-rowindex) is rendered; checks that the
 * header is still at the top of the region and that only a window of rows is in the DOM.
 */
async function scrollAndCheck(region: HTMLElement, table: HTMLElement, top: number, rowIndex: number, title: string) {
  region.scrollTop = top;
  await waitFor(() => expect(bodyRows(table).map((row) => row.getAttribute('aria-rowindex'))).toContain(String(rowIndex)));
  const row = bodyRows(table).find((candidate) => candidate.getAttribute('aria-rowindex') === String(rowIndex)) as HTMLElement;
  await expect(within(row).getByRole('rowheader')).toHaveTextContent(title);
  await expect(bodyRows(table).length).toBeLessThan(100);
  const header = within(table).getAllByRole('columnheader')[0] as HTMLElement;
  await expect(Math.abs(header.getBoundingClientRect().top - region.getBoundingClientRect().top)).toBeLessThan(2);
}

async function checkWindowedTable(canvasElement: HTMLElement, count: number) {
  const canvas = within(canvasElement);
  const table = canvas.getByRole('table', { name: 'Extracted data' });
  // Assistive technology announces the true count: the header row and every data row.
  await expect(table).toHaveAttribute('aria-rowcount', String(count + 1));
  await expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Title', 'Value', 'shop', 'rating', 'inStock']);
  const first = bodyRows(table)[0] as HTMLElement;
  await expect(first).toHaveAttribute('aria-rowindex', '2');
  await expect(within(first).getByRole('rowheader')).toHaveTextContent('Offer 1');
  await expect(bodyRows(table).length).toBeLessThan(100);
  // The region scrolls, so it is a Tab stop: the arrow keys, Page Up/Down, Home and End scroll it.
  const region = canvas.getByRole('region', { name: 'Extracted data' });
  await expect(region).toHaveAttribute('tabindex', '0');
  const middle = Math.floor(count / 2);
  const rowHeight = first.getBoundingClientRect().height;
  await scrollAndCheck(region, table, (middle - 1) * rowHeight + 60, middle + 1, `Offer ${middle}`);
  await scrollAndCheck(region, table, region.scrollHeight, count + 1, `Offer ${count}`);
}

/**
 * 10,000 rows: only the rows in view (and a few around them) are rendered, the header stays in view, and
 * `aria-rowcount`/`aria-rowindex` tell screen readers the true count and each row's position.
 */
export const TenThousandRows: Story = {
  render: (args) => <DataTable {...args} rows={manyOffers(10_000)} />,
  parameters: { controls: { exclude: ['rows'] } },
  play: async ({ canvasElement }) => checkWindowedTable(canvasElement, 10_000),
};

/** 100,000 rows: the same, and the page does not freeze while they are shown or scrolled. */
export const HundredThousandRows: Story = {
  render: (args) => <DataTable {...args} rows={manyOffers(100_000)} />,
  parameters: { controls: { exclude: ['rows'] } },
  play: async ({ canvasElement }) => checkWindowedTable(canvasElement, 100_000),
};

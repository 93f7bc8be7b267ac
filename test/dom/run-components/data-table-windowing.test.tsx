import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DataTable } from '../../../src/components/run-result-view';
import { expectNoAxeViolations } from '../axe';

/** jsdom lays nothing out: the component falls back to rows of 36 px and a viewport of 480 px. */
const ROW_PX = 36;

const offers = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ title: `Offer ${index + 1}`, value: 1000 + index, shop: `Shop ${index % 7}` }));

/**
 * Body rows a screen reader sees: not the header, not the spacers (aria-hidden). A selector, not
 * `getAllByRole`: computing the roles of thousands of elements in jsdom takes seconds.
 */
function bodyRows(table: HTMLElement): HTMLElement[] {
  return [...table.querySelectorAll<HTMLElement>('tbody > tr:not([aria-hidden="true"])')];
}

function scrollTo(region: HTMLElement, top: number) {
  Object.defineProperty(region, 'scrollTop', { configurable: true, value: top });
  fireEvent.scroll(region);
}

describe('DataTable with many rows (windowed)', () => {
  it('renders a few rows of 10,000, and tells the true count and positions', async () => {
    const { container } = render(<DataTable rows={offers(10_000)} caption="Offers" locale="en-GB" />);
    const table = screen.getByRole('table', { name: 'Offers' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');

    const header = table.querySelector('thead > tr') as HTMLElement;
    expect(within(table).getAllByRole('row')).toContain(header);
    expect(header).toHaveAttribute('aria-rowindex', '1');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Value', 'shop']);

    const rows = bodyRows(table);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]).toHaveAttribute('aria-rowindex', '2');
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Offer 1');
    rows.forEach((row, index) => expect(row).toHaveAttribute('aria-rowindex', String(index + 2)));

    const region = screen.getByRole('region', { name: 'Offers' });
    // It always scrolls, so it is always a Tab stop: keyboard users scroll it with the arrow keys.
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveAttribute('data-windowed');
    await expectNoAxeViolations(container);
  });

  it('renders only the rows in view at first, and the rows around them once the first frame is laid out', () => {
    vi.useFakeTimers();
    const observers: Array<() => void> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          observers.push(this.callback);
        }
        disconnect() {}
      },
    );
    try {
      render(<DataTable rows={offers(10_000)} caption="Offers" />);
      const table = screen.getByRole('table', { name: 'Offers' });
      // A viewport of 480 px less a caption and header of about two rows: 12 rows of 36 px.
      expect(bodyRows(table)).toHaveLength(12);
      act(() => observers.forEach((callback) => callback()));
      act(() => {
        vi.runAllTimers();
      });
      expect(bodyRows(table).length).toBeGreaterThan(12 + 8);
      bodyRows(table).forEach((row, index) => expect(row).toHaveAttribute('aria-rowindex', String(index + 2)));
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });

  it('renders the rows in view after a scroll, with spacers standing for the others', () => {
    render(<DataTable rows={offers(10_000)} caption="Offers" />);
    const region = screen.getByRole('region', { name: 'Offers' });
    const table = screen.getByRole('table', { name: 'Offers' });
    act(() => scrollTo(region, 5_000 * ROW_PX));

    const rows = bodyRows(table);
    const indexes = rows.map((row) => Number(row.getAttribute('aria-rowindex')));
    // Row 5,001 (aria-rowindex 5,002) is at the top of the view; the window covers the view.
    expect(indexes).toContain(5_002);
    expect(indexes).toContain(5_002 + Math.ceil(480 / ROW_PX));
    expect(indexes).toEqual(indexes.map((_, index) => (indexes[0] as number) + index));
    expect(within(rows[indexes.indexOf(5_002)] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Offer 5001');

    const spacers = [...table.querySelectorAll<HTMLElement>('tbody tr[aria-hidden="true"]')];
    expect(spacers).toHaveLength(2);
    const spacerHeight = spacers.reduce((sum, spacer) => sum + Number.parseFloat(spacer.style.height), 0);
    expect(spacerHeight + rows.length * ROW_PX).toBe(10_000 * ROW_PX);

    act(() => scrollTo(region, 10_000 * ROW_PX));
    const last = bodyRows(table).at(-1) as HTMLElement;
    expect(last).toHaveAttribute('aria-rowindex', '10001');
    expect(within(last).getByRole('rowheader')).toHaveTextContent('Offer 10000');
    expect(table.querySelectorAll('tbody tr[aria-hidden="true"]')).toHaveLength(1);
  });

  it('renders every row of a table of 200 rows or fewer, without row counts', () => {
    render(<DataTable rows={offers(200)} />);
    const table = screen.getByRole('table');
    expect(bodyRows(table)).toHaveLength(200);
    expect(table).not.toHaveAttribute('aria-rowcount');
    expect(screen.getByRole('region')).not.toHaveAttribute('data-windowed');
  });

  it('renders every row whatever the count with windowAbove={Infinity}', () => {
    render(<DataTable rows={offers(220)} windowAbove={Infinity} />);
    expect(bodyRows(screen.getByRole('table'))).toHaveLength(220);
  });

  it('windows from a lower threshold when asked', () => {
    render(<DataTable rows={offers(100)} windowAbove={50} />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '101');
  });

  it('adds a column only far rows have once it has read them, after the first render', async () => {
    const rows: Array<Record<string, string | number>> = offers(30_000);
    rows[25_000] = { ...rows[25_000], rare: 'only here' };
    render(<DataTable rows={rows} />);
    const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    // The first render reads the first rows only: the page is not blocked reading all of them.
    expect(headers()).toEqual(['Title', 'Value', 'shop']);
    await waitFor(() => expect(headers()).toEqual(['Title', 'Value', 'shop', 'rare']));
  });

  it('skips rows that are not objects, and counts the rows of a long table right once it has read them', async () => {
    const rows: unknown[] = offers(5_000);
    rows[4_000] = 'not a row';
    rows[4_500] = [1, 2];
    const { unmount } = render(<DataTable rows={rows as Array<Record<string, unknown>>} />);
    // Only the first rows are read while rendering: the others are taken for rows until read after it.
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '5001');
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '4999'));
    unmount();

    rows[3] = null;
    render(<DataTable rows={[...rows] as Array<Record<string, unknown>>} />);
    // One among the first rows: every row is checked while rendering.
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '4998');
    expect(within(bodyRows(table)[3] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Offer 5');
  });
});

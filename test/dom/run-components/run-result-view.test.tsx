import { render, screen, within } from '@testing-library/react';
import type { RunResult } from '../../../src/client';
import { DataTable, RunResultView } from '../../../src/components/run-result-view';
import { expectNoAxeViolations } from '../axe';

const result = (patch: Partial<RunResult>): RunResult => ({ status: 'completed', error: null, output: {}, dataTable: [], ...patch });

describe('RunResultView', () => {
  it('shows the summary, the other output fields and the data table', async () => {
    const { container } = render(
      <RunResultView
        locale="en-US"
        result={result({
          output: {
            summary: 'Order placed; total €106.40.',
            orderNumber: 'ACME-10427',
            orderPlaced: true,
            items: 3,
            address: { city: 'Lyon' },
          },
          dataTable: [
            { title: 'Items', value: 86.5 },
            { title: 'Total', value: 1106.4 },
          ],
        })}
      />,
    );
    expect(screen.getByRole('region', { name: 'Result' })).toHaveAttribute('data-state', 'ok');
    expect(screen.getByText('Order placed; total €106.40.')).toBeInTheDocument();

    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const definitions = screen.getAllByRole('definition').map((definition) => definition.textContent);
    expect(terms).toEqual(['orderNumber', 'orderPlaced', 'items', 'address']);
    expect(definitions.slice(0, 3)).toEqual(['ACME-10427', 'true', '3']);
    // Objects as formatted JSON text.
    expect(screen.getAllByRole('definition')[3]?.querySelector('pre')?.textContent).toBe('{\n  "city": "Lyon"\n}');

    const table = screen.getByRole('table', { name: 'Extracted data' });
    expect(within(table).getByRole('cell', { name: '1,106.4' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Error' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('marks error content as an error: a string as text', () => {
    render(<RunResultView result={result({ status: 'failed', error: 'The site blocked the agent.' })} />);
    expect(screen.getByRole('region', { name: 'Result' })).toHaveAttribute('data-state', 'error');
    expect(screen.getByRole('group', { name: 'Error' })).toHaveTextContent('The site blocked the agent.');
    // A failed run without data: no "no data" sentence next to the error.
    expect(screen.queryByText(/No data was extracted/)).not.toBeInTheDocument();
  });

  it('marks error content as an error: an object as its message and the rest as JSON', async () => {
    const { container } = render(
      <RunResultView
        result={result({ status: 'failed', error: { message: 'Payment page did not load.', code: 'PAGE_LOAD_FAILED', attempts: 3 } })}
      />,
    );
    const error = screen.getByRole('group', { name: 'Error' });
    expect(within(error).getByText('Payment page did not load.')).toBeInTheDocument();
    expect(error.querySelector('pre')?.textContent).toBe('{\n  "code": "PAGE_LOAD_FAILED",\n  "attempts": 3\n}');
    await expectNoAxeViolations(container);
  });

  it('says so when the run returned nothing', () => {
    render(<RunResultView result={result({})} />);
    expect(screen.getByText('The run returned no output.')).toBeInTheDocument();
  });

  it('keeps a summary that is not a string with the other fields', () => {
    render(<RunResultView result={result({ output: { summary: { text: 'x' } as unknown as string } })} />);
    expect(screen.getByRole('term')).toHaveTextContent('summary');
  });

  it('takes heading level and texts from props', () => {
    render(
      <RunResultView
        result={result({ error: 'x' })}
        headingLevel={4}
        messages={{ heading: () => 'Ergebnis', errorHeading: () => 'Fehler' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Ergebnis', level: 4 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fehler', level: 5 })).toBeInTheDocument();
  });
});

describe('DataTable', () => {
  it('has a caption, column headers title, value, then other keys in first-seen order, and row headers', async () => {
    const { container } = render(
      <DataTable
        caption="Laptop offers"
        locale="de-DE"
        rows={[
          { shop: 'TechHub', title: 'Aero 14', value: 1099.5 },
          { title: 'Nimbus 13', value: 899, inStock: false, rating: 4.5 },
          { title: 'Pico 12', note: { refurbished: true } },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Laptop offers' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Title', 'Value', 'shop', 'inStock', 'rating', 'note']);
    for (const header of headers) expect(header).toHaveAttribute('scope', 'col');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Aero 14', 'Nimbus 13', 'Pico 12']);

    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!)).toEqual(['1.099,5', 'TechHub', '', '', '']);
    expect(cells(rows[1]!)).toEqual(['899', '', 'false', '4,5', '']);
    expect(cells(rows[2]!)).toEqual(['', '', '', '', '{"refurbished":true}']);
    await expectNoAxeViolations(container);
  });

  it('shows an empty state without rows', async () => {
    const { container } = render(<DataTable rows={[]} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No data was extracted.')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('leaves out title and value columns no row has', () => {
    render(<DataTable rows={[{ name: 'a', count: 2 }]} />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['name', 'count']);
    expect(screen.queryByRole('rowheader')).not.toBeInTheDocument();
  });

  it('does not read inherited properties for keys such as "constructor"', () => {
    render(<DataTable rows={[{ title: 'a' }, { title: 'b', constructor: 'x' }]} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('cell')).toHaveTextContent(/^$/);
    expect(within(rows[1]!).getByRole('cell')).toHaveTextContent('x');
  });
});

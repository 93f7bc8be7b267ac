// The hand-written table: every row rendered into a plain <table> that scrolls in a focusable region
// as tall as <DataTable>'s, numbers formatted with one Intl.NumberFormat made while rendering, as
// <DataTable> makes its own.
import { useMemo } from 'react';
import { installTableBench, type Offer } from './table-harness';

function Table({ rows }: { rows: Offer[] }) {
  const numbers = useMemo(() => new Intl.NumberFormat('en-GB'), []);
  return (
    <div role="region" aria-labelledby="caption" tabIndex={0} style={{ maxHeight: '28rem', overflow: 'auto' }}>
      <table>
        <caption id="caption">Offers</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Value</th>
            <th scope="col">shop</th>
            <th scope="col">rating</th>
            <th scope="col">inStock</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <th scope="row">{row.title}</th>
              <td>{numbers.format(row.value)}</td>
              <td>{row.shop}</td>
              <td>{numbers.format(row.rating)}</td>
              <td>{String(row.inStock)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

installTableBench((rows) => <Table rows={rows} />);

// <DataTable> as a user renders a run's extracted data; `?every-row` renders every row (windowAbove={Infinity}),
// as the component did before it was windowed.
import { DataTable } from '../../../src';
import { installTableBench } from './table-harness';

const everyRow = new URLSearchParams(window.location.search).has('every-row');

installTableBench((rows) => <DataTable rows={rows} caption="Offers" locale="en-GB" windowAbove={everyRow ? Infinity : undefined} />);

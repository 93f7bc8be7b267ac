export { RunResultView } from './run-result-view';
export type { RunResultViewProps } from './run-result-view';
export { DataTable } from './data-table';
export type { DataTableProps } from './data-table';
export type { RunResultViewMessages, DataTableMessages } from './messages';

export { RunResultView } from './run-result-view';
export type { RunResultViewProps } from './run-result-view';
export { DataTable, dataTableColumns } from './data-table';
export type { DataTableProps } from './data-table';
export { defaultRunResultViewMessages, defaultDataTableMessages } from './messages';
export type { RunResultViewMessages, DataTableMessages } from './messages';

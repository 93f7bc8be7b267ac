export { RunResultView } from './run-result-view';
export type { RunResultViewProps } from './run-result-view';
export { DataTable } from './data-table';
export { dataTableColumns } from './use-data-table-columns';
export type { DataTableProps } from './data-table';
export { defaultRunResultViewMessages, defaultDataTableMessages } from './messages';
export type { RunResultViewMessages, DataTableMessages } from './messages';

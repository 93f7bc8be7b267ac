export { RunList } from './run-list';
export type { RunListProps, RunListState } from './run-list';
export type { RunListMessages } from './messages';

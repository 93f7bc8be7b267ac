export { RunList } from './run-list';
export type { RunListProps, RunListState } from './run-list';
export { defaultRunListMessages } from './messages';
export type { RunListMessages } from './messages';

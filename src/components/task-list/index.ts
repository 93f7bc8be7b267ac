export { TaskList } from './task-list';
export type { TaskListProps, TaskListState } from './task-list';
export type { TaskListMessages } from './messages';

export { TaskList } from './task-list';
export type { TaskListProps, TaskListState } from './task-list';
export { defaultTaskListMessages } from './messages';
export type { TaskListMessages } from './messages';

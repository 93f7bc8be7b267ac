export type { TaskListMessages } from '../../messages';

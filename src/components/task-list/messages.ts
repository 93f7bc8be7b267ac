import { enTaskListMessages, type TaskListMessages } from '../../messages';

export type { TaskListMessages };

/** The English defaults of `TaskListMessages` (the `en` locale's group). */
export const defaultTaskListMessages: TaskListMessages = enTaskListMessages;

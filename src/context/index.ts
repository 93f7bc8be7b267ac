/** The React context that carries the task client (and optionally its store) down to the hooks. */
export { MISSING_TASK_CLIENT_MESSAGE, TaskClientContext } from './task-client-context';
export { TaskClientProvider, type TaskClientProviderProps } from './task-client-provider';
export { MessagesContext, MessagesProvider, type MessagesProviderProps } from './messages-context';

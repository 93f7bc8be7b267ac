/** Every text `<TaskList>` writes. Each is a function, so translations can reorder words. */
export interface TaskListMessages {
  /** The list's heading. Default: "Tasks". */
  heading(): string;
  /** While the first page loads. Default: "Loading tasks…". */
  loading(): string;
  /** No tasks on this page. Default: "No tasks yet." */
  empty(): string;
  /** Loading failed. `reason` is the error's message. Default: "Could not load the tasks: <reason>". */
  error(context: { reason: string }): string;
  /** Loading failed because the service refused the API key (HTTP 401/403). Default: "Could not load the tasks: the service refused the API key." */
  keyRefused(): string;
  /** The retry button. Default: "Retry". */
  retry(): string;
  /** A task's name; `readable_name`, else its id. Default: the name as is. */
  taskName(context: { name: string; id: string }): string;
  /** A task's status, raw from the service. Default: "Active" for `active`, else the value as is. */
  taskStatus(context: { status: string }): string;
  /** Names the pagination. Default: "Task pages". */
  pagination(): string;
  /** Default: "Previous". */
  previous(): string;
  /** Default: "Next". */
  next(): string;
  /** Default: "Page 2 of 5". */
  pagePosition(context: { page: number; pageCount: number }): string;
}

/** The English `TaskListMessages`. */
export const enTaskListMessages: TaskListMessages = {
  heading: () => 'Tasks',
  loading: () => 'Loading tasks…',
  empty: () => 'No tasks yet.',
  error: ({ reason }) => `Could not load the tasks: ${reason}`,
  keyRefused: () => 'Could not load the tasks: the service refused the API key.',
  retry: () => 'Retry',
  taskName: ({ name }) => name,
  taskStatus: ({ status }) => (status === 'active' ? 'Active' : status),
  pagination: () => 'Task pages',
  previous: () => 'Previous',
  next: () => 'Next',
  pagePosition: ({ page, pageCount }) => `Page ${page} of ${pageCount}`,
};

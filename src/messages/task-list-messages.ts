import { enPagedListMessages, type PagedListMessages } from './paged-list-messages';

/**
 * Every text `<TaskList>` writes. English defaults of the list's texts: heading "Tasks", loading
 * "Loading tasks…", empty "No tasks yet.", error "Could not load the tasks: <reason>", keyRefused
 * "Could not load the tasks: the service refused the API key.", pagination "Task pages".
 */
export interface TaskListMessages extends PagedListMessages {
  /** A task's name; `readable_name`, else its id. Default: the name as is. */
  taskName(context: { name: string; id: string }): string;
  /** A task's status, raw from the service. Default: "Active" for `active`, else the value as is. */
  taskStatus(context: { status: string }): string;
  /**
   * Beside a task whose name another task on the page shares, what tells them apart: the end of
   * its id (`idSuffix`, as long as it takes to differ from the others') and, once its runs are
   * read, when its latest run started (`latestRun`, a formatted date and time). Default:
   * "ID …c41f, latest run May 3, 2026, 10:42 AM", or "ID …c41f" without `latestRun`.
   */
  sameNameDetail(context: { id: string; idSuffix: string; latestRun: string | undefined }): string;
}

/** The English `TaskListMessages`. */
export const enTaskListMessages: TaskListMessages = {
  ...enPagedListMessages,
  heading: () => 'Tasks',
  loading: () => 'Loading tasks…',
  empty: () => 'No tasks yet.',
  error: ({ reason }) => `Could not load the tasks: ${reason}`,
  keyRefused: () => 'Could not load the tasks: the service refused the API key.',
  taskName: ({ name }) => name,
  taskStatus: ({ status }) => (status === 'active' ? 'Active' : status),
  sameNameDetail: ({ idSuffix, latestRun }) => (latestRun === undefined ? `ID …${idSuffix}` : `ID …${idSuffix}, latest run ${latestRun}`),
  pagination: () => 'Task pages',
};

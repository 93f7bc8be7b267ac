import type { Ref } from 'react';
import type { TaskClient, TaskListItem } from '../../client';
import { enTaskListMessages } from '../../messages';
import { useMessageGroup, useTasks } from '../../hooks';
import {
  type HeadingLevel,
  asText,
  PagedList,
  type PagedListItem,
  type PagedListState,
  clampPageSize,
  pageCountOf,
  usePage,
} from '../shared';
import type { TaskListMessages } from './messages';
import { withRefProp } from '../../utils/react';

export interface TaskListProps {
  /** Tasks per page, 1 to 30 (the service's maximum; larger values are clamped). Default: 10. */
  pageSize?: number;
  /** The page shown, from 1, when the page is controlled. Default: uncontrolled. */
  page?: number;
  /** The first page shown when uncontrolled. Default: 1. */
  defaultPage?: number;
  /** Called with the new page when the person turns a page. Default: none. */
  onPageChange?: (page: number) => void;
  /** The task shown as selected (`aria-current`). Default: none. */
  selectedTaskId?: string;
  /** Called when the person picks a task. Without it, tasks are listed as text, not buttons. Default: none. */
  onSelectTask?: (taskId: string, task: TaskListItem) => void;
  /** The client to use. Default: the one from `<TaskClientProvider>`. */
  client?: TaskClient;
  /** Replaces some of the texts. Default: those of `<MessagesProvider>` (`taskList` group), else English. */
  messages?: Partial<TaskListMessages>;
  /** The level of the heading element. Default: 2. */
  headingLevel?: HeadingLevel;
  /** Added to the root's classes (`hitl-task-list`). Default: none. */
  className?: string;
  /** The root `<section>` element. Default: none. */
  ref?: Ref<HTMLElement>;
}

/** Where the list stands, in `data-state`. */
export type TaskListState = PagedListState;

/**
 * A paged list of tasks (`useTasks`), in the order the service sends them: Previous / Next and
 * "Page 2 of 5"; each task a button (`aria-current` on the selected one) when `onSelectTask` is
 * given; loading, empty and error (with "Retry") states. Task names are rendered as text.
 */
export const TaskList = withRefProp(function TaskList({ ref, ...props }: TaskListProps) {
  const messages = useMessageGroup('taskList', enTaskListMessages, props.messages);
  const pageSize = clampPageSize(props.pageSize);
  const [page, setPage] = usePage(props);
  const tasks = useTasks({ page, limit: pageSize }, props.client);
  const tasksOnPage = tasks.data?.data ?? [];
  const state: TaskListState =
    tasks.data === undefined ? (tasks.error ? 'error' : 'loading') : tasksOnPage.length === 0 ? 'empty' : 'ready';
  const select = props.onSelectTask;

  const items = tasksOnPage.map((task, index): PagedListItem => {
    const id = asText(task.id);
    const name = messages.taskName({ name: asText(task.readable_name).trim() === '' ? id : asText(task.readable_name), id });
    return {
      key: `${index}:${id}`,
      selected: props.selectedTaskId !== undefined && props.selectedTaskId === id,
      content: <bdi>{name}</bdi>,
      meta: (
        <span className="hitl-list-meta" data-status={asText(task.status)}>
          <bdi>{messages.taskStatus({ status: asText(task.status) })}</bdi>
        </span>
      ),
      onSelect: select ? () => select(id, task) : undefined,
    };
  });

  return (
    <PagedList
      baseClassName="hitl-task-list"
      className={props.className}
      ref={ref}
      headingLevel={props.headingLevel}
      messages={messages}
      state={state}
      error={tasks.error}
      retry={tasks.refetch}
      stale={tasks.isPlaceholderData}
      loaded={tasks.data !== undefined}
      page={page}
      pageCount={pageCountOf(tasks.data?.total, tasks.data?.limit ?? pageSize)}
      onPageChange={setPage}
      items={items}
    />
  );
});

import { useId, useRef, type Ref } from 'react';
import type { TaskClient, TaskListItem } from '../../client/types';
import { useTasks } from '../../hooks/use-tasks';
import { errorReason, isKeyRefused } from '../shared/error-reason';
import { Heading, type HeadingLevel } from '../shared/heading';
import { useMessages } from '../shared/merge-messages';
import { useFocusAfterRetry } from '../shared/use-focus-after-retry';
import { clampPageSize, pageCountOf, Pager, usePage } from '../shared/pager';
import { defaultTaskListMessages, type TaskListMessages } from './messages';

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
  /** Replaces some of the texts. Default: the English `defaultTaskListMessages`. */
  messages?: Partial<TaskListMessages>;
  /** The level of the heading element. Default: 2. */
  headingLevel?: HeadingLevel;
  /** Added to the root's classes (`hitl-task-list`). Default: none. */
  className?: string;
  /** The root `<section>` element. Default: none. */
  ref?: Ref<HTMLElement>;
}

/** Where the list stands, in `data-state`. */
export type TaskListState = 'loading' | 'error' | 'empty' | 'ready';

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/**
 * A paged list of tasks (`useTasks`), newest first as the service sends them: Previous / Next and
 * "Page 2 of 5"; each task a button (`aria-current` on the selected one) when `onSelectTask` is
 * given; loading, empty and error (with "Retry") states. Task names are rendered as text.
 */
export function TaskList(props: TaskListProps) {
  const messages = useMessages(defaultTaskListMessages, props.messages);
  const pageSize = clampPageSize(props.pageSize);
  const [page, setPage] = usePage(props);
  const tasks = useTasks({ page, limit: pageSize }, props.client);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const armRetry = useFocusAfterRetry(tasks.error, heading);

  const items = tasks.data?.data ?? [];
  const pageCount = pageCountOf(tasks.data?.total, tasks.data?.limit ?? pageSize);
  const state: TaskListState = tasks.data === undefined ? (tasks.error ? 'error' : 'loading') : items.length === 0 ? 'empty' : 'ready';
  const select = props.onSelectTask;

  return (
    <section
      ref={props.ref}
      className={props.className ? `hitl-task-list ${props.className}` : 'hitl-task-list'}
      aria-labelledby={headingId}
      data-state={state}
    >
      <Heading level={props.headingLevel ?? 2} id={headingId} className="hitl-list-heading" ref={heading}>
        {messages.heading()}
      </Heading>
      {tasks.error ? (
        <div className="hitl-list-error" role="alert">
          <p>{isKeyRefused(tasks.error) ? messages.keyRefused() : messages.error({ reason: errorReason(tasks.error) })}</p>
          <button type="button" className="hitl-button" onClick={() => {
              armRetry();
              void tasks.refetch().catch(() => {});
            }}>
            {messages.retry()}
          </button>
        </div>
      ) : null}
      {state === 'loading' ? <p className="hitl-list-loading">{messages.loading()}</p> : null}
      {state === 'empty' ? <p className="hitl-list-empty">{messages.empty()}</p> : null}
      {items.length > 0 ? (
        <ul className="hitl-list-items" aria-busy={tasks.isPlaceholderData || undefined}>
          {items.map((task, index) => {
            const id = text(task.id);
            const name = messages.taskName({ name: text(task.readable_name).trim() === '' ? id : text(task.readable_name), id });
            const selected = props.selectedTaskId !== undefined && props.selectedTaskId === id;
            return (
              <li key={`${index}:${id}`} className="hitl-list-item" data-selected={selected ? '' : undefined}>
                {select ? (
                  <button type="button" className="hitl-list-select" aria-current={selected ? 'true' : undefined} onClick={() => select(id, task)}>
                    <bdi>{name}</bdi>
                  </button>
                ) : (
                  <span className="hitl-list-name" aria-current={selected ? 'true' : undefined}>
                    <bdi>{name}</bdi>
                  </span>
                )}
                <span className="hitl-list-meta" data-status={text(task.status)}>
                  <bdi>{messages.taskStatus({ status: text(task.status) })}</bdi>
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {tasks.data !== undefined ? (
        <Pager
          page={page}
          pageCount={pageCount}
          label={messages.pagination()}
          previous={messages.previous()}
          next={messages.next()}
          position={messages.pagePosition({ page, pageCount })}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}

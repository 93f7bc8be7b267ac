import type { Ref } from 'react';
import { MAX_PAGE_LIMIT, type TaskClient, type TaskListItem } from '../../client';
import { dateTimeFormat, enTaskListMessages } from '../../messages';
import { useMessageGroup, useProvidedLocale, useRuns, useTasks } from '../../hooks';
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
  /** Locale(s) of the latest runs' start times shown beside tasks of the same name, as `Intl.DateTimeFormat` takes them. Default: the `locale` of `<MessagesProvider>`'s messages, else the browser's. */
  locale?: string | readonly string[];
  /** How those start times are written. Default: `{ dateStyle: 'medium', timeStyle: 'short' }`, in the browser's time zone. */
  dateTimeFormat?: Intl.DateTimeFormatOptions;
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

/** The shortest end of each id, at least 4 characters, that no other id of `ids` ends with. */
function distinctSuffixes(ids: readonly string[]): Map<string, string> {
  const suffixes = new Map<string, string>();
  for (const id of ids) {
    let length = Math.min(4, id.length);
    while (length < id.length && ids.some((other) => other !== id && other.endsWith(id.slice(-length)))) length += 1;
    suffixes.set(id, id.slice(-length));
  }
  return suffixes;
}

interface SameNameDetailProps {
  id: string;
  idSuffix: string;
  client: TaskClient | undefined;
  dates: Intl.DateTimeFormat;
  messages: TaskListMessages;
}

/**
 * What tells a task apart from others of its name: the end of its id at once, and when its latest
 * run started once its runs are read (one request per such task, not polled). The service does not
 * say in which order it lists runs, so the latest is named only when every run came in the page.
 */
function SameNameDetail({ id, idSuffix, client, dates, messages }: SameNameDetailProps) {
  const runs = useRuns({ taskId: id, page: 1, limit: MAX_PAGE_LIMIT }, client);
  const page = runs.isPlaceholderData ? undefined : runs.data;
  let latest: number | undefined;
  if (page !== undefined && page.total <= page.data.length) {
    for (const run of page.data) {
      const time = Date.parse(asText(run.created_at));
      if (!Number.isNaN(time) && (latest === undefined || time > latest)) latest = time;
    }
  }
  return (
    <span className="hitl-list-detail">
      <bdi>{messages.sameNameDetail({ id, idSuffix, latestRun: latest === undefined ? undefined : dates.format(latest) })}</bdi>
    </span>
  );
}

const DEFAULT_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * A paged list of tasks (`useTasks`), in the order the service sends them: Previous / Next and
 * "Page 2 of 5"; each task a button (`aria-current` on the selected one) when `onSelectTask` is
 * given; loading, empty and error (with "Retry") states. Task names are rendered as text. Tasks
 * whose name another task on the page shares also show the end of their id and when their latest
 * run started (`sameNameDetail`), inside their button, so each has a name of its own.
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
  const providedLocale = useProvidedLocale();
  const dates = dateTimeFormat(props.locale ?? providedLocale, props.dateTimeFormat ?? DEFAULT_FORMAT);

  const named = tasksOnPage.map((task) => {
    const id = asText(task.id);
    return { task, id, name: messages.taskName({ name: asText(task.readable_name).trim() === '' ? id : asText(task.readable_name), id }) };
  });
  const idsByName = new Map<string, string[]>();
  for (const { id, name } of named) idsByName.set(name, [...(idsByName.get(name) ?? []), id]);

  const items = named.map(({ task, id, name }, index): PagedListItem => {
    const sameName = idsByName.get(name) ?? [];
    const idSuffix = sameName.length > 1 ? distinctSuffixes(sameName).get(id) : undefined;
    return {
      key: `${index}:${id}`,
      selected: props.selectedTaskId !== undefined && props.selectedTaskId === id,
      content: (
        <>
          <bdi>{name}</bdi>
          {/* The space keeps the name and the detail apart in the button's accessible name. */}
          {idSuffix === undefined ? null : (
            <>
              {' '}
              <SameNameDetail id={id} idSuffix={idSuffix} client={props.client} dates={dates} messages={messages} />
            </>
          )}
        </>
      ),
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

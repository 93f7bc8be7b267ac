import { useMemo, type Ref } from 'react';
import type { RunListItem, TaskClient } from '../../client';
import { useMessageGroup, useProvidedLocale, useRuns } from '../../hooks';
import { dateTimeFormat, enRunListMessages } from '../../messages';
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
import type { RunListMessages } from './messages';
import { withRefProp } from '../../utils/react';

export interface RunListProps {
  /** The task whose runs are listed. An empty string lists nothing. Required. */
  taskId: string;
  /** Runs per page, 1 to 30 (the service's maximum; larger values are clamped). Default: 10. */
  pageSize?: number;
  /** The page shown, from 1, when the page is controlled. Default: uncontrolled. */
  page?: number;
  /** The first page shown when uncontrolled. Default: 1. */
  defaultPage?: number;
  /** Called with the new page when the person turns a page. Default: none. */
  onPageChange?: (page: number) => void;
  /** The run shown as selected (`aria-current`). Default: none. */
  selectedRunId?: string;
  /** Called when the person picks a run. Without it, runs are listed as text, not buttons. Default: none. */
  onSelectRun?: (runId: string, run: RunListItem) => void;
  /** Locale(s) of the start times, as `Intl.DateTimeFormat` takes them. Default: the `locale` of `<MessagesProvider>`'s messages, else the browser's. */
  locale?: string | readonly string[];
  /** How start times are written. Default: `{ dateStyle: 'medium', timeStyle: 'short' }`, in the browser's time zone. */
  dateTimeFormat?: Intl.DateTimeFormatOptions;
  /** The client to use. Default: the one from `<TaskClientProvider>`. */
  client?: TaskClient;
  /** Replaces some of the texts. Default: those of `<MessagesProvider>` (`runList` group), else English. */
  messages?: Partial<RunListMessages>;
  /** The level of the heading element. Default: 2. */
  headingLevel?: HeadingLevel;
  /** Added to the root's classes (`hitl-run-list`). Default: none. */
  className?: string;
  /** The root `<section>` element. Default: none. */
  ref?: Ref<HTMLElement>;
}

/** Where the list stands, in `data-state`. */
export type RunListState = PagedListState;

const DEFAULT_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * A paged list of a task's runs (`useRuns`), as the service orders them: each with its start time
 * as a localised `<time dateTime>` and its id; Previous / Next and "Page 2 of 5"; each run a button
 * (`aria-current` on the selected one) when `onSelectRun` is given; loading, empty and error
 * (with "Retry") states. A `created_at` that is not a date is shown raw, as text.
 */
export const RunList = withRefProp(function RunList(props: RunListProps) {
  // Keyed by task: another task starts on its `defaultPage`, not on the page the last one was at.
  return <RunListBody key={props.taskId} {...props} />;
});

const RunListBody = withRefProp(function RunListBody({ ref, ...props }: RunListProps) {
  const messages = useMessageGroup('runList', enRunListMessages, props.messages);
  const pageSize = clampPageSize(props.pageSize);
  const [page, setPage] = usePage(props);
  const runs = useRuns({ taskId: props.taskId, page, limit: pageSize }, props.client);
  // Keyed by content: callers often pass the locale array and the options inline.
  const providedLocale = useProvidedLocale();
  const localeKey = typeof props.locale === 'string' ? props.locale : (props.locale?.join(',') ?? providedLocale);
  const formatKey = JSON.stringify(props.dateTimeFormat ?? DEFAULT_FORMAT);
  const dates = useMemo(
    () => dateTimeFormat(localeKey?.split(','), JSON.parse(formatKey) as Intl.DateTimeFormatOptions),
    [localeKey, formatKey],
  );

  const runsOnPage = runs.data?.data ?? [];
  const enabled = props.taskId !== '';
  const state: RunListState =
    runs.data === undefined ? (runs.error ? 'error' : enabled ? 'loading' : 'empty') : runsOnPage.length === 0 ? 'empty' : 'ready';
  const select = props.onSelectRun;

  const items = runsOnPage.map((run, index): PagedListItem => {
    const id = asText(run.id);
    const created = asText(run.created_at);
    const time = Date.parse(created);
    const when = Number.isNaN(time) ? (
      <span className="hitl-list-time">
        <bdi>{messages.unknownDate({ value: created })}</bdi>
      </span>
    ) : (
      <time className="hitl-list-time" dateTime={new Date(time).toISOString()}>
        {dates.format(time)}
      </time>
    );
    return {
      key: `${index}:${id}`,
      selected: props.selectedRunId !== undefined && props.selectedRunId === id,
      content: (
        <>
          {when}
          <span className="hitl-list-meta">
            <bdi>{messages.runId({ id })}</bdi>
          </span>
        </>
      ),
      onSelect: select ? () => select(id, run) : undefined,
    };
  });

  return (
    <PagedList
      baseClassName="hitl-run-list"
      className={props.className}
      ref={ref}
      headingLevel={props.headingLevel}
      messages={messages}
      state={state}
      error={runs.error}
      retry={runs.refetch}
      stale={runs.isPlaceholderData}
      loaded={runs.data !== undefined}
      page={page}
      pageCount={pageCountOf(runs.data?.total, runs.data?.limit ?? pageSize)}
      onPageChange={setPage}
      items={items}
    />
  );
});

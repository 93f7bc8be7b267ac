import { useId, useRef, useMemo, type Ref } from 'react';
import type { RunListItem, TaskClient } from '../../client/types';
import { useRuns } from '../../hooks/use-runs';
import { errorReason, isKeyRefused } from '../shared/error-reason';
import { Heading, type HeadingLevel } from '../shared/heading';
import { useMessages } from '../shared/merge-messages';
import { useFocusAfterRetry } from '../shared/use-focus-after-retry';
import { clampPageSize, pageCountOf, Pager, usePage } from '../shared/pager';
import { defaultRunListMessages, type RunListMessages } from './messages';

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
  /** Locale(s) of the start times, as `Intl.DateTimeFormat` takes them. Default: the browser's. */
  locale?: string | readonly string[];
  /** How start times are written. Default: `{ dateStyle: 'medium', timeStyle: 'short' }`, in the browser's time zone. */
  dateTimeFormat?: Intl.DateTimeFormatOptions;
  /** The client to use. Default: the one from `<TaskClientProvider>`. */
  client?: TaskClient;
  /** Replaces some of the texts. Default: the English `defaultRunListMessages`. */
  messages?: Partial<RunListMessages>;
  /** The level of the heading element. Default: 2. */
  headingLevel?: HeadingLevel;
  /** Added to the root's classes (`hitl-run-list`). Default: none. */
  className?: string;
  /** The root `<section>` element. Default: none. */
  ref?: Ref<HTMLElement>;
}

/** Where the list stands, in `data-state`. */
export type RunListState = 'loading' | 'error' | 'empty' | 'ready';

const DEFAULT_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/**
 * A paged list of a task's runs (`useRuns`), as the service orders them: each with its start time
 * as a localised `<time dateTime>` and its id; Previous / Next and "Page 2 of 5"; each run a button
 * (`aria-current` on the selected one) when `onSelectRun` is given; loading, empty and error
 * (with "Retry") states. A `created_at` that is not a date is shown raw, as text.
 */
export function RunList(props: RunListProps) {
  // Keyed by task: another task starts on its `defaultPage`, not on the page the last one was at.
  return <RunListBody key={props.taskId} {...props} />;
}

function RunListBody(props: RunListProps) {
  const messages = useMessages(defaultRunListMessages, props.messages);
  const pageSize = clampPageSize(props.pageSize);
  const [page, setPage] = usePage(props);
  const runs = useRuns(props.taskId, { page, limit: pageSize }, props.client);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const armRetry = useFocusAfterRetry(runs.error, heading);
  const localeKey = typeof props.locale === 'string' ? props.locale : props.locale?.join(',');
  const formatKey = JSON.stringify(props.dateTimeFormat ?? null);
  const dates = useMemo(() => {
    const options = props.dateTimeFormat ?? DEFAULT_FORMAT;
    const locale = props.locale === undefined ? undefined : (props.locale as string | string[]);
    try {
      return new Intl.DateTimeFormat(locale, options);
    } catch {
      // An invalid locale tag or option: the browser's default rather than a broken list.
      return new Intl.DateTimeFormat(undefined, DEFAULT_FORMAT);
    }
    // Keyed by content: callers often pass the locale array and the options inline.
  }, [localeKey, formatKey]);

  const items = runs.data?.data ?? [];
  const pageCount = pageCountOf(runs.data?.total, runs.data?.limit ?? pageSize);
  const enabled = props.taskId !== '';
  const state: RunListState =
    runs.data === undefined ? (runs.error ? 'error' : enabled ? 'loading' : 'empty') : items.length === 0 ? 'empty' : 'ready';
  const select = props.onSelectRun;

  return (
    <section
      ref={props.ref}
      className={props.className ? `hitl-run-list ${props.className}` : 'hitl-run-list'}
      aria-labelledby={headingId}
      data-state={state}
    >
      <Heading level={props.headingLevel ?? 2} id={headingId} className="hitl-list-heading" ref={heading}>
        {messages.heading()}
      </Heading>
      {runs.error ? (
        <div className="hitl-list-error" role="alert">
          <p>{isKeyRefused(runs.error) ? messages.keyRefused() : messages.error({ reason: errorReason(runs.error) })}</p>
          <button type="button" className="hitl-button" onClick={() => {
              armRetry();
              void runs.refetch().catch(() => {});
            }}>
            {messages.retry()}
          </button>
        </div>
      ) : null}
      {state === 'loading' ? <p className="hitl-list-loading">{messages.loading()}</p> : null}
      {state === 'empty' ? <p className="hitl-list-empty">{messages.empty()}</p> : null}
      {items.length > 0 ? (
        <ul className="hitl-list-items" aria-busy={runs.isPlaceholderData || undefined}>
          {items.map((run, index) => {
            const id = text(run.id);
            const created = text(run.created_at);
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
            const selected = props.selectedRunId !== undefined && props.selectedRunId === id;
            const content = (
              <>
                {when}
                <span className="hitl-list-meta">
                  <bdi>{messages.runId({ id })}</bdi>
                </span>
              </>
            );
            return (
              <li key={`${index}:${id}`} className="hitl-list-item" data-selected={selected ? '' : undefined}>
                {select ? (
                  <button type="button" className="hitl-list-select" aria-current={selected ? 'true' : undefined} onClick={() => select(id, run)}>
                    {content}
                  </button>
                ) : (
                  <span className="hitl-list-name" aria-current={selected ? 'true' : undefined}>
                    {content}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {runs.data !== undefined ? (
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

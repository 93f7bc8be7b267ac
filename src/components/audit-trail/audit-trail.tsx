import { useId, useMemo, useRef, useState, type Ref } from 'react';
import type { AuditEntry, TaskClient } from '../../client';
import { useAuditTrail, useMessageGroup, useProvidedLocale } from '../../hooks';
import { dateTimeFormat, enAuditTrailMessages, formatNumber } from '../../messages';
import { Heading, RetryAlert, useErrorReason, useFocusAfterRetry, type HeadingLevel } from '../shared';
import { cx } from '../../utils';
import { useIsomorphicLayoutEffect, withRefProp } from '../../utils/react';
import type { AuditTrailMessages } from './messages';

export interface AuditTrailProps {
  /** The task whose history is shown. Default: none, the activity of the caller's whole team, each entry naming its task. */
  taskId?: string;
  /** Only the entries of this run (creating the task belongs to every run). Default: every run. */
  runId?: string;
  /** Most entries read at a time, newest first; "Load more" reads the next ones. Default: the proxy's (100). */
  limit?: number;
  /**
   * The heading's text, which also names the table. Default: `messages.heading()` ("History") for a
   * task, `messages.teamHeading()` ("Team activity") for the team.
   */
  heading?: string;
  /** Locale(s) of the times, as `Intl.DateTimeFormat` takes them. Default: the `locale` of `<MessagesProvider>`'s messages, else the browser's. */
  locale?: string | readonly string[];
  /** How times are written. Default: `{ dateStyle: 'medium', timeStyle: 'short' }`, in the browser's time zone. */
  dateTimeFormat?: Intl.DateTimeFormatOptions;
  /** The client to use (one made by `createTaskClient` against `createTaskProxy`). Default: the one from `<TaskClientProvider>`. */
  client?: TaskClient;
  /** Replaces some of the texts. Default: those of `<MessagesProvider>` (`auditTrail` group), else English. */
  messages?: Partial<AuditTrailMessages>;
  /** The level of the heading element. Default: 2. */
  headingLevel?: HeadingLevel;
  /** Added to the root's classes (`hitl-audit-trail`). Default: none. */
  className?: string;
  /** The root `<section>` element. Default: none. */
  ref?: Ref<HTMLElement>;
}

/** Where the trail stands, in `data-state`. */
export type AuditTrailState = 'loading' | 'error' | 'empty' | 'ready';

const DEFAULT_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

const HELD_UNITS: ReadonlyArray<readonly [number, 'hour' | 'minute' | 'second']> = [
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1000, 'second'],
];

/** How long control was held, to the second, in its two largest units: "2 min 3 sec", "1 hr 5 min", "4 sec". */
function formatHeldFor(ms: number, locale: readonly string[] | undefined): string {
  let left = Math.round(Math.max(0, ms) / 1000) * 1000;
  const parts: string[] = [];
  for (const [size, unit] of HELD_UNITS) {
    const count = Math.floor(left / size);
    left -= count * size;
    if ((count > 0 || (unit === 'second' && parts.length === 0)) && parts.length < 2)
      parts.push(formatNumber(count, locale, { style: 'unit', unit, unitDisplay: 'short' }));
    else if (parts.length > 0) break;
  }
  return parts.join(' ');
}

/**
 * The history the proxy recorded (`useAuditTrail`), newest first: of one task (`taskId`), or of
 * every task of the caller's team, with a column naming each entry's task. A table of when, who,
 * what and what came of it, under a heading that names it; loading, empty and error (with "Try
 * again") states, and "Load more" while older entries remain, which moves focus to the first
 * entry it adds. Every value is shown as text.
 */
export const AuditTrail = withRefProp(function AuditTrail({ ref, ...props }: AuditTrailProps) {
  const messages = useMessageGroup('auditTrail', enAuditTrailMessages, props.messages);
  const team = props.taskId === undefined;
  const trail = useAuditTrail(
    { ...(team ? {} : { taskId: props.taskId }), ...(props.limit === undefined ? {} : { limit: props.limit }) },
    props.client,
  );
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const retry = useFocusAfterRetry(trail.error, heading, trail.refetch);
  const reason = useErrorReason();
  const providedLocale = useProvidedLocale();
  // Keyed by content: callers often pass the locale array and the options inline.
  const localeKey = typeof props.locale === 'string' ? props.locale : (props.locale?.join(',') ?? providedLocale);
  const formatKey = JSON.stringify(props.dateTimeFormat ?? DEFAULT_FORMAT);
  const dates = useMemo(
    () => dateTimeFormat(localeKey?.split(','), JSON.parse(formatKey) as Intl.DateTimeFormatOptions),
    [localeKey, formatKey],
  );

  const entries = (trail.data ?? []).filter(
    (entry) => props.runId === undefined || entry.runId === undefined || entry.runId === props.runId,
  );
  const state: AuditTrailState = trail.data === undefined ? (trail.error ? 'error' : 'loading') : entries.length === 0 ? 'empty' : 'ready';

  // "Load more" hands focus to the first row it adds (or, when it added none and is gone, to the
  // heading). That row keeps its `tabIndex`: a focused element that loses it loses focus too.
  const [focusRow, setFocusRow] = useState<number | undefined>(undefined);
  const focusPending = useRef(false);
  useIsomorphicLayoutEffect(() => {
    if (!focusPending.current || trail.isFetchingNextPage) return;
    focusPending.current = false;
    if (trail.isFetchNextPageError) return;
    const row = focusRow === undefined ? undefined : body.current?.rows[focusRow];
    if (row !== undefined) row.focus();
    else if (!trail.hasNextPage) heading.current?.focus();
  }, [focusRow, trail.isFetchingNextPage, trail.isFetchNextPageError, trail.hasNextPage, trail.data]);
  const loadMore = () => {
    if (trail.isFetchingNextPage) return;
    focusPending.current = true;
    setFocusRow(entries.length);
    trail.fetchNextPage().catch(() => undefined);
  };

  const headingText = props.heading ?? (team ? messages.teamHeading() : messages.heading());
  return (
    <section ref={ref} className={cx('hitl-audit-trail', props.className)} aria-labelledby={headingId} data-state={state}>
      <Heading level={props.headingLevel ?? 2} id={headingId} className="hitl-list-heading" ref={heading}>
        {headingText}
      </Heading>
      {trail.error ? (
        <RetryAlert
          className="hitl-list-error"
          message={messages.error({ reason: reason(trail.error) })}
          retryLabel={messages.retry()}
          onRetry={trail.isFetchNextPageError ? loadMore : retry}
        />
      ) : null}
      {state === 'loading' ? <p className="hitl-list-loading">{messages.loading()}</p> : null}
      {state === 'empty' ? <p className="hitl-list-empty">{messages.empty()}</p> : null}
      {entries.length > 0 ? (
        <table className="hitl-audit-trail-table" aria-labelledby={headingId} aria-busy={trail.isFetching || undefined}>
          <thead>
            <tr>
              <th scope="col">{messages.whenColumn()}</th>
              <th scope="col">{messages.whoColumn()}</th>
              {team ? <th scope="col">{messages.taskColumn()}</th> : null}
              <th scope="col">{messages.actionColumn()}</th>
              <th scope="col">{messages.outcomeColumn()}</th>
            </tr>
          </thead>
          <tbody ref={body}>
            {entries.map((entry, index) => (
              <AuditRow
                key={entry.id ?? `${index}:${entry.at}`}
                entry={entry}
                messages={messages}
                dates={dates}
                locale={localeKey?.split(',')}
                team={team}
                focusable={index === focusRow}
              />
            ))}
          </tbody>
        </table>
      ) : null}
      {trail.hasNextPage && entries.length > 0 ? (
        <div className="hitl-audit-trail-more">
          <button type="button" className="hitl-button" aria-disabled={trail.isFetchingNextPage || undefined} onClick={loadMore}>
            {trail.isFetchingNextPage ? messages.loadingMore() : messages.loadMore()}
          </button>
        </div>
      ) : null}
    </section>
  );
});

interface AuditRowProps {
  entry: AuditEntry;
  messages: AuditTrailMessages;
  dates: Intl.DateTimeFormat;
  /** For how long control was held. */
  locale: readonly string[] | undefined;
  /** The team's trail: a cell names the task. */
  team: boolean;
  /** The row "Load more" will focus. */
  focusable: boolean;
}

function AuditRow({ entry, messages, dates, locale, team, focusable }: AuditRowProps) {
  const time = Date.parse(entry.at);
  return (
    <tr data-outcome={entry.outcome} tabIndex={focusable ? -1 : undefined}>
      <td>{Number.isNaN(time) ? <bdi>{entry.at}</bdi> : <time dateTime={new Date(time).toISOString()}>{dates.format(time)}</time>}</td>
      <td>
        <bdi>{entry.user}</bdi>
      </td>
      {team ? (
        <td>
          {/* An action on a request of `proxy.requests` names no task: the request's id stands there. */}
          <bdi>{entry.taskName ?? (entry.taskId === '' ? (entry.requestId ?? '') : entry.taskId)}</bdi>
        </td>
      ) : null}
      <td>
        {messages.action({
          action: entry.action,
          ...(entry.durationMs === undefined ? {} : { duration: formatHeldFor(entry.durationMs, locale) }),
        })}
      </td>
      <td>{messages.outcome({ outcome: entry.outcome })}</td>
    </tr>
  );
}

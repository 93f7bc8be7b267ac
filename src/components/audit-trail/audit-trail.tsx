import { useId, useMemo, useRef, type Ref } from 'react';
import type { AuditEntry, TaskClient } from '../../client';
import { useAuditTrail, useMessageGroup, useProvidedLocale } from '../../hooks';
import { dateTimeFormat, enAuditTrailMessages } from '../../messages';
import { Heading, RetryAlert, useErrorReason, useFocusAfterRetry, type HeadingLevel } from '../shared';
import { cx } from '../../utils';
import { withRefProp } from '../../utils/react';
import type { AuditTrailMessages } from './messages';

export interface AuditTrailProps {
  /** The task whose history is shown. Required. */
  taskId: string;
  /** Only the entries of this run (creating the task belongs to every run). Default: every run. */
  runId?: string;
  /** Most entries read, newest first. Default: the proxy's (100). */
  limit?: number;
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

/**
 * A task's history as the proxy recorded it (`useAuditTrail`), newest first: a table of when,
 * who, what and what came of it, under a heading that names it; loading, empty and error (with
 * "Try again") states. Every value is shown as text.
 */
export const AuditTrail = withRefProp(function AuditTrail({ ref, ...props }: AuditTrailProps) {
  const messages = useMessageGroup('auditTrail', enAuditTrailMessages, props.messages);
  const trail = useAuditTrail({ taskId: props.taskId, ...(props.limit === undefined ? {} : { limit: props.limit }) }, props.client);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
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

  return (
    <section ref={ref} className={cx('hitl-audit-trail', props.className)} aria-labelledby={headingId} data-state={state}>
      <Heading level={props.headingLevel ?? 2} id={headingId} className="hitl-list-heading" ref={heading}>
        {messages.heading()}
      </Heading>
      {trail.error ? (
        <RetryAlert
          className="hitl-list-error"
          message={messages.error({ reason: reason(trail.error) })}
          retryLabel={messages.retry()}
          onRetry={retry}
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
              <th scope="col">{messages.actionColumn()}</th>
              <th scope="col">{messages.outcomeColumn()}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              <AuditRow key={`${index}:${entry.at}`} entry={entry} messages={messages} dates={dates} />
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
});

function AuditRow({ entry, messages, dates }: { entry: AuditEntry; messages: AuditTrailMessages; dates: Intl.DateTimeFormat }) {
  const time = Date.parse(entry.at);
  return (
    <tr data-outcome={entry.outcome}>
      <td>{Number.isNaN(time) ? <bdi>{entry.at}</bdi> : <time dateTime={new Date(time).toISOString()}>{dates.format(time)}</time>}</td>
      <td>
        <bdi>{entry.user}</bdi>
      </td>
      <td>{messages.action({ action: entry.action })}</td>
      <td>{messages.outcome({ outcome: entry.outcome })}</td>
    </tr>
  );
}

import { useId, type Ref } from 'react';
import type { RunResult } from '../../client';
import { enRunResultViewMessages } from '../../messages';
import { useMessageGroup } from '../../hooks';
import { formatValue, Heading, subLevel, type HeadingLevel } from '../shared';
import { DataTable } from './data-table';
import { isStructured } from './is-structured';
import type { DataTableMessages, RunResultViewMessages } from './messages';
import { cx, isRecord } from '../../utils';
import { withRefProp } from '../../utils/react';

export interface RunResultViewProps {
  /** The run's result (`useRunResult().data`). Untrusted: everything in it is rendered as text. Required. */
  result: RunResult;
  /** Replaces some of the texts. Default: those of `<MessagesProvider>` (`runResult` group), else English. */
  messages?: Partial<RunResultViewMessages>;
  /** Replaces some of the data table's texts. Default: those of `<MessagesProvider>` (`dataTable` group), else English. */
  dataTableMessages?: Partial<DataTableMessages>;
  /** Locale(s) for the data table's numbers. Default: the `locale` of `<MessagesProvider>`'s messages, else the browser's. */
  locale?: string | readonly string[];
  /** The level of the heading element; the error and output headings are one below. Default: 2. */
  headingLevel?: HeadingLevel;
  /** Added to the root's classes (`hitl-run-result`). Default: none. */
  className?: string;
  /** The root `<section>` element. Default: none. */
  ref?: Ref<HTMLElement>;
}

/** Error content as text: a string as is; an object's `message` first, then the rest as JSON. */
function ErrorContent({ error }: { error: unknown }) {
  if (!isRecord(error)) {
    const text = formatValue(error, true);
    return isStructured(error) ? (
      <pre className="hitl-run-result-json">{text}</pre>
    ) : (
      <p className="hitl-run-result-error-message">{text}</p>
    );
  }
  const message = typeof error.message === 'string' ? error.message : undefined;
  const rest = message === undefined ? error : Object.fromEntries(Object.entries(error).filter(([key]) => key !== 'message'));
  return (
    <>
      {message === undefined ? null : <p className="hitl-run-result-error-message">{message}</p>}
      {Object.keys(rest).length === 0 ? null : <pre className="hitl-run-result-json">{formatValue(rest, true)}</pre>}
    </>
  );
}

/**
 * A run's result: the error content when there is one (marked as an error, `data-state="error"`),
 * the `summary`, the other `output` fields as a description list (strings as text, other values
 * as formatted JSON text) and the `dataTable` as a `<DataTable>` (its empty state is left out for
 * a failed run, where the error says more). Nothing of it is HTML.
 */
export const RunResultView = withRefProp(function RunResultView({ ref, ...props }: RunResultViewProps) {
  const { result } = props;
  const messages = useMessageGroup('runResult', enRunResultViewMessages, props.messages);
  const level = props.headingLevel ?? 2;
  const sub = subLevel(level);
  const headingId = useId();
  const errorHeadingId = useId();

  const output = isRecord(result?.output) ? result.output : {};
  const summary = typeof output.summary === 'string' && output.summary.trim() !== '' ? output.summary : undefined;
  // A `summary` that is not a string is still output: it goes with the other fields.
  const fields = Object.entries(output).filter(([key]) => !(key === 'summary' && summary !== undefined));
  const error: unknown = result?.error;
  const hasError = error !== null && error !== undefined;
  const rows = Array.isArray(result?.dataTable) ? result.dataTable : [];
  const nothing = !hasError && summary === undefined && fields.length === 0 && rows.length === 0;

  return (
    <section
      ref={ref}
      className={cx('hitl-run-result', props.className)}
      aria-labelledby={headingId}
      data-state={hasError ? 'error' : 'ok'}
      data-status={typeof result?.status === 'string' ? result.status : undefined}
    >
      <Heading level={level} id={headingId} className="hitl-run-result-heading">
        {messages.heading()}
      </Heading>
      {hasError ? (
        <div className="hitl-run-result-error" role="group" aria-labelledby={errorHeadingId} data-state="error">
          <Heading level={sub} id={errorHeadingId} className="hitl-run-result-error-heading">
            {messages.errorHeading()}
          </Heading>
          <ErrorContent error={error} />
        </div>
      ) : null}
      {summary === undefined ? null : (
        <div className="hitl-run-result-summary">
          <span className="hitl-run-result-summary-label">{messages.summaryLabel()}</span>
          <p className="hitl-run-result-summary-text">{summary}</p>
        </div>
      )}
      {fields.length === 0 ? null : (
        <div className="hitl-run-result-output">
          <Heading level={sub} className="hitl-run-result-output-heading">
            {messages.outputHeading()}
          </Heading>
          <dl className="hitl-run-result-fields">
            {fields.map(([key, value]) => (
              <div key={key} className="hitl-run-result-field">
                <dt>
                  <bdi>{key}</bdi>
                </dt>
                <dd>
                  {isStructured(value) ? (
                    <pre className="hitl-run-result-json">{formatValue(value, true)}</pre>
                  ) : (
                    <bdi>{formatValue(value)}</bdi>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {nothing ? (
        <p className="hitl-run-result-empty">{messages.noOutput()}</p>
      ) : rows.length > 0 || !hasError ? (
        <DataTable rows={rows} locale={props.locale} messages={props.dataTableMessages} />
      ) : null}
    </section>
  );
});

import { useId, useRef, type ReactNode, type Ref } from 'react';
import { isKeyRefused, useErrorReason } from './error-reason';
import { Heading, type HeadingLevel } from './heading';
import { Pager } from './pager';
import { RetryAlert } from './retry-alert';
import { useFocusAfterRetry } from './use-focus-after-retry';
import { cx } from '../../utils';
import { withRefProp } from '../../utils/react';
import type { PagedListMessages } from '../../messages';

/** Where a list stands, in `data-state`. */
export type PagedListState = 'loading' | 'error' | 'empty' | 'ready';

export interface PagedListItem {
  key: string;
  selected: boolean;
  /** Inside the select button (or the plain name when the list is not selectable). */
  content: ReactNode;
  /** Beside it, outside the button. */
  meta?: ReactNode;
  /** Absent: the item is text, not a button. */
  onSelect?: () => void;
}

interface PagedListProps {
  /** The root's own class, e.g. `hitl-task-list`. */
  baseClassName: string;
  className: string | undefined;
  ref: Ref<HTMLElement> | undefined;
  headingLevel: HeadingLevel | undefined;
  messages: PagedListMessages;
  state: PagedListState;
  error: unknown;
  retry: () => Promise<unknown>;
  /** True while the items shown are the previous page's, kept while the next loads. */
  stale: boolean;
  /** Whether any page arrived yet (the pager shows from then on). */
  loaded: boolean;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  items: PagedListItem[];
}

/**
 * The frame `<TaskList>` and `<RunList>` share: a labelled section with its heading, the error
 * (with "Retry", focus returning to the heading once it works), loading and empty states, the
 * items as buttons with `aria-current` on the selected one, and the pager.
 */
export const PagedList = withRefProp(function PagedList({ ref, ...props }: PagedListProps) {
  const { messages, state, error } = props;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const retry = useFocusAfterRetry(error, heading, props.retry);
  const reason = useErrorReason();
  return (
    <section ref={ref} className={cx(props.baseClassName, props.className)} aria-labelledby={headingId} data-state={state}>
      <Heading level={props.headingLevel ?? 2} id={headingId} className="hitl-list-heading" ref={heading}>
        {messages.heading()}
      </Heading>
      {error ? (
        <RetryAlert
          className="hitl-list-error"
          message={isKeyRefused(error) ? messages.keyRefused() : messages.error({ reason: reason(error) })}
          retryLabel={messages.retry()}
          onRetry={retry}
        />
      ) : null}
      {state === 'loading' ? <p className="hitl-list-loading">{messages.loading()}</p> : null}
      {state === 'empty' ? <p className="hitl-list-empty">{messages.empty()}</p> : null}
      {props.items.length > 0 ? (
        <ul className="hitl-list-items" aria-busy={props.stale || undefined}>
          {props.items.map((item) => (
            <li key={item.key} className="hitl-list-item" data-selected={item.selected ? '' : undefined}>
              {item.onSelect ? (
                <button
                  type="button"
                  className="hitl-list-select"
                  aria-current={item.selected ? 'true' : undefined}
                  onClick={item.onSelect}
                >
                  {item.content}
                </button>
              ) : (
                <span className="hitl-list-name" aria-current={item.selected ? 'true' : undefined}>
                  {item.content}
                </span>
              )}
              {item.meta}
            </li>
          ))}
        </ul>
      ) : null}
      {props.loaded ? (
        <Pager
          page={props.page}
          pageCount={props.pageCount}
          label={messages.pagination()}
          previous={messages.previous()}
          next={messages.next()}
          position={messages.pagePosition({ page: props.page, pageCount: props.pageCount })}
          onPageChange={props.onPageChange}
        />
      ) : null}
    </section>
  );
});

import type { KeyboardEvent } from 'react';
import { useMessagesLocale } from '../../hooks';
import { formatDateTime, formatDuration, type InboxMessages, type RequestPromptMessages } from '../../messages';
import type { RequestListingState } from '../../request';
import type { InboxRequestItem } from '../../store';
import { WaitingTime } from '../shared';

const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };

/**
 * Where a request stands at `now`: as listed, except that an open one whose deadline this page has
 * seen pass reads as expired before the proxy's next listing says so.
 */
export function requestStateAt(item: InboxRequestItem, now: number | undefined): RequestListingState {
  const passed = item.expiresAt !== undefined && now !== undefined && now >= item.expiresAt;
  return item.state === 'open' && passed ? 'expired' : item.state;
}

/** What an ended request says in place of its prompt: who answered it and when, or how it ended; undefined while open. */
export function endedText(item: InboxRequestItem, state: RequestListingState, messages: InboxMessages, locale: string): string | undefined {
  switch (state) {
    case 'answered':
      return messages.requestAnswered({
        user: item.answeredBy === '' ? undefined : item.answeredBy,
        time: item.endedAt === undefined ? undefined : formatDateTime(item.endedAt, locale, TIME),
      });
    case 'cancelled':
      return messages.requestCancelled();
    case 'expired':
      return messages.requestExpired();
    case 'unanswerable':
      return messages.requestUnanswerable();
    default:
      return undefined;
  }
}

/** The headings `<HumanRequestPrompt>` gives a request without a title. */
type KindHeadings = Pick<RequestPromptMessages, 'formHeading' | 'approvalHeading' | 'linkHeading'>;

/** A request's name in the list: its title, else the heading its prompt has ("Approval requested"). */
export function requestTitle(item: InboxRequestItem, headings: KindHeadings): string {
  if (item.title !== '') return item.title;
  const { kind } = item.request;
  return kind === 'approval' ? headings.approvalHeading() : kind === 'link' ? headings.linkHeading() : headings.formHeading();
}

interface InboxRequestButtonProps {
  item: InboxRequestItem;
  now: number | undefined;
  messages: InboxMessages;
  headings: KindHeadings;
  /** Its prompt (or what ended it) is open below: the row does not say it a second time. */
  open: boolean;
  expanded: boolean | undefined;
  tabbable: boolean;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onClick: () => void;
}

/**
 * One request in the list: where it comes from, what it asks, how long it has waited and how long
 * it has left, or, once it ended elsewhere, how. Agent-made titles as text only.
 */
export function InboxRequestButton({
  item,
  now,
  messages,
  headings,
  open,
  expanded,
  tabbable,
  onFocus,
  onKeyDown,
  onClick,
}: InboxRequestButtonProps) {
  const locale = useMessagesLocale();
  const ended = endedText(item, requestStateAt(item, now), messages, locale);
  // In whole seconds, rounded up, as the prompt's countdown.
  const left = item.expiresAt === undefined || now === undefined ? undefined : Math.ceil((item.expiresAt - now) / 1000) * 1000;
  return (
    <button
      type="button"
      className="hitl-inbox-item-button"
      aria-expanded={expanded}
      tabIndex={tabbable ? 0 : -1}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <span className="hitl-inbox-task">{messages.requestSource({ source: item.source })}</span>
      <span className="hitl-inbox-tool">{requestTitle(item, headings)}</span>
      {item.message === '' ? null : <span className="hitl-inbox-title">{item.message}</span>}
      {ended === undefined ? (
        <span className="hitl-inbox-times">
          <WaitingTime
            className="hitl-inbox-waiting"
            since={item.waitingSince}
            now={now}
            text={(duration) => messages.waitingFor({ duration })}
          />
          {left === undefined ? null : (
            <time className="hitl-inbox-expires" dateTime={new Date(item.expiresAt ?? 0).toISOString()}>
              {messages.expiresIn({ duration: formatDuration(Math.max(0, left), locale) })}
            </time>
          )}
        </span>
      ) : open ? null : (
        <span className="hitl-inbox-ended">{ended}</span>
      )}
    </button>
  );
}

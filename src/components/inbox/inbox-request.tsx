import type { FocusEvent, KeyboardEvent } from 'react';
import { useMessagesLocale } from '../../hooks';
import { formatDateTime, formatDuration, type InboxMessages, type RequestPromptMessages } from '../../messages';
import { summarizeRequest, type RequestListingState, type RequestSummary } from '../../request';
import type { InboxRequestItem } from '../../store';
import { cutText } from '../../utils';
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
type KindHeadings = Pick<RequestPromptMessages, 'formHeading' | 'approvalHeading' | 'linkHeading' | 'controlHeading'>;

/** The inbox's line length, as the store cuts an item's title. */
const LINE_LENGTH = 120;

const summaries = new WeakMap<object, { titles: string; summary: RequestSummary }>();

/**
 * What a request asks, for its item: its title, else its form's heading or its first action's
 * name, else the heading its prompt has ("Approval requested"); and what for (the action's
 * description, the message). Kept per request, as its item renders at every tick of its wait.
 */
export function requestSummary(item: InboxRequestItem, headings: KindHeadings): RequestSummary {
  const kindTitles = {
    form: headings.formHeading(),
    approval: headings.approvalHeading(),
    link: headings.linkHeading(),
    control: headings.controlHeading(),
  };
  const titles = `${kindTitles.form}\n${kindTitles.approval}\n${kindTitles.link}\n${kindTitles.control}`;
  const kept = summaries.get(item.request);
  if (kept?.titles === titles) return kept.summary;
  const summary = summarizeRequest(item.request, { kindTitles, maxLength: LINE_LENGTH });
  summaries.set(item.request, { titles, summary });
  return summary;
}

/** A request's name in the list and in what is announced of it (its summary's title). */
export const requestTitle = (item: InboxRequestItem, headings: KindHeadings): string => requestSummary(item, headings).title;

/** `requestedBy` on one line and cut, if the request names who asks (agent-made: text only). */
function requestedBy(item: InboxRequestItem): string | undefined {
  const given: unknown = item.request.requestedBy;
  if (typeof given !== 'string') return undefined;
  const text = given.replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : cutText(text, LINE_LENGTH);
}

/** Who asks for a request, its item's first line: who `requestedBy` names, with its source's name, else the source's name. */
export const requestSourceText = (item: InboxRequestItem, messages: InboxMessages): string =>
  messages.requestSource({ source: item.source, requestedBy: requestedBy(item) });

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
  onBlur: (event: FocusEvent) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onClick: () => void;
}

/**
 * One request in the list: who asks (the server's or agent's name and the source's), what it asks
 * (its title, or the tool or action it would run) and what for (the action's description or the
 * request's message), how long it has waited and how long it has left, or, once it ended
 * elsewhere, how. Agent-made texts as text only.
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
  onBlur,
  onKeyDown,
  onClick,
}: InboxRequestButtonProps) {
  const locale = useMessagesLocale();
  const ended = endedText(item, requestStateAt(item, now), messages, locale);
  const summary = requestSummary(item, headings);
  // In whole seconds, rounded up, as the prompt's countdown.
  const left = item.expiresAt === undefined || now === undefined ? undefined : Math.ceil((item.expiresAt - now) / 1000) * 1000;
  return (
    <button
      type="button"
      className="hitl-inbox-item-button"
      aria-expanded={expanded}
      tabIndex={tabbable ? 0 : -1}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <span className="hitl-inbox-task">{requestSourceText(item, messages)}</span>
      <span className="hitl-inbox-tool">
        {summary.title}
        {summary.moreActions > 0 ? ` ${messages.moreActions({ count: summary.moreActions })}` : null}
      </span>
      {summary.detail === undefined ? null : <span className="hitl-inbox-title">{summary.detail}</span>}
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

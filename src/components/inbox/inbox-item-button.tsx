import type { FocusEvent, KeyboardEvent } from 'react';
import type { TaskClient } from '../../client';
import { useShowToolCall } from '../../hooks';
import type { InboxMessages, RequestPromptMessages } from '../../messages';
import { HUMAN_CONTROL_TOOL_NAME } from '../../schema';
import type { InboxItem, InboxToolCallItem } from '../../store';
import { cutText, isRecord } from '../../utils';
import { WaitingTime } from '../shared';
import { requestSourceText } from './inbox-request';

/** The inbox's line length, as the store cuts an item's title. */
const LINE_LENGTH = 120;

/** An item's first line: its task, or the framework a request came from. */
export const taskLabel = (item: InboxItem, messages: InboxMessages) =>
  item.kind === 'request' ? requestSourceText(item, messages) : (item.taskName ?? messages.taskFallback({ taskId: item.taskId }));

/**
 * What a call asks, on one line: the item's title, except for a hand-off (`human_control`), which
 * says why the agent needs a person (its `reason`), as a control request's line says its message.
 */
export function toolCallItemTitle(item: InboxToolCallItem): string {
  if (item.toolName !== HUMAN_CONTROL_TOOL_NAME) return item.title;
  const { parameters } = item.toolCall.tool;
  const reason = isRecord(parameters) && typeof parameters.reason === 'string' ? parameters.reason.replace(/\s+/g, ' ').trim() : '';
  return cutText(reason, LINE_LENGTH);
}

/** `approve_purchase`, `approvePurchase`, `approve-purchase` → "Approve purchase". */
function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[\s_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? name : words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The default of `<Inbox toolLabel>`: a form is named by its heading (the item's title), a
 * hand-off as its prompt is ("Take control"), any other tool by its name in words, never by the
 * raw `form_input`.
 */
function defaultToolLabel(
  item: InboxToolCallItem,
  messages: InboxMessages,
  headings: Pick<RequestPromptMessages, 'controlHeading'>,
): string {
  if (item.toolName === 'form_input') {
    const { parameters } = item.toolCall.tool;
    const hasHeading = isRecord(parameters) && typeof parameters.heading === 'string' && parameters.heading.trim() !== '';
    return hasHeading ? item.title : messages.formTool();
  }
  if (item.toolName === HUMAN_CONTROL_TOOL_NAME) return headings.controlHeading();
  return humanise(item.toolName);
}

interface InboxItemButtonProps {
  item: InboxToolCallItem;
  now: number | undefined;
  messages: InboxMessages;
  headings: Pick<RequestPromptMessages, 'controlHeading'>;
  expanded: boolean | undefined;
  tabbable: boolean;
  onFocus: () => void;
  onBlur: (event: FocusEvent) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onClick: () => void;
  client: TaskClient | undefined;
  toolLabel: ((item: InboxToolCallItem) => string) | undefined;
}

/** One item: agent-made names and titles as text only. Listed in a visible tab, its call counts as on screen. */
export function InboxItemButton({
  item,
  now,
  messages,
  headings,
  expanded,
  tabbable,
  onFocus,
  onBlur,
  onKeyDown,
  onClick,
  client,
  toolLabel,
}: InboxItemButtonProps) {
  useShowToolCall({ taskId: item.taskId, toolCallId: item.toolCall.toolCallId }, client);
  const tool = toolLabel?.(item) ?? defaultToolLabel(item, messages, headings);
  const title = toolCallItemTitle(item);
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
      <span className="hitl-inbox-task">{taskLabel(item, messages)}</span>
      <span className="hitl-inbox-tool">{tool}</span>
      {/* A form's heading names its tool already: not written twice. */}
      {title === '' || title === tool ? null : <span className="hitl-inbox-title">{title}</span>}
      <WaitingTime
        className="hitl-inbox-waiting"
        since={item.waitingSince}
        now={now}
        text={(duration) => messages.waitingFor({ duration })}
      />
    </button>
  );
}

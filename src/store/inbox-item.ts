import type { ToolCall } from '../client';
import type { HumanRequest, RequestListing, RequestListingState } from '../request';
import { isRecord } from '../utils';
import type { RequestOutcome } from './request-answers';

/** One tool call of the task service waiting for the person, as the inbox lists it. */
export interface InboxToolCallItem {
  readonly kind: 'tool_call';
  /** Stable identity of the item: task and `toolCallId`. */
  readonly id: string;
  readonly taskId: string;
  /**
   * The run the call belongs to, when the service names it: the inbox reads the status of each
   * task's most recent run, which names no run in the service's interface, so this is undefined
   * unless the status carries a `runId` (or `run_id`) string. Undefined means the task's most
   * recent run: `<RunViewer taskId={item.taskId} runId={item.runId}>` shows the call's run either way.
   */
  readonly runId: string | undefined;
  /** The task's `readable_name` when the task list shows it; undefined for tasks named by `taskIds` only. */
  readonly taskName: string | undefined;
  readonly toolCall: ToolCall;
  /** `toolCall.tool.name`. */
  readonly toolName: string;
  /**
   * What the call asks, as one line of plain text: a `form_input` heading, else a summary of the
   * parameters (`name: value, …`). Agent-made: render it as text only.
   */
  readonly title: string;
  /**
   * When the call was first seen pending, in ms since the epoch: by the proxy when there is one
   * (the same in every browser), else by this browser. The inbox lists the oldest first.
   */
  readonly waitingSince: number;
}

/**
 * One of the proxy's requests (`proxy.requests.open`: an MCP elicitation, a LangGraph interrupt,
 * an approval of any framework), as the inbox lists it: open, or ended in the last minute (then
 * shown with how it ended, and not counted).
 */
export interface InboxRequestItem {
  readonly kind: 'request';
  /** Stable identity of the item, never equal to a tool call's: `request:` and the request's id. */
  readonly id: string;
  /** The request, for `<HumanRequestPrompt>`; its `deadline` is the proxy's `expiresAt`. Agent-made: text only. */
  readonly request: HumanRequest;
  /** `request.source`: the framework it came from (`'mcp'`, `'langgraph'`…). */
  readonly source: string;
  /** The team it is for. */
  readonly team: string;
  /** `request.title` on one line, cut to `INBOX_TITLE_MAX_LENGTH`; '' when it has none. Agent-made: text only. */
  readonly title: string;
  /** `request.message` on one line, cut to `INBOX_TITLE_MAX_LENGTH`; '' when it has none. Agent-made: text only. */
  readonly message: string;
  /**
   * Where it stands: `open` while it can be answered; else answered (by someone else: an answer
   * from this page takes the item away), `cancelled` by its source, `expired`, or `unanswerable`
   * (its agent is gone). What the proxy lists, or learnt sooner from an answer's 409 or 410.
   */
  readonly state: RequestListingState;
  /** When it was opened, in ms since the epoch (the proxy's clock). The inbox lists the oldest first. */
  readonly waitingSince: number;
  /** Its deadline, in ms since the epoch (the proxy's clock); undefined: none. */
  readonly expiresAt: number | undefined;
  /** Who answered it (`answered` only), as the proxy names them; undefined when it does not. */
  readonly answeredBy: string | undefined;
  /** When it was answered or ended, in ms since the epoch; undefined while open or when not known. */
  readonly endedAt: number | undefined;
}

/** One item of the inbox: a service's tool call (`kind: 'tool_call'`) or one of the proxy's requests (`kind: 'request'`). */
export type InboxItem = InboxToolCallItem | InboxRequestItem;

/** Longest `title`; a summary is cut to it with an ellipsis. */
const INBOX_TITLE_MAX_LENGTH = 120;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function cut(text: string): string {
  const chars = [...text];
  return chars.length <= INBOX_TITLE_MAX_LENGTH ? text : `${chars.slice(0, INBOX_TITLE_MAX_LENGTH - 1).join('')}…`;
}

/**
 * The item's one-line title: the form's heading (else its fields' labels), or `name: value`
 * pairs of another tool's parameters.
 */
export function toolCallTitle(call: ToolCall): string {
  const parameters = isRecord(call.tool.parameters) ? call.tool.parameters : {};
  if (call.tool.name === 'form_input') {
    const { heading, fields } = parameters;
    if (typeof heading === 'string' && oneLine(heading) !== '') return cut(oneLine(heading));
    const labels = Array.isArray(fields)
      ? fields.flatMap((field) => (isRecord(field) && typeof field.label === 'string' ? [oneLine(field.label)] : []))
      : [];
    return cut(labels.filter((label) => label !== '').join(', '));
  }
  const parts: string[] = [];
  for (const [name, value] of Object.entries(parameters)) {
    const text =
      typeof value === 'string'
        ? oneLine(value)
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : Array.isArray(value)
            ? `[${value.length}]`
            : '';
    if (text !== '') parts.push(`${oneLine(name)}: ${text}`);
    if (parts.join(', ').length > INBOX_TITLE_MAX_LENGTH) break;
  }
  return cut(parts.join(', '));
}

export const inboxItemId = (taskId: string, toolCallId: string) => JSON.stringify([taskId, toolCallId]);

/** The item of a status's pending call; its run is the one the status names (`runId`, else `run_id`), if it names one. */
export function toInboxItem(
  task: { id: string; name: string | undefined },
  status: object,
  call: ToolCall,
  waitingSince: number,
): InboxToolCallItem {
  const named = status as { runId?: unknown; run_id?: unknown };
  const runId = typeof named.runId === 'string' ? named.runId : named.run_id;
  return {
    kind: 'tool_call',
    id: inboxItemId(task.id, call.toolCallId),
    taskId: task.id,
    runId: typeof runId === 'string' && runId !== '' ? runId : undefined,
    taskName: task.name,
    toolCall: call,
    toolName: call.tool.name,
    title: toolCallTitle(call),
    waitingSince,
  };
}

/** A time a `Date` can hold (the proxy's, read as it is), else undefined: shown, any other would throw. */
const dateTime = (ms: number | undefined) => (ms !== undefined && Math.abs(ms) <= 8.64e15 ? ms : undefined);

/**
 * The item of a listed request, with what this page learnt of its end while the proxy still
 * lists it open; undefined once this page's own answer went through (the item leaves at once).
 */
export function toRequestItem(listing: RequestListing, outcome: RequestOutcome | undefined): InboxRequestItem | undefined {
  const learnt = listing.state === 'open' ? outcome : undefined;
  if (outcome?.state === 'answered' && outcome.here === true) return undefined;
  const { request } = listing;
  const line = (text: unknown) => (typeof text === 'string' ? cut(oneLine(text)) : '');
  const expiresAt = dateTime(listing.expiresAt);
  return {
    kind: 'request',
    id: `request:${request.id}`,
    // The proxy's deadline is the one that holds; a request without one shows none.
    request: expiresAt === undefined ? request : { ...request, deadline: expiresAt },
    source: request.source,
    team: listing.team,
    title: line(request.title),
    message: line(request.message),
    state: learnt?.state ?? listing.state,
    waitingSince: dateTime(listing.openedAt) ?? Date.now(),
    expiresAt,
    answeredBy: (learnt ?? listing).answeredBy,
    endedAt: dateTime((learnt ?? listing).endedAt),
  };
}

/** What sorts an item among those that waited as long: its task's name, or its request's title. */
const nameOf = (item: InboxItem) => (item.kind === 'request' ? item.title : (item.taskName ?? item.taskId));

/** Oldest first; ties by task name (a request's title), then id, so the order does not jump between polls. */
export function compareInboxItems(a: InboxItem, b: InboxItem): number {
  if (a.waitingSince !== b.waitingSince) return a.waitingSince - b.waitingSince;
  const byName = nameOf(a).localeCompare(nameOf(b), undefined, { numeric: true });
  return byName !== 0 ? byName : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

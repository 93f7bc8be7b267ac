import { isAnswerableToolCall, type ToolCall } from '../client';
import { isRecord } from '../utils';

/** One tool call waiting for the person, as the inbox lists it. */
export interface InboxItem {
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

/** Longest `title`; a summary is cut to it with an ellipsis. */
export const INBOX_TITLE_MAX_LENGTH = 120;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function cut(text: string): string {
  const chars = [...text];
  return chars.length <= INBOX_TITLE_MAX_LENGTH ? text : `${chars.slice(0, INBOX_TITLE_MAX_LENGTH - 1).join('')}…`;
}

function describe(value: unknown): string | undefined {
  if (typeof value === 'string') return oneLine(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.length}]`;
  return undefined;
}

/** A `form_input` call's heading on one line; '' for any other tool or a form without one. */
function formHeading(call: ToolCall): string {
  if (call.tool.name !== 'form_input' || !isRecord(call.tool.parameters)) return '';
  const heading = call.tool.parameters.heading;
  return typeof heading === 'string' ? oneLine(heading) : '';
}

function fieldLabels(fields: unknown): string {
  if (!Array.isArray(fields)) return '';
  const labels = fields.flatMap((field) => (isRecord(field) && typeof field.label === 'string' ? [oneLine(field.label)] : []));
  return labels.filter((label) => label !== '').join(', ');
}

/**
 * The item's one-line title: the form's heading (else its fields' labels), or `name: value`
 * pairs of another tool's parameters.
 */
export function toolCallTitle(call: ToolCall): string {
  const parameters = isRecord(call.tool.parameters) ? call.tool.parameters : {};
  const heading = formHeading(call);
  if (heading !== '') return cut(heading);
  if (call.tool.name === 'form_input') return cut(fieldLabels(parameters.fields));
  const parts: string[] = [];
  for (const [name, value] of Object.entries(parameters)) {
    const text = describe(value);
    if (text !== undefined && text !== '') parts.push(`${oneLine(name)}: ${text}`);
    if (parts.join(', ').length > INBOX_TITLE_MAX_LENGTH) break;
  }
  return cut(parts.join(', '));
}

export const inboxItemId = (taskId: string, toolCallId: string) => JSON.stringify([taskId, toolCallId]);

/** The run a status names, if it names one (`runId`, else `run_id`); undefined otherwise. */
export function statusRunId(status: unknown): string | undefined {
  if (!isRecord(status)) return undefined;
  const runId = typeof status.runId === 'string' ? status.runId : status.run_id;
  return typeof runId === 'string' && runId !== '' ? runId : undefined;
}

/** The item for a status's pending call, or undefined when the call is not one the person can answer. */
export function toInboxItem(
  taskId: string,
  taskName: string | undefined,
  call: unknown,
  waitingSince: number,
  runId?: string,
): InboxItem | undefined {
  if (!isAnswerableToolCall(call)) return undefined;
  return {
    id: inboxItemId(taskId, call.toolCallId),
    taskId,
    runId,
    taskName,
    toolCall: call,
    toolName: call.tool.name,
    title: toolCallTitle(call),
    waitingSince,
  };
}

/** Oldest first; ties by task name, then id, so the order does not jump between polls. */
export function compareInboxItems(a: InboxItem, b: InboxItem): number {
  if (a.waitingSince !== b.waitingSince) return a.waitingSince - b.waitingSince;
  const byName = (a.taskName ?? a.taskId).localeCompare(b.taskName ?? b.taskId, undefined, { numeric: true });
  return byName !== 0 ? byName : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

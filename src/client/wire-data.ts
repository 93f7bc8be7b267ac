import { isRecord } from '../utils';
import type { GifStatus, RunResult, RunStatus, ToolCall } from './types';

// Each check asks only what the store and components rely on; fields the spec does not show are
// kept as sent, and fields a check skips (a GIF's `url`) are the components' to verify before use.
// The client's answers and the proxy's events are read by the same checks, so a stream can never
// hand the store something a poll would have refused.

/**
 * A tool call the person can answer. Its id must be echoed in the answer (spec §2.5), so a call
 * whose id is not a non-empty string could only be answered with `toolCallId: ""` or not at all.
 */
export const isAnswerableToolCall = (value: unknown): value is ToolCall =>
  isRecord(value) &&
  typeof value.toolCallId === 'string' &&
  value.toolCallId !== '' &&
  isRecord(value.tool) &&
  typeof value.tool.name === 'string';

/**
 * `data` of the status endpoint (spec §2.5), as far as it is checked. A `toolCall` of any other
 * shape does not make the status unusable: `toRunStatus` turns it into "no pending call".
 */
export const isRunStatus = (data: unknown): data is RunStatus => isRecord(data) && typeof data.status === 'string';

/** `data` of the result endpoint (spec §2.6), as far as it is checked. */
export const isRunResult = (data: unknown): data is RunResult => isRecord(data) && typeof data.status === 'string';

/** `data` of the gif endpoint (spec §2.7), as far as it is checked. */
export const isGifStatus = (data: unknown): data is GifStatus => isRecord(data) && typeof data.status === 'string';

/**
 * A checked run status with its `toolCall` made `null` when absent or unanswerable (no id, an empty
 * or non-string id, no tool name): no form is shown for a call that cannot be answered, and no
 * answer with `toolCallId: ""` is ever sent.
 */
export function toRunStatus(data: RunStatus): RunStatus {
  return { ...data, toolCall: isAnswerableToolCall(data.toolCall) ? data.toolCall : null };
}

/** A checked run result with every field the types promise present. */
export function toRunResult(data: RunResult): RunResult {
  return {
    ...data,
    error: data.error ?? null,
    output: isRecord(data.output) ? data.output : {},
    dataTable: Array.isArray(data.dataTable) ? data.dataTable.filter(isRecord) : [],
  };
}

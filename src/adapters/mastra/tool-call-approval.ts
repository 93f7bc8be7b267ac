import type { HumanAnswer, HumanApprovalRequest } from '../../request';
import { cutText, isRecord } from '../../utils';
import { mastraId, mastraIdParts, SOURCE } from './mastra-ids';

/** The payload of Mastra's `tool-call-approval` chunk (and `generate`'s `suspendPayload` when it stops for one). */
export interface MastraToolCallApprovalPayload {
  toolCallId: string;
  toolName: string;
  /** The tool's input as the model gave it (agent-made). */
  args?: unknown;
}

/** An agent's `tool-call-approval` stream chunk (`stream.fullStream`), for a tool with `requireApproval` or a run with `requireToolApproval`. */
export interface MastraToolCallApprovalChunk {
  type: 'tool-call-approval';
  /** The agent's run: what `approveToolCall` and `declineToolCall` resume. */
  runId?: string;
  payload: MastraToolCallApprovalPayload;
}

/** Options of `fromToolCallApproval`. */
export interface FromToolCallApprovalOptions {
  /** The run to resume (`stream.runId`, `output.runId`). Default: the chunk's `runId`; required for a payload without one. */
  runId?: string;
  /** Who asks, shown as "Requested by …" and in the inbox's list: the agent's name. Default: the source's name. */
  requestedBy?: string;
}

/** What `agent.approveToolCall({ runId, toolCallId })` or `agent.declineToolCall({ runId, toolCallId, reason })` take. */
export interface MastraToolCallDecision {
  /** True: `approveToolCall`; false: `declineToolCall`. */
  approved: boolean;
  runId: string;
  toolCallId: string;
  /** Why it was declined, which the model reads in place of Mastra's default. */
  reason?: string;
}

const FROM = 'fromToolCallApproval';

/**
 * The approval a Mastra agent stops for: its `tool-call-approval` chunk, or that chunk's payload
 * (`generate`'s `suspendPayload` when `finishReason` is `'suspended'`, with `{ runId }`). One
 * action, the tool and its input, to approve or reject; Mastra takes no edited input, so "Edit" is
 * not offered. The id is made of the run's and the call's ids. Throws a `TypeError` for anything
 * else, or without a `runId`.
 */
export function fromToolCallApproval(
  chunk: MastraToolCallApprovalChunk | MastraToolCallApprovalPayload,
  options: FromToolCallApprovalOptions = {},
): HumanApprovalRequest {
  if (!isRecord(chunk)) throw new TypeError(`${FROM}: chunk must be a "tool-call-approval" chunk or its payload`);
  const type: unknown = 'type' in chunk ? chunk.type : undefined;
  if (type !== undefined && type !== 'tool-call-approval')
    throw new TypeError(`${FROM}: a "${typeof type === 'string' ? type.slice(0, 100) : typeof type}" chunk asks for no approval`);
  const payload: unknown = 'payload' in chunk ? chunk.payload : chunk;
  if (!isRecord(payload) || !nonEmpty(payload.toolCallId) || !nonEmpty(payload.toolName))
    throw new TypeError(`${FROM}: the payload needs a "toolCallId" and a "toolName"`);
  const runId: unknown = options.runId ?? ('runId' in chunk ? chunk.runId : undefined);
  if (!nonEmpty(runId)) throw new TypeError(`${FROM}: no runId: pass { runId } (the stream's or output's runId)`);
  return {
    kind: 'approval',
    id: mastraId('tool', [runId, payload.toolCallId], FROM),
    source: SOURCE,
    ...(options.requestedBy === undefined ? {} : { requestedBy: options.requestedBy }),
    actions: [{ name: cutText(payload.toolName), args: payload.args, allowed: ['approve', 'reject'] }],
  };
}

/** The reasons the model reads when a person gave no decision. */
const NOT_DECIDED = {
  decline: 'The person declined to review this tool call.',
  cancel: 'The person dismissed this tool call without deciding.',
  expired: 'Expired before anyone answered.',
};

/**
 * `answer` to `request` (a request of `fromToolCallApproval`), as `approveToolCall` or
 * `declineToolCall` take it: approve; reject (or a reply in words) with the person's reason; a
 * decline, a cancel or the deadline decline with a reason saying so. Always names the call: Mastra
 * would apply a decision without one to whichever call is pending then. Throws a `TypeError` for
 * an answer to another request (a stale one, or another call's), an edit (Mastra runs no edited
 * input), or an answer without one decision.
 */
export function toToolCallDecision(answer: HumanAnswer, request: HumanApprovalRequest): MastraToolCallDecision {
  const NAME = 'toToolCallDecision';
  const parts = isRecord(request) ? mastraIdParts('tool', request.id) : undefined;
  if (parts?.length !== 2) throw new TypeError(`${NAME}: request must be the one fromToolCallApproval made`);
  const [runId = '', toolCallId = ''] = parts;
  if (!isRecord(answer)) throw new TypeError(`${NAME}: answer must be a HumanAnswer`);
  if (answer.requestId !== request.id)
    throw new TypeError(`${NAME}: the answer is not to this request (a stale answer, or another call's)`);
  const call = { runId, toolCallId };
  if (answer.action === 'decline') return { approved: false, ...call, reason: NOT_DECIDED.decline };
  if (answer.action === 'cancel')
    return { approved: false, ...call, reason: answer.expired === true ? NOT_DECIDED.expired : NOT_DECIDED.cancel };
  const decision: unknown =
    'decisions' in answer && Array.isArray(answer.decisions) && answer.decisions.length === 1 ? answer.decisions[0] : undefined;
  if (!isRecord(decision)) throw new TypeError(`${NAME}: the answer has no single decision`);
  if (decision.type === 'approve') return { approved: true, ...call };
  if (decision.type === 'reject' || decision.type === 'respond') {
    const reason = typeof decision.message === 'string' && decision.message.trim() !== '' ? decision.message : undefined;
    return reason === undefined ? { approved: false, ...call } : { approved: false, ...call, reason };
  }
  throw new TypeError(
    decision.type === 'edit' ? `${NAME}: Mastra cannot run a tool with edited input` : `${NAME}: the decision must approve or reject`,
  );
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

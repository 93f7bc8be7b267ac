import type { HumanAction, HumanAnswer, HumanApprovalRequest } from '../../request';
import { cutText } from '../../utils';
import { expectState, toolName, type AiSdkToolPart } from './tool-part';

/** What `addToolApprovalResponse` of `useChat` (or `Chat`) takes. */
export interface ToolApprovalResponse {
  /** The approval's id: `part.approval.id`. */
  id: string;
  /** True runs the tool; false tells the model it was denied. */
  approved: boolean;
  /** Why it was denied, passed to the model. */
  reason?: string;
}

/**
 * The approval an AI SDK tool part in state `'approval-requested'` asks for (an agent's
 * `toolApproval` saying `'user-approval'`, or a tool with `needsApproval`): one action, the tool
 * with its input as the arguments and the `toolApproval`'s reason, if it gave one, as its
 * description, to approve or reject. The AI SDK takes no edited input with an approval, so "Edit"
 * is not offered. Throws a `TypeError` for a part in any other state (an automatic approval or
 * denial asks nobody).
 */
export function fromToolApproval(part: AiSdkToolPart): HumanApprovalRequest {
  expectState(part, 'approval-requested', 'fromToolApproval');
  const id = part.approval?.id;
  if (typeof id !== 'string') throw new TypeError('fromToolApproval: the part has no approval id');
  const action: HumanAction = { name: toolName(part), args: part.input, allowed: ['approve', 'reject'] };
  const reason: unknown = part.approval?.requestReason;
  if (typeof reason === 'string' && reason !== '') action.description = cutText(reason);
  return { kind: 'approval', id, source: 'ai-sdk', actions: [action] };
}

/** The reasons the model reads when a person gave no decision. */
const NOT_DECIDED = {
  decline: 'The person declined to review this tool call.',
  cancel: 'The person dismissed this tool call without deciding.',
  expired: 'Expired before anyone answered.',
};

/**
 * `answer` to a request of `fromToolApproval`, as `addToolApprovalResponse` takes it: approve runs
 * the tool; reject denies it with the person's reason; a decline, a cancel or the deadline deny it
 * with a reason saying so, since the AI SDK has no "no answer". Throws a `TypeError` for an edit
 * (the AI SDK cannot run a tool with changed input) or an answer without one decision.
 */
export function toToolApprovalResponse(answer: HumanAnswer): ToolApprovalResponse {
  const id = answer.requestId;
  if (answer.action === 'decline') return { id, approved: false, reason: NOT_DECIDED.decline };
  if (answer.action === 'cancel') return { id, approved: false, reason: answer.expired ? NOT_DECIDED.expired : NOT_DECIDED.cancel };
  const decision = 'decisions' in answer && answer.decisions.length === 1 ? answer.decisions[0] : undefined;
  if (decision?.type === 'approve') return { id, approved: true };
  // A reply in words is a "no" with the reply as the reason: the tool does not run.
  if (decision?.type === 'reject' || decision?.type === 'respond') {
    return decision.message ? { id, approved: false, reason: decision.message } : { id, approved: false };
  }
  throw new TypeError(
    decision
      ? 'toToolApprovalResponse: the AI SDK cannot run a tool with edited input'
      : 'toToolApprovalResponse: the answer has no single decision',
  );
}

import type { ToolCall } from '../../client';

/**
 * What the person decided about a tool call, as `<ApprovalPrompt answer>` receives it:
 * - `approve`: the call as the agent made it;
 * - `reject`: not at all, with the reason typed (trimmed; `''` when none was given);
 * - `edit`: approved with the arguments the person edited (checked against the tool's schema when
 *   one was given): the generated form's object, or whatever JSON value the JSON editor held.
 */
export type ApprovalDecision =
  | { readonly type: 'approve'; readonly approved: true }
  | { readonly type: 'reject'; readonly approved: false; readonly reason: string }
  | { readonly type: 'edit'; readonly approved: true; readonly arguments: unknown };

/** Turns a decision into the string `tool-input` sends; see `<ApprovalPrompt answer>`. */
export type ApprovalAnswer = (decision: ApprovalDecision, toolCall: ToolCall) => string;

/**
 * The default answer, JSON: `{"approved":true}`; `{"approved":false,"reason":"…"}` (without
 * `reason` when none was typed); `{"approved":true,"arguments":{…}}` after an edit.
 */
export function defaultApprovalAnswer(decision: ApprovalDecision): string {
  switch (decision.type) {
    case 'approve':
      return JSON.stringify({ approved: true });
    case 'reject':
      return JSON.stringify(decision.reason === '' ? { approved: false } : { approved: false, reason: decision.reason });
    case 'edit':
      return JSON.stringify({ approved: true, arguments: decision.arguments });
  }
}

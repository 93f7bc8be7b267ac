import type { HumanAnswer, HumanFormInputRequest } from '../../request';
import type { FormAnswer } from '../../schema';
import { expectState, toolName, type AiSdkToolName, type AiSdkToolPart } from './tool-part';

/**
 * What `addToolOutput` of `useChat` (or `Chat`) takes: the form's answer as the tool's output, or
 * an error the model reads when no answer came.
 */
export type ToolOutput<NAME extends string = string> =
  { tool: NAME; toolCallId: string; output: FormAnswer } | { tool: NAME; toolCallId: string; state: 'output-error'; errorText: string };

/**
 * The form a client-side tool (one without `execute`, declared with `formInputTool()`'s parameters)
 * asks for, from its part in state `'input-available'`: the input is the form's `form_input`
 * parameters, agent-made and checked when the form renders. Throws a `TypeError` for a part in any
 * other state (while it streams, its input is incomplete).
 */
export function fromToolCall(part: AiSdkToolPart): HumanFormInputRequest {
  expectState(part, 'input-available', 'fromToolCall');
  toolName(part);
  return { kind: 'form', id: part.toolCallId, source: 'ai-sdk', parameters: part.input ?? {} };
}

/**
 * `answer` to a request of `fromToolCall(part)`, as `addToolOutput` takes it: the form's answer
 * (`[{ label, value }]`, what the task service receives too) as the output; a decline or a cancel
 * as an `'output-error'` saying so, which the model reads as the tool's failure. Throws a
 * `TypeError` for an answer to another request or one without a form's answer.
 */
export function toToolOutput<PART extends AiSdkToolPart>(answer: HumanAnswer, part: PART): ToolOutput<AiSdkToolName<PART>> {
  const call = { tool: toolName(part), toolCallId: part.toolCallId };
  if (answer.requestId !== part.toolCallId) {
    throw new TypeError(`toToolOutput: the answer is to "${answer.requestId}", the part is "${part.toolCallId}"`);
  }
  if (answer.action === 'decline') return { ...call, state: 'output-error', errorText: 'The person declined to fill in the form.' };
  if (answer.action === 'cancel') {
    const errorText = answer.expired ? 'The form expired before anyone answered.' : 'The person dismissed the form without answering.';
    return { ...call, state: 'output-error', errorText };
  }
  if (!('answer' in answer)) throw new TypeError("toToolOutput: the answer has no form's answer");
  return { ...call, output: answer.answer };
}

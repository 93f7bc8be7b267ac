import type { TypedToolDefinition } from './define-tool';
import { formInputSchema, type FormInputParameters } from './form-input-schema';

/** Name of the form tool (spec §2.9). */
export const FORM_INPUT_TOOL_NAME = 'form_input';

const DEFAULT_DESCRIPTION =
  'Ask the person you work for to fill in a form, and wait for the answer. Use it whenever you need ' +
  'information only they have or a decision only they may take: login details, a one-time or 2FA code, a ' +
  'captcha you cannot solve, a choice between options (shipping, plan, seats), or help when you are stuck. ' +
  'Give a short heading, a description saying why you need it, and one field per piece of information, each ' +
  'with a clear label. The answer is a JSON array of {label, value} objects, one per field, in field order.';

/** Options of `formInputTool`. */
export interface FormInputToolOptions {
  /** Replaces the instruction telling the agent when to use the tool. Default: a description covering logins, codes, choices and being stuck. */
  description?: string;
}

/**
 * The `form_input` tool definition, ready for
 * `createTask({ task, agent: 'BROWSER_AGENT', tools: [formInputTool()] })`.
 * Its `parameters` are the schema `<ToolCallForm>` validates against.
 */
export function formInputTool(options: FormInputToolOptions = {}): TypedToolDefinition<typeof FORM_INPUT_TOOL_NAME, FormInputParameters> {
  return {
    type: 'function',
    function: {
      name: FORM_INPUT_TOOL_NAME,
      description: options.description ?? DEFAULT_DESCRIPTION,
      // A deep copy, so a caller editing its tool list cannot change the schema the validator was built from.
      parameters: structuredClone(formInputSchema),
    },
  };
}

import type { TypedToolDefinition } from './define-tool';

/** Name of the hand-off tool: the agent asks a person to take over its browser. */
export const HUMAN_CONTROL_TOOL_NAME = 'human_control';

/** What the agent gives when it calls `human_control`. Untrusted: the agent may have read a hostile page. */
export interface HumanControlParameters {
  /** Why the agent needs a person in its browser (a CAPTCHA, a passkey, a page it cannot read). Required. */
  reason: string;
  /** What the person should do there, step by step. Default: none. */
  instructions?: string;
  /** How long the person has, in seconds, before the call is answered `{ done: false, expired: true }`. Default: no limit. */
  timeoutSeconds?: number;
}

/** The JSON Schema of `HumanControlParameters`. */
const humanControlSchema = {
  type: 'object',
  properties: {
    reason: { type: 'string', minLength: 1, description: 'Why you need a person to take over your browser, in one sentence.' },
    instructions: { type: 'string', description: 'What the person should do in your browser before handing it back.' },
    timeoutSeconds: { type: 'integer', minimum: 1, description: 'How many seconds the person has before you carry on without them.' },
  },
  required: ['reason'],
  additionalProperties: false,
} as const;

const DEFAULT_DESCRIPTION =
  'Ask the person you work for to take over your browser, and wait until they hand it back. Use it only for ' +
  'what you cannot do yourself and no form can carry: a CAPTCHA or a "press and hold" check, a sign-in with a ' +
  'passkey or a push approval, a cookie wall or a page you cannot read. Give the reason and, if it helps, ' +
  'instructions. The answer is JSON: {"done": true, "note"?: string} once they did it, {"done": false, ' +
  '"note"?: string} if they could not, {"done": false, "expired": true} if nobody did in time. Look at the ' +
  'page again before you continue: the person may have changed it.';

/** Options of `humanControlTool`. */
export interface HumanControlToolOptions {
  /** Replaces the instruction telling the agent when to use the tool. Default: a description covering CAPTCHAs, passkeys, cookie walls and the answer's shape. */
  description?: string;
}

/**
 * The `human_control` tool definition, ready for
 * `createTask({ task, agent: 'BROWSER_AGENT', tools: [formInputTool(), humanControlTool()] })`:
 * the agent calls it with a `reason`, optional `instructions` and `timeoutSeconds` when a person
 * must take over its browser. `controlRequestFromToolCall` makes the pending call a control
 * request for `<HumanRequestPrompt>`, and `controlToolInput` its answer the tool's `input`.
 */
export function humanControlTool(
  options: HumanControlToolOptions = {},
): TypedToolDefinition<typeof HUMAN_CONTROL_TOOL_NAME, HumanControlParameters> {
  return {
    type: 'function',
    function: {
      name: HUMAN_CONTROL_TOOL_NAME,
      description: options.description ?? DEFAULT_DESCRIPTION,
      // A deep copy: a caller editing its tool list cannot change the next definition.
      parameters: structuredClone(humanControlSchema),
    },
  };
}

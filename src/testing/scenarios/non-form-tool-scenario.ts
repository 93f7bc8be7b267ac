import { defineTool } from '../../schema';
import type { Scenario, ScenarioOutcome } from '../scenario';

/** Name of the caller-defined tool of the `non-form-tool` scenario. */
export const APPROVE_PURCHASE_TOOL_NAME = 'approve_purchase';

/**
 * A caller-defined tool that is not a form: the agent asks to approve a purchase with a flat
 * object. A function, like `formInputTool()`, so each task gets its own copy; made with
 * `defineTool`, so a renderer for it receives typed parameters.
 */
export function approvePurchaseTool() {
  return defineTool({
    name: APPROVE_PURCHASE_TOOL_NAME,
    description: 'Ask the person to approve a purchase before paying. The answer is a JSON object {"approved": boolean, "note"?: string}.',
    parameters: {
      type: 'object',
      properties: {
        item: { type: 'string', description: 'What will be bought.' },
        merchant: { type: 'string', description: 'Who sells it.' },
        amount: { type: 'number', description: 'Price including tax.' },
        currency: { type: 'string', description: 'ISO 4217 code.' },
        reason: { type: 'string', description: 'Why approval is needed.' },
      },
      required: ['item', 'merchant', 'amount', 'currency'],
      additionalProperties: false,
    },
  });
}

/**
 * Whether an `approve_purchase` answer approves: a JSON object with `approved: true`, or the
 * plain words yes/approve/approved/true.
 */
function isApproval(input: string): boolean {
  try {
    const parsed: unknown = JSON.parse(input);
    if (typeof parsed === 'object' && parsed !== null) return (parsed as { approved?: unknown }).approved === true;
    if (parsed === true) return true;
  } catch {
    // Not JSON: read it as words.
  }
  return /^\s*(yes|approve|approved|true)\s*$/i.test(input);
}

/** Buy an item after the person approves it through `approve_purchase`, a caller-defined tool that is not a form. */
export const nonFormToolScenario: Scenario = {
  name: 'non-form-tool',
  description: 'Buys an office chair after asking for approval through approve_purchase, a caller-defined non-form tool.',
  keywords: ['approve', 'approval', 'purchase', 'buy'],
  steps: [
    {
      type: 'page',
      title: 'Ergonomic office chair · Acme Furniture',
      url: 'https://furniture.example.com/chairs/ergo-2',
      durationMs: 2000,
    },
    { type: 'page', title: 'Payment · Acme Furniture', url: 'https://furniture.example.com/checkout/payment', durationMs: 1500 },
    {
      type: 'tool_call',
      tool: APPROVE_PURCHASE_TOOL_NAME,
      parameters: {
        item: 'Ergonomic office chair',
        merchant: 'Acme Furniture',
        amount: 349,
        currency: 'EUR',
        reason: 'Purchases above €200 need your approval.',
      },
    },
    { type: 'page', title: 'Order status · Acme Furniture', url: 'https://furniture.example.com/checkout/status', durationMs: 1500 },
  ],
  result: (answers): ScenarioOutcome => {
    const answer = answers.find((candidate) => candidate.tool === APPROVE_PURCHASE_TOOL_NAME);
    if (answer === undefined) {
      return {
        summary: 'Nothing was bought: approval could not be asked for, because the task has no approve_purchase tool.',
        output: { purchased: false },
      };
    }
    if (!isApproval(answer.input)) return { summary: 'Nothing was bought: the purchase was declined.', output: { purchased: false } };
    return {
      summary: 'Bought the ergonomic office chair from Acme Furniture for €349.00.',
      output: { purchased: true, orderNumber: 'AF-5531' },
      dataTable: [{ title: 'Amount paid', value: 349 }],
    };
  },
};

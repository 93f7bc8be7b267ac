import { createApprovalRenderer, type ApprovalDecision } from '../../src';

const ARGUMENT_NAMES = new Map([
  ['item', 'Item'],
  ['merchant', 'Merchant'],
  ['amount', 'Amount'],
  ['currency', 'Currency'],
  ['reason', 'Reason'],
]);

/**
 * The answer `approve_purchase` describes, `{"approved": boolean, "note"?: string}`: the reason for
 * a rejection goes in `note`. Edited arguments ride along as the kit's default sends them; the
 * simulated agent reads `approved` only.
 */
function purchaseAnswer(decision: ApprovalDecision): string {
  switch (decision.type) {
    case 'approve':
      return JSON.stringify({ approved: true });
    case 'reject':
      return JSON.stringify(decision.reason === '' ? { approved: false } : { approved: false, note: decision.reason });
    case 'edit':
      return JSON.stringify({ approved: true, arguments: decision.arguments });
  }
}

/**
 * The renderer of `approve_purchase` (`<RunViewer renderers>`): the library's approval kit. The
 * tool's parameters describe the purchase while its answer is a decision, so a form generated from
 * the parameters would ask the wrong question. Heading level 4: the viewer's run heading is an h3.
 */
export const ApprovePurchasePrompt = createApprovalRenderer({
  headingLevel: 4,
  answer: purchaseAnswer,
  messages: {
    heading: () => 'Approve this purchase?',
    argumentName: ({ name }) => ARGUMENT_NAMES.get(name) ?? name,
    reasonLabel: () => 'Note to the agent (optional)',
  },
});

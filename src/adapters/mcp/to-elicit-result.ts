import type { HumanAnswer } from '../../request';
import { isRecord } from '../../utils';

/**
 * What a client returns for `elicitation/create`. The SDK's `ElicitResult` takes it as it is (a
 * type, not an interface, so that it fits the SDK's open object type).
 */
export type McpElicitResult = {
  /** `accept`: answered (form) or consented to open the page (URL); `decline`: refused; `cancel`: dismissed, or not answered in time. */
  action: 'accept' | 'decline' | 'cancel';
  /** The form's answer, with the schema's types; absent for every other answer. */
  content?: Record<string, string | number | boolean | string[]>;
};

/**
 * The result of `elicitation/create` for the person's answer to a request of `fromElicitation`:
 * a form's `content` as it is (the form core gives each value the schema's type), `{ action:
 * 'accept' }` for a page the person opened, `{ action: 'decline' }`, and `{ action: 'cancel' }`
 * for a dismissal or an expired deadline. An answer MCP cannot carry (a `form_input` answer,
 * decisions on actions) throws a `TypeError`.
 */
export function toElicitResult(answer: HumanAnswer): McpElicitResult {
  const given: Record<string, unknown> = isRecord(answer) ? answer : {};
  const { action } = given;
  if (action === 'decline' || action === 'cancel') return { action };
  if (action === 'accept' && !('answer' in given) && !('decisions' in given)) {
    if (!('content' in given)) return { action };
    if (isRecord(given.content)) return { action, content: given.content as McpElicitResult['content'] };
  }
  throw new TypeError('toElicitResult: MCP takes decline, cancel, or accept with a form’s content object or nothing');
}

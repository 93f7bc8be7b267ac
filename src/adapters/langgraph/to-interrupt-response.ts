import type { HumanAnswer, HumanDecision } from '../../request';
import { isRecord } from '../../utils';
import {
  readInterrupt,
  type HitlRequest,
  type HitlRequestSnakeCase,
  type HumanInterrupt,
  type InterruptValue,
  type LangGraphInterrupt,
} from './interrupt-value';

/** One decision of `humanInTheLoopMiddleware`'s answer (LangChain 1.x `Decision`). */
export type HitlDecision =
  | { type: 'approve' }
  | { type: 'edit'; editedAction: { name: string; args: Record<string, unknown> } }
  | { type: 'reject'; message?: string }
  | { type: 'respond'; message: string };

/** The middleware's answer (`HITLResponse`): one decision per action, in order. */
export interface HitlResponse {
  decisions: HitlDecision[];
}

/** The same answer for LangChain for Python, in snake_case. */
export interface HitlResponseSnakeCase {
  decisions: (
    | { type: 'approve' }
    | { type: 'edit'; edited_action: { name: string; args: Record<string, unknown> } }
    | { type: 'reject'; message?: string }
    | { type: 'respond'; message: string }
  )[];
}

/** agent-inbox's answer to one `HumanInterrupt` (`HumanResponse` of `@langchain/langgraph/prebuilt`). */
export interface HumanResponse {
  type: 'accept' | 'ignore' | 'response' | 'edit';
  args: null | string | { action: string; args: Record<string, unknown> };
}

/** What `new Command({ resume })` takes for one of the interrupts `fromInterrupt` reads. */
export type InterruptResponse = HitlResponse | HitlResponseSnakeCase | HumanResponse | HumanResponse[];

type InterruptValueOf<INTERRUPT> = INTERRUPT extends InterruptValue
  ? INTERRUPT
  : INTERRUPT extends LangGraphInterrupt<infer VALUE>
    ? VALUE
    : INTERRUPT;

/** The response to an interrupt of a known type (`InterruptResponse` when its value is `unknown`). */
export type InterruptResponseFor<INTERRUPT> =
  InterruptValueOf<INTERRUPT> extends HitlRequest
    ? HitlResponse
    : InterruptValueOf<INTERRUPT> extends HitlRequestSnakeCase
      ? HitlResponseSnakeCase
      : InterruptValueOf<INTERRUPT> extends readonly HumanInterrupt[]
        ? HumanResponse[]
        : InterruptValueOf<INTERRUPT> extends HumanInterrupt
          ? HumanResponse
          : InterruptResponse;

/** Why the middleware's actions were not run when no decision came: the model reads it. */
const NOT_RUN = {
  decline: 'Not run: the person declined to review it.',
  cancel: 'Not run: the request was dismissed without a decision.',
  expired: 'Not run: nobody answered before the deadline.',
};

function editedArgs(decision: { args: unknown }): Record<string, unknown> {
  if (!isRecord(decision.args)) throw new TypeError('toInterruptResponse: edited arguments must be an object');
  return decision.args;
}

/**
 * `answer` to a request of `fromInterrupt(interrupt)`, as `new Command({ resume })` takes it:
 * - for `humanInTheLoopMiddleware`, `{ decisions }` in the order of its actions (approve; edit with
 *   `editedAction: { name, args }`; reject with the person's message). LangChain has no "no
 *   answer": a decline, a cancel or the deadline reject every action with a message saying so.
 * - for agent-inbox, a `HumanResponse` (a list for a list of interrupts): accept (with the action
 *   as agent-inbox sends it), edit with `{ action, args }`, response with the text; a decline, a
 *   cancel or the deadline ignore every interrupt.
 *
 * Throws a `TypeError` when the decisions do not match the actions, or edited arguments are not an object.
 */
export function toInterruptResponse<INTERRUPT>(answer: HumanAnswer, interrupt: INTERRUPT): InterruptResponseFor<INTERRUPT>;
export function toInterruptResponse(answer: HumanAnswer, interrupt: unknown): InterruptResponse {
  const { form, actions } = readInterrupt(interrupt, '');
  let decisions: readonly (HumanDecision | undefined)[] = [];
  if (answer.action === 'accept') {
    if (!('decisions' in answer) || answer.decisions.length !== actions.length) {
      throw new TypeError(`toInterruptResponse: ${actions.length} decision(s) expected, one per action`);
    }
    decisions = answer.decisions;
  }
  if (form === 'hitl' || form === 'hitl_') {
    const reason = answer.action === 'cancel' ? NOT_RUN[answer.expired ? 'expired' : 'cancel'] : NOT_RUN.decline;
    return {
      decisions: actions.map(({ name, allowed }, index): HitlDecision => {
        const decision = decisions[index];
        if (!decision) return { type: 'reject', message: reason };
        if (decision.type === 'edit') {
          const editedAction = { name, args: editedArgs(decision) };
          return (form === 'hitl' ? { type: 'edit', editedAction } : { type: 'edit', edited_action: editedAction }) as HitlDecision;
        }
        // A reply in words where the source takes none is a rejection with it as the message.
        if (decision.type === 'respond' && allowed?.includes('respond')) return decision;
        if (decision.type !== 'approve' && decision.message) return { type: 'reject', message: decision.message };
        return { type: decision.type === 'approve' ? 'approve' : 'reject' };
      }),
    };
  }
  const responses = actions.map(({ name, args }, index): HumanResponse => {
    const decision = decisions[index];
    // agent-inbox sends the action with an accept (its README's contract); graphs that read none ignore it.
    if (decision?.type === 'approve') return { type: 'accept', args: { action: name, args: args as Record<string, unknown> } };
    if (decision?.type === 'edit') return { type: 'edit', args: { action: name, args: editedArgs(decision) } };
    if (decision?.type === 'respond') return { type: 'response', args: decision.message };
    return { type: 'ignore', args: null };
  });
  return form === 'inbox' ? responses[0]! : responses;
}

import type { JsonSchema } from '../../client';
import type { HumanAnswer, HumanDecision } from '../../request';
import { isRecord } from '../../utils';
import { interruptShape, type AgUiInterrupt } from './interrupt-shape';

/** An answer to one interrupt, for the next run's `resume` list. `@ag-ui/core`'s `ResumeEntrySchema` accepts it. */
export interface AgUiResumeEntry {
  /** The interrupt answered. */
  interruptId: string;
  /** `resolved`: answered (a rejection too: it is in the payload); `cancelled`: dismissed, or not answered in time. */
  status: 'resolved' | 'cancelled';
  /** The answer: the form's content, the text, or `{ approved, editedArgs?, reason? }`; absent when cancelled. */
  payload?: unknown;
}

const NAME = 'toResumeEntry';

/**
 * The resume entry for the person's answer to the request `fromAgUiInterrupt` made of
 * `interrupt`. A tool approval resolves with AG-UI's payload: `{ approved: true }`, `{ approved:
 * true, editedArgs }` or `{ approved: false, reason? }`; a form with its content; a text field
 * with the text. Cancel, decline and an expired deadline are `cancelled`, without a payload (an
 * expired interrupt may only be cancelled). An answer to another request, or of a kind the
 * interrupt does not take, throws a `TypeError`.
 */
export function toResumeEntry(answer: HumanAnswer, interrupt: AgUiInterrupt): AgUiResumeEntry {
  if (!isRecord(interrupt) || typeof interrupt.id !== 'string')
    throw new TypeError(`${NAME}: interrupt must be the AG-UI Interrupt answered`);
  if (!isRecord(answer)) throw new TypeError(`${NAME}: answer must be a HumanAnswer`);
  const interruptId = interrupt.id;
  if (answer.requestId !== interruptId)
    throw new TypeError(`${NAME}: the answer is not to this interrupt (its requestId differs from interrupt.id)`);
  if (answer.action === 'cancel' || answer.action === 'decline') return { interruptId, status: 'cancelled' };
  if (answer.action !== 'accept') throw new TypeError(`${NAME}: answer.action must be "accept", "decline" or "cancel"`);
  const shape = interruptShape(interrupt);
  if (shape.kind === 'approval') {
    const decision: unknown = 'decisions' in answer && Array.isArray(answer.decisions) ? answer.decisions[0] : undefined;
    if (!isRecord(decision)) throw new TypeError(`${NAME}: a tool approval is answered with a decision`);
    return { interruptId, status: 'resolved', payload: approvalPayload(decision as HumanDecision, shape.schema) };
  }
  if (!('content' in answer) || !isRecord(answer.content)) throw new TypeError(`${NAME}: this interrupt is a form, answered with content`);
  const { response } = answer.content;
  const payload = shape.kind === 'text' ? (typeof response === 'string' ? response : '') : answer.content;
  return { interruptId, status: 'resolved', payload };
}

function approvalPayload(decision: HumanDecision, schema: JsonSchema | undefined): Record<string, unknown> {
  if (decision.type === 'approve') return { approved: true };
  if (decision.type === 'edit') return { approved: true, editedArgs: decision.args };
  const reason = typeof decision.message === 'string' ? decision.message.trim() : '';
  // A reason is sent unless the interrupt's schema shuts out properties it does not name.
  const allowsReason =
    schema === undefined ||
    schema.additionalProperties !== false ||
    (isRecord(schema.properties) && Object.hasOwn(schema.properties, 'reason'));
  return reason !== '' && allowsReason ? { approved: false, reason } : { approved: false };
}

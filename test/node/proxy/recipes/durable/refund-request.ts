// refund-request.ts: what every engine below asks a person, how it opens it, and how it reads the answer. Types only from
// hitl-react: a workflow's sandbox may import this file.
import type { HumanAnswer, HumanRequest } from '../../../../../src';
import type { TaskProxy } from '../../../../../src/server';

export interface Refund {
  orderId: string;
  amount: number;
  /** The team whose people may approve it (`identify`'s `team`). */
  team: string;
}

/** The approval a person sees in the inbox; `source` names the engine, which scopes the request's `key`. */
export function refundRequest(refund: Refund, source: string): HumanRequest {
  return {
    id: `refund-${refund.orderId}`,
    source,
    kind: 'approval',
    title: `Refund order ${refund.orderId}?`,
    requestedBy: 'Refunds workflow',
    actions: [{ name: 'refund', args: { orderId: refund.orderId, amount: refund.amount }, allowed: ['approve', 'reject'] }],
  };
}

/**
 * How long a person has to answer: the request's deadline, after which `onAnswer` gets
 * `{ action: 'cancel', expired: true }` and the workflow goes on with a refusal. An engine that
 * needs a timeout of its own gets a day more, only as a backstop.
 */
export const ANSWER_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Opens the request in a step of the engine: durable, so it outlives this process and its answer
 * goes to `requests.onAnswer` of any live instance, which completes the engine's wait; keyed by the
 * engine's own id of that wait, so a retried step finds the same request. Resolves with the
 * proxy's id of the request (for `proxy.requests.cancel`) once the request is in the store: the
 * step may be the last thing its process does. A store that failed fails the step, which the
 * engine retries.
 */
export async function askPerson(proxy: TaskProxy, refund: Refund, source: string, key: string): Promise<string> {
  const opened = proxy.requests.open(refundRequest(refund, source), {
    team: refund.team,
    key,
    durable: true,
    expiresAt: Date.now() + ANSWER_WITHIN_MS,
  });
  // Never awaited: the engine waits instead. It rejects only when the key is open with another question.
  opened.catch((error: unknown) => console.error(error));
  await opened.stored;
  return opened.id;
}

/** Approved only by an explicit approval: a reject, a cancel or the request's expiry refuse it. */
export const isApproved = (answer: HumanAnswer | undefined): boolean =>
  answer?.action === 'accept' && 'decisions' in answer && answer.decisions[0]?.type === 'approve';

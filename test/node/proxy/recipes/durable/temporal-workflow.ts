// temporal-workflow.ts: a Temporal workflow that waits for the person's answer, sent as an update.
import { condition, defineUpdate, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { HumanAnswer } from '../../../../../src';
import type { RefundActivities } from './temporal';
import { isApproved, type Refund } from './refund-request';

/** Sent by the proxy's `onAnswer`, with the request's id as `updateId`: a redelivery is the same update. */
export const answerUpdate = defineUpdate<void, [HumanAnswer]>('answer');

const { askPerson } = proxyActivities<RefundActivities>({ startToCloseTimeout: '1 minute' });

export async function refundReview(refund: Refund): Promise<string> {
  let answer: HumanAnswer | undefined;
  setHandler(answerUpdate, (given) => {
    answer ??= given;
  });
  await askPerson(refund, workflowInfo().workflowId);
  await condition(() => answer !== undefined, '8 days');
  return isApproved(answer) ? `refunded ${refund.orderId}` : `refused ${refund.orderId}`;
}

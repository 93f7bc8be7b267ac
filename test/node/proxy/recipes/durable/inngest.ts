// inngest.ts: an Inngest function that waits for the person's answer as an event.
import { Inngest } from 'inngest';
import type { HumanAnswer } from '../../../../../src';
import type { TaskProxy, TaskProxyRequestOptions } from '../../../../../src/server';
import { askPerson, isApproved, type Refund } from './refund-request';

export const inngest = new Inngest({ id: 'refunds' });

/** Triggered by `refund/requested` with `data: { …refund, reviewId }`, an id your app gives each review. */
export function refundReviewFunction(proxy: TaskProxy) {
  return inngest.createFunction({ id: 'refund-review', triggers: [{ event: 'refund/requested' }] }, async ({ event, step }) => {
    const refund = event.data as Refund & { reviewId: string };
    // Memoized: a retry of the function does not run it again.
    await step.run('ask a person', () => askPerson(proxy, refund, 'inngest', refund.reviewId));
    // `match`: the answer's `data.reviewId` equals this run's.
    const answered = await step.waitForEvent('wait for a person', { event: 'refund/answered', timeout: '8d', match: 'data.reviewId' });
    return isApproved(answered?.data.answer as HumanAnswer | undefined) ? `refunded ${refund.orderId}` : `refused ${refund.orderId}`;
  });
}

/** The proxy's `requests.onAnswer`: the answer as the event the function waits for, once (its id deduplicates a redelivery). */
export const sendAnswerEvent: NonNullable<TaskProxyRequestOptions['onAnswer']> = async (_request, answer, { id, key }) => {
  await inngest.send({ id: `answer-${id}`, name: 'refund/answered', data: { reviewId: key, answer } });
};

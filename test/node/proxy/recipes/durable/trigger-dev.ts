// trigger-dev.ts: a Trigger.dev task that waits on a waitpoint token until a person decides in the inbox.
import { idempotencyKeys, task, wait } from '@trigger.dev/sdk';
import type { HumanAnswer } from '../../../../../src';
import type { TaskProxy, TaskProxyRequestOptions } from '../../../../../src/server';
import { askPerson, isApproved, type Refund } from './refund-request';

/** Export the task from your trigger folder: `export const refundReview = refundReviewTask(proxy)`. */
export function refundReviewTask(proxy: TaskProxy) {
  return task({
    id: 'refund-review',
    run: async (refund: Refund) => {
      // Scoped to this run: its retries get the same token back, whose id finds the same request.
      const token = await wait.createToken({ idempotencyKey: await idempotencyKeys.create('ask a person'), timeout: '8d' });
      await askPerson(proxy, refund, 'trigger.dev', token.id);
      const result = await wait.forToken<HumanAnswer>(token);
      if (!result.ok) return `refused ${refund.orderId}`;
      return isApproved(result.output) ? `refunded ${refund.orderId}` : `refused ${refund.orderId}`;
    },
  });
}

/** The proxy's `requests.onAnswer`: completes the token the task waits on. */
export const completeToken: NonNullable<TaskProxyRequestOptions['onAnswer']> = async (_request, answer, { key }) => {
  if (key !== undefined) await wait.completeToken(key, answer);
};

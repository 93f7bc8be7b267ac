// restate.ts: a Restate service whose handler waits on an awakeable until a person decides in the inbox.
import * as restate from '@restatedev/restate-sdk';
import * as clients from '@restatedev/restate-sdk-clients';
import type { HumanAnswer } from '../../../../../src';
import type { TaskProxy, TaskProxyRequestOptions } from '../../../../../src/server';
import { askPerson, isApproved, type Refund } from './refund-request';

export function refundService(proxy: TaskProxy) {
  return restate.service({
    name: 'refunds',
    handlers: {
      review: async (ctx: restate.Context, refund: Refund) => {
        const awakeable = ctx.awakeable<HumanAnswer>();
        // Journaled: a replay does not open it again, and a retry before the journal has it opens
        // the same key, which finds the same request.
        await ctx.run('ask a person', () => askPerson(proxy, refund, 'restate', awakeable.id));
        const answer = await awakeable.promise;
        return isApproved(answer) ? `refunded ${refund.orderId}` : `refused ${refund.orderId}`;
      },
    },
  });
}

/** The proxy's `requests.onAnswer`: resolves the awakeable by its id through Restate's ingress. */
export function resolveAwakeable(ingressUrl: string): NonNullable<TaskProxyRequestOptions['onAnswer']> {
  const ingress = clients.connect({ url: ingressUrl });
  return async (_request, answer, { key }) => {
    if (key !== undefined) await ingress.resolveAwakeable(key, answer);
  };
}

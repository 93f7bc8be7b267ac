// cloudflare-workflow.ts: a Cloudflare Workflow that waits for the person's answer as an event of its instance.
import type { CloudflareWorkersModule, Workflow } from '@cloudflare/workers-types/index.ts';
import type { HumanAnswer } from '../../../../../src';
import type { TaskProxy, TaskProxyRequestOptions } from '../../../../../src/server';
import { askPerson, isApproved, type Refund } from './refund-request';

type WorkflowEvent = CloudflareWorkersModule.WorkflowEvent<Refund>;
type WorkflowStep = CloudflareWorkersModule.WorkflowStep;

/**
 * The workflow's `run`: `class RefundReview extends WorkflowEntrypoint<Env, Refund>` (from
 * `cloudflare:workers`) returns `reviewRefund(proxy, event, step)`.
 */
export async function reviewRefund(proxy: TaskProxy, event: Readonly<WorkflowEvent>, step: WorkflowStep): Promise<string> {
  const refund = event.payload;
  // A step's result is kept: a replay does not open it again; a retry opens the same key.
  await step.do('ask a person', () => askPerson(proxy, refund, 'cloudflare', event.instanceId));
  const answered = await step.waitForEvent<HumanAnswer>('wait for a person', { type: 'answer', timeout: '8 days' });
  return isApproved(answered.payload) ? `refunded ${refund.orderId}` : `refused ${refund.orderId}`;
}

/** The proxy's `requests.onAnswer`, given the Workflow's binding (`env.REFUND_REVIEW`): the answer as an event of the instance. */
export function sendInstanceEvent(workflow: Workflow<Refund>): NonNullable<TaskProxyRequestOptions['onAnswer']> {
  return async (_request, answer, { key }) => {
    if (key === undefined) return;
    const instance = await workflow.get(key);
    await instance.sendEvent({ type: 'answer', payload: answer });
  };
}

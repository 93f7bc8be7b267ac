// temporal.ts: the activity that opens the request (in the worker) and the proxy's onAnswer that updates the workflow.
import type { Client } from '@temporalio/client';
import type { TaskProxy, TaskProxyRequestOptions } from '../../../../../src/server';
import { askPerson, type Refund } from './refund-request';
import { answerUpdate } from './temporal-workflow';

/** The worker's activities: `Worker.create({ activities: refundActivities(proxy), workflowsPath, … })`. */
export function refundActivities(proxy: TaskProxy) {
  return {
    /** Keyed by the workflow's id: a retried activity finds the request it opened. */
    askPerson: (refund: Refund, workflowId: string): Promise<string> => askPerson(proxy, refund, 'temporal', workflowId),
  };
}
export type RefundActivities = ReturnType<typeof refundActivities>;

/** The proxy's `requests.onAnswer`: the answer as an update of the workflow it was opened for. */
export function updateWorkflow(client: Client): NonNullable<TaskProxyRequestOptions['onAnswer']> {
  return async (_request, answer, { id, key }) => {
    if (key === undefined) return;
    await client.workflow.getHandle(key).executeUpdate(answerUpdate, { args: [answer], updateId: id });
  };
}

// vercel-workflow.ts: a workflow of Vercel Workflow that waits on a hook, and the app's proxy that resumes it.
import { createHook } from '@workflow/core';
import { resumeHook } from '@workflow/core/runtime';
import type { HumanAnswer } from '../../../../../src';
import { createTaskProxy } from '../../../../../src/server';
import { createRedisProxyStore } from '../../../../../src/server/redis';
import { readSession } from '../next-session-route';
import { askPerson, isApproved, type Refund } from './refund-request';

/** The app's proxy (its route is `app/api/hitl/[...path]/route.ts`), shared with the workflow's steps. */
export const proxy = createTaskProxy({
  secret: () => process.env.HITL_SECRET,
  basePath: '/api/hitl',
  identify: (request) => readSession(request, process.env.SESSION_SECRET ?? ''),
  // Serverless: every instance, and every step, shares the requests through Redis.
  store: createRedisProxyStore({ url: process.env.REDIS_URL }),
  requests: {
    // The hook's token is the request's key: the answer resumes the workflow that waits on it.
    async onAnswer(_request, answer, { key }) {
      if (key !== undefined) await resumeHook(key, answer);
    },
  },
});

export async function refundReview(refund: Refund): Promise<string> {
  'use workflow';
  // Its token, random and kept with the run, is the request's key.
  const hook = createHook<HumanAnswer>();
  await askPersonStep(refund, hook.token);
  const answer = await hook;
  return isApproved(answer) ? `refunded ${refund.orderId}` : `refused ${refund.orderId}`;
}

async function askPersonStep(refund: Refund, token: string): Promise<string> {
  'use step';
  return askPerson(proxy, refund, 'vercel-workflow', token);
}

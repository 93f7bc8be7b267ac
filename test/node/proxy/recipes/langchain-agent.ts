// agent.ts: a LangChain agent on your server; each tool call it stops before waits in the team's inbox until a person decides.
import { Command, MemorySaver, type BaseCheckpointSaver } from '@langchain/langgraph';
import { createAgent, humanInTheLoopMiddleware, tool, type CreateAgentParams } from 'langchain';
import { z } from 'zod';
import { fromInterrupt, toInterruptResponse } from '../../../../src/adapters/langgraph';
import { createTaskProxy, type ProxyIdentity, type ProxyStore } from '../../../../src/server';

const sendEmail = tool(({ to, subject }) => `Sent "${subject}" to ${to}`, {
  name: 'send_email',
  description: 'Send an email',
  schema: z.object({ to: z.string(), subject: z.string() }),
});

export interface ReviewedAgentOptions {
  /** `'openai:gpt-5-mini'`, or a chat model of your own. */
  model: CreateAgentParams['model'];
  /** The caller's user and team, from your sign-in (a session cookie, an auth proxy's headers). */
  identify: (request: Request) => ProxyIdentity | null | Promise<ProxyIdentity | null>;
  /** What the proxy's instances share: `createRedisProxyStore` (`hitl-react/server/redis`) for several. Default: in memory. */
  store?: ProxyStore;
  /** Where the threads are kept; one that outlives the process (e.g. `PostgresSaver`) lets a restarted server go on. */
  checkpointer?: BaseCheckpointSaver;
}

export function createReviewedAgent({ model, identify, store, checkpointer = new MemorySaver() }: ReviewedAgentOptions) {
  // Requests alone: no task service behind the proxy, so no `upstream` or `apiKey`. The secret (at
  // least 32 characters, the same on every instance) seals answers and turns keys into ids.
  const proxy = createTaskProxy({ secret: process.env.HITL_SECRET, basePath: '/api/hitl', identify, store });
  const agent = createAgent({
    model,
    tools: [sendEmail],
    middleware: [humanInTheLoopMiddleware({ interruptOn: { send_email: { allowedDecisions: ['approve', 'edit', 'reject'] } } })],
    checkpointer,
  });

  /**
   * Runs the thread to its end, each interrupt waiting in `team`'s inbox until it is answered.
   * Without `message` the thread goes on from its checkpoint: after a restart the interrupt is
   * raised again, with the same id, and its key finds the request the pages already show.
   */
  async function run(threadId: string, team: string, message?: string) {
    const config = { configurable: { thread_id: threadId } };
    let result = await agent.invoke(message === undefined ? null : { messages: [{ role: 'user', content: message }] }, config);
    let interrupt = result.__interrupt__?.[0];
    while (interrupt !== undefined) {
      const answer = await proxy.requests.open(fromInterrupt(interrupt), { team, key: `${threadId}:${interrupt.id}` });
      result = await agent.invoke(new Command({ resume: toInterruptResponse(answer, interrupt) }), config);
      interrupt = result.__interrupt__?.[0];
    }
    return result;
  }

  return { proxy, agent, run };
}

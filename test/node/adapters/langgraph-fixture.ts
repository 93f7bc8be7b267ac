/**
 * An agent of LangChain's `createAgent` with `humanInTheLoopMiddleware`, whose
 * `FakeToolCallingModel` calls tools that are interrupted before they run, checkpointed by a
 * `MemorySaver` and resumed with `new Command({ resume })`.
 */
import { Command, MemorySaver } from '@langchain/langgraph';
import { FakeToolCallingModel, ToolMessage, createAgent, humanInTheLoopMiddleware, tool, type BaseMessage } from 'langchain';
import { z } from 'zod';
import { toInterruptResponse } from '../../../src/adapters/langgraph';
import type { HumanAnswer } from '../../../src/request';

/** The arguments' schema `send_email`'s review config gives: a flat object, so "Edit" is a form of fields. */
export const emailSchema = {
  type: 'object',
  properties: { to: { type: 'string', title: 'To' }, subject: { type: 'string', title: 'Subject' } },
};

export const email = { name: 'send_email', args: { to: 'ann@example.com', subject: 'Invoice' }, id: 'call-1' } as const;
export const deletion = { name: 'delete_file', args: { path: '/tmp/old.log' }, id: 'call-2' } as const;

/**
 * An agent whose model's first turn calls `calls`, each tool recording the arguments it ran with
 * in `ran`: invoked until its interrupt. `resume` answers it (through `toInterruptResponse`) and
 * returns what the agent ends with.
 */
export async function interruptedAgent(calls: { name: 'send_email' | 'delete_file'; args: Record<string, unknown>; id: string }[]) {
  const ran: { tool: string; args: unknown }[] = [];
  const record = (name: string) => (args: unknown) => {
    ran.push({ tool: name, args });
    return Promise.resolve(`${name} done`);
  };
  const agent = createAgent({
    model: new FakeToolCallingModel({ toolCalls: [calls, []] }),
    tools: [
      tool(record('send_email'), {
        name: 'send_email',
        description: 'Send an email',
        schema: z.object({ to: z.string(), subject: z.string() }),
      }),
      tool(record('delete_file'), { name: 'delete_file', description: 'Delete a file', schema: z.object({ path: z.string() }) }),
    ],
    middleware: [
      humanInTheLoopMiddleware({
        interruptOn: {
          send_email: { allowedDecisions: ['approve', 'edit', 'reject'], argsSchema: emailSchema },
          delete_file: { allowedDecisions: ['approve', 'reject'], description: 'Deleting cannot be undone' },
        },
      }),
    ],
    checkpointer: new MemorySaver(),
  });
  const config = { configurable: { thread_id: 'thread-1' } };
  const result = await agent.invoke({ messages: [{ role: 'user', content: 'Tidy up' }] }, config);
  const interrupt = result.__interrupt__?.[0];
  if (!interrupt) throw new Error('the agent was not interrupted');
  const ranBefore = [...ran];
  const resume = (answer: HumanAnswer) => agent.invoke(new Command({ resume: toInterruptResponse(answer, interrupt) }), config);
  return { interrupt, ran, ranBefore, resume };
}

/** The tool messages the model read, by call. */
export const toolReplies = (messages: BaseMessage[]) =>
  messages.filter((message) => ToolMessage.isInstance(message)).map((message) => [message.tool_call_id, message.content]);

// agent.ts: LangChain's agent, stopped before the tool calls a person reviews.
import { MemorySaver } from '@langchain/langgraph';
import { createAgent, humanInTheLoopMiddleware, tool } from 'langchain';
import { z } from 'zod';

const sendEmail = tool(({ to, subject }) => `Sent "${subject}" to ${to}`, {
  name: 'send_email',
  description: 'Send an email',
  schema: z.object({ to: z.string(), subject: z.string() }),
});

export const agent = createAgent({
  model: 'openai:gpt-5-mini',
  tools: [sendEmail],
  middleware: [
    humanInTheLoopMiddleware({
      interruptOn: {
        // `argsSchema` makes "Edit" a form of fields (else a JSON editor).
        send_email: {
          allowedDecisions: ['approve', 'edit', 'reject'],
          argsSchema: {
            type: 'object',
            properties: { to: { type: 'string', title: 'To' }, subject: { type: 'string', title: 'Subject' } },
          },
        },
      },
    }),
  ],
  checkpointer: new MemorySaver(),
});

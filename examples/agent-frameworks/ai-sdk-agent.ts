// app/api/chat/route.ts: the agent on your server, answering `useChat`.
import { unlink } from 'node:fs/promises';
import { createAgentUIStreamResponse, jsonSchema, tool, ToolLoopAgent, type JSONSchema7 } from 'ai';
import { z } from 'zod';
import { formInputTool, type FormInputParameters } from '../../src';

const formInput = formInputTool();

export const tools = {
  // Runs only once a person approved it.
  deleteFile: tool({
    description: 'Delete a file',
    inputSchema: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => {
      await unlink(path);
      return `Deleted ${path}`;
    },
  }),
  // No `execute`: the page answers it with the person's form.
  form_input: tool({
    description: formInput.function.description,
    inputSchema: jsonSchema<FormInputParameters>(formInput.function.parameters as JSONSchema7),
  }),
};

export async function POST(request: Request) {
  const { messages } = (await request.json()) as { messages: unknown[] };
  return createAgentUIStreamResponse({ agent: new ToolLoopAgent({ model: 'openai/gpt-5-mini', tools }), uiMessages: messages });
}

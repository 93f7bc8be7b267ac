/**
 * The AI SDK chats the adapter's tests answer: a tool that needs approval (`deleteFile`), by the
 * agent's `toolApproval` or the tool's `needsApproval`, and a client-side `form_input` tool, each
 * called by a scripted model on its first turn.
 */
import {
  ToolLoopAgent,
  jsonSchema,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
  tool,
  type JSONSchema7,
  type ToolApprovalStatus,
} from 'ai';
import { z } from 'zod';
import { formInputSchema, type FormInputParameters } from '../../../src/schema';
import { agentChat, lastToolParts, scriptedModel } from './ai-sdk-chat';

/**
 * How `deleteFile` comes to need a person: `'toolApproval'`, the agent's `toolApproval` asking for
 * every call with a reason made of its input (AI SDK 7's way); `'needsApproval'`, the tool's own
 * flag (AI SDK 6's, deprecated in 7 but kept); or `{ status }`, a fixed `toolApproval` status.
 */
export type DeleteFileApproval = 'toolApproval' | 'needsApproval' | { status: ToolApprovalStatus };

/** The reason the agent's `toolApproval` gives when it asks for a person's approval. */
export const approvalReason = (path: string) => `Deletes ${path} for good`;

/**
 * A chat whose model asked to delete `/tmp/report.pdf` with a tool that needs approval; `deleted`
 * lists what the tool deleted. `secret` signs the approval requests (`experimental_toolApprovalSecret`).
 */
export async function deleteFileChat({ approval = 'toolApproval', secret }: { approval?: DeleteFileApproval; secret?: string } = {}) {
  const deleted: string[] = [];
  const { model, prompts } = scriptedModel([{ toolCallId: 'call-1', toolName: 'deleteFile', input: { path: '/tmp/report.pdf' } }]);
  const agent = new ToolLoopAgent({
    model,
    tools: {
      deleteFile: tool({
        description: 'Delete a file',
        inputSchema: z.object({ path: z.string() }),
        ...(approval === 'needsApproval' && { needsApproval: true }),
        execute: ({ path }) => {
          deleted.push(path);
          return Promise.resolve(`Deleted ${path}`);
        },
      }),
    },
    ...(approval === 'toolApproval' && {
      toolApproval: { deleteFile: ({ path }) => ({ type: 'user-approval', reason: approvalReason(path) }) },
    }),
    ...(typeof approval === 'object' && { toolApproval: { deleteFile: approval.status } }),
    ...(secret !== undefined && { experimental_toolApprovalSecret: secret }),
  });
  const { chat, nextFinish } = agentChat(agent, lastAssistantMessageIsCompleteWithApprovalResponses);
  await chat.sendMessage({ text: 'Delete my report' });
  const [part] = lastToolParts(chat.messages);
  if (!part) throw new Error('the model called no tool');
  return { chat, part, deleted, prompts, nextFinish };
}

/** The form the model's `form_input` call of `formChat()` asks for. */
export const newsletterParameters = {
  heading: 'Newsletter',
  fields: [
    { type: 'email', label: 'Email', required: true },
    { type: 'checkbox', label: 'Weekly digest' },
  ],
  submitButton: { label: 'Subscribe' },
};

/** A chat whose model called the client-side tool `form_input` (no `execute`: the browser answers it) with `parameters`. */
export async function formChat(parameters: object = newsletterParameters) {
  const { model, prompts } = scriptedModel([{ toolCallId: 'call-7', toolName: 'form_input', input: parameters }]);
  const agent = new ToolLoopAgent({
    model,
    tools: { form_input: tool({ inputSchema: jsonSchema<FormInputParameters>(formInputSchema as unknown as JSONSchema7) }) },
  });
  const { chat, nextFinish } = agentChat(agent, lastAssistantMessageIsCompleteWithToolCalls);
  await chat.sendMessage({ text: 'Sign me up' });
  const [part] = lastToolParts(chat.messages);
  // As an app renders its parts: by type, which types `addToolOutput`'s tool name and output.
  if (part?.type !== 'tool-form_input') throw new Error('the model called no form_input');
  return { chat, part, prompts, nextFinish };
}

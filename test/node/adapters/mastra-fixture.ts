/**
 * Mastra itself, in memory and on the AI SDK's `MockLanguageModelV4` (no network): an agent whose
 * `deleteFile` tool needs approval, and a workflow whose step suspends to ask for a `resumeSchema`.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import type { MastraModelConfig } from '@mastra/core/llm';
import { InMemoryStore } from '@mastra/core/storage';
import type { ChunkType } from '@mastra/core/stream';
import { createTool } from '@mastra/core/tools';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';

// The model's types, as the AI SDK's mock takes them (the provider package is the AI SDK's own dependency).
export type LanguageModelV4Prompt = Parameters<MockLanguageModelV4['doStream']>[0]['prompt'];
type LanguageModelV4StreamPart =
  Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer PART> ? PART : never;
type LanguageModelV4Usage = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>['usage'];
type LanguageModelV4Content = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>['content'][number];

const usage: LanguageModelV4Usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/**
 * A model that calls `deleteFile` on its first turn and says "Done" on the next, streamed or not;
 * `prompts` keeps what it was given at each turn.
 */
export function scriptedModel() {
  const prompts: LanguageModelV4Prompt[] = [];
  const turn = (prompt: LanguageModelV4Prompt): LanguageModelV4Content[] =>
    prompts.push(prompt) === 1
      ? [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'deleteFile', input: JSON.stringify({ path: '/tmp/report.pdf' }) }]
      : [{ type: 'text', text: 'Done' }];
  const finishOf = (content: LanguageModelV4Content[]) =>
    content[0]?.type === 'tool-call'
      ? ({ unified: 'tool-calls', raw: 'tool_calls' } as const)
      : ({ unified: 'stop', raw: 'stop' } as const);
  const model = new MockLanguageModelV4({
    doGenerate: ({ prompt }) => {
      const content = turn(prompt);
      return Promise.resolve({ content, finishReason: finishOf(content), usage, warnings: [] });
    },
    doStream: ({ prompt }) => {
      const content = turn(prompt);
      const parts: LanguageModelV4StreamPart[] = content.flatMap((part): LanguageModelV4StreamPart[] =>
        part.type === 'text'
          ? [
              { type: 'text-start', id: 't1' },
              { type: 'text-delta', id: 't1', delta: part.text },
              { type: 'text-end', id: 't1' },
            ]
          : [part as LanguageModelV4StreamPart],
      );
      return Promise.resolve({
        stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([
          { type: 'stream-start', warnings: [] },
          ...parts,
          { type: 'finish', finishReason: finishOf(content), usage },
        ]),
      });
    },
  });
  return { model, prompts };
}

/** An agent (in a Mastra with in-memory storage, where suspended runs are kept) whose `deleteFile` needs approval; `deleted` lists what it deleted. */
export function filesAgent() {
  const { model, prompts } = scriptedModel();
  const deleted: string[] = [];
  const deleteFile = createTool({
    id: 'deleteFile',
    description: 'Delete a file',
    inputSchema: z.object({ path: z.string() }),
    requireApproval: true,
    execute: ({ path }) => {
      deleted.push(path);
      return Promise.resolve({ deleted: path });
    },
  });
  // Mastra's own copy of the model's types lags the AI SDK's by a finish reason ('interrupted').
  const files = new Agent({
    id: 'files',
    name: 'Files',
    instructions: 'You manage files.',
    model: model as MastraModelConfig,
    tools: { deleteFile },
  });
  const mastra = new Mastra({ agents: { files }, storage: new InMemoryStore(), logger: false });
  return { agent: mastra.getAgent('files'), prompts, deleted };
}

/** Streams the agent's first turn to its end; the `tool-call-approval` chunk it stopped at. */
export async function streamToApproval(agent: ReturnType<typeof filesAgent>['agent']) {
  const stream = await agent.stream('Delete my report');
  let approval: Extract<ChunkType, { type: 'tool-call-approval' }> | undefined;
  for await (const chunk of stream.fullStream) if (chunk.type === 'tool-call-approval') approval = chunk;
  if (!approval) throw new Error('the agent asked for no approval');
  return { approval, runId: stream.runId };
}

/** What the model's last turn was told of the tool call's result. */
export function lastToolResult(prompts: LanguageModelV4Prompt[]) {
  const tool = prompts.at(-1)?.find((message) => message.role === 'tool');
  const content = tool?.role === 'tool' ? tool.content : [];
  return content.find((part) => part.type === 'tool-result')?.output;
}

/** What the refund's step asks for when it suspends: a yes or no, a whole amount, where to, and an optional note. */
export const refundResumeSchema = z.object({
  approved: z.boolean().meta({ title: 'Approve the refund' }),
  amount: z.number().int().min(0).meta({ title: 'Amount' }),
  refundTo: z.enum(['card', 'voucher']).meta({ title: 'Refund to' }),
  note: z.string().optional().meta({ title: 'Note' }),
});

/**
 * A workflow whose one step suspends to ask for `refundResumeSchema`, in a Mastra with in-memory
 * storage; `resumed` keeps what the step was resumed with.
 */
export function refundWorkflow() {
  const resumed: unknown[] = [];
  const review = createStep({
    id: 'review-refund',
    inputSchema: z.object({ orderId: z.string() }),
    outputSchema: z.object({ refunded: z.number(), to: z.string() }),
    suspendSchema: z.object({ message: z.string() }),
    resumeSchema: refundResumeSchema,
    execute: async ({ inputData, resumeData, suspend }) => {
      if (!resumeData) return await suspend({ message: `Refund order ${inputData.orderId}?` });
      resumed.push(resumeData);
      return { refunded: resumeData.approved ? resumeData.amount : 0, to: resumeData.refundTo };
    },
  });
  const refund = createWorkflow({
    id: 'refund',
    inputSchema: z.object({ orderId: z.string() }),
    outputSchema: z.object({ refunded: z.number(), to: z.string() }),
  })
    .then(review)
    .commit();
  const mastra = new Mastra({ workflows: { refund }, storage: new InMemoryStore(), logger: false });
  return { workflow: mastra.getWorkflow('refund'), resumed };
}

/** A run of `refundWorkflow` for order A-17, suspended at its step: the run, the step's path and what it passed to `suspend()`. */
export async function suspendedRefund() {
  const { workflow, resumed } = refundWorkflow();
  const run = await workflow.createRun();
  const result = await run.start({ inputData: { orderId: 'A-17' } });
  const step = result.status === 'suspended' ? result.suspended[0] : undefined;
  if (result.status !== 'suspended' || step === undefined) throw new Error(`the workflow did not suspend (${result.status})`);
  return { workflow, run, step, suspendPayload: result.steps['review-refund']?.suspendPayload, resumed };
}

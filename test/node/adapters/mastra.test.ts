/**
 * `hitl-react/mastra` against Mastra itself (in memory, on the AI SDK's `MockLanguageModelV4`, no
 * network): an agent's tool that needs approval, approved (it runs once) or declined (it never
 * runs, and the model reads why), from the stream's chunk and from `generate`'s suspended output;
 * and a workflow step suspended with a `resumeSchema`, resumed with the typed object the form made
 * of what the person typed.
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
import { fromSuspendedStep, fromToolCallApproval, toResumeData, toToolCallDecision } from '../../../src/adapters/mastra';
import { buildSchemaForm, createFormControl, isFlatObjectSchema, schemaFormAnswer } from '../../../src/form';
import { enFormMessages } from '../../../src/messages';
import { checkHumanRequest, type HumanAnswer, type HumanApprovalRequest, type HumanSchemaRequest } from '../../../src/request';
import { checkHumanAnswer } from '../../../src/server/requests/check-human-answer';

// The model's types, as the AI SDK's mock takes them (the provider package is the AI SDK's own dependency).
type LanguageModelV4Prompt = Parameters<MockLanguageModelV4['doStream']>[0]['prompt'];
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
function scriptedModel() {
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
function filesAgent() {
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
async function streamToApproval(agent: ReturnType<typeof filesAgent>['agent']) {
  const stream = await agent.stream('Delete my report');
  let approval: Extract<ChunkType, { type: 'tool-call-approval' }> | undefined;
  for await (const chunk of stream.fullStream) if (chunk.type === 'tool-call-approval') approval = chunk;
  if (!approval) throw new Error('the agent asked for no approval');
  return { approval, runId: stream.runId };
}

/** What the model's last turn was told of the tool call's result. */
function lastToolResult(prompts: LanguageModelV4Prompt[]) {
  const tool = prompts.at(-1)?.find((message) => message.role === 'tool');
  const content = tool?.role === 'tool' ? tool.content : [];
  return content.find((part) => part.type === 'tool-result')?.output;
}

const approve = (request: HumanApprovalRequest): HumanAnswer => ({
  requestId: request.id,
  action: 'accept',
  decisions: [{ type: 'approve' }],
});

describe('fromToolCallApproval and toToolCallDecision, through approveToolCall and declineToolCall', () => {
  it('asks to approve or reject the tool with its input, under an id of the run and the call', async () => {
    const { agent } = filesAgent();
    const { approval, runId } = await streamToApproval(agent);
    expect(approval.runId).toBe(runId);
    const request = fromToolCallApproval(approval);
    expect(request).toEqual({
      kind: 'approval',
      id: `mastra:tool:${runId}:call-1`,
      source: 'mastra',
      actions: [{ name: 'deleteFile', args: { path: '/tmp/report.pdf' }, allowed: ['approve', 'reject'] }],
    });
    expect(checkHumanRequest(request)).toBeUndefined();
    expect(fromToolCallApproval(approval.payload, { runId, requestedBy: 'Files' })).toEqual({ ...request, requestedBy: 'Files' });
  });

  it('approved, the tool runs once and the model reads its output', async () => {
    const { agent, prompts, deleted } = filesAgent();
    const { approval } = await streamToApproval(agent);
    const request = fromToolCallApproval(approval);
    const answer = approve(request);
    expect(checkHumanAnswer(request, answer)).toBeUndefined();
    const decision = toToolCallDecision(answer, request);
    expect(decision).toEqual({ approved: true, runId: approval.runId, toolCallId: 'call-1' });
    const resumed = await agent.approveToolCall({ runId: decision.runId, toolCallId: decision.toolCallId });
    expect(await resumed.text).toBe('Done');
    expect(deleted).toEqual(['/tmp/report.pdf']);
    expect(lastToolResult(prompts)).toEqual({ type: 'json', value: { deleted: '/tmp/report.pdf' } });
  });

  it("declined, the tool never runs and the model reads the person's reason", async () => {
    const { agent, prompts, deleted } = filesAgent();
    const { approval } = await streamToApproval(agent);
    const request = fromToolCallApproval(approval);
    const decision = toToolCallDecision(
      { requestId: request.id, action: 'accept', decisions: [{ type: 'reject', message: 'Keep it, I still need it' }] },
      request,
    );
    expect(decision).toEqual({ approved: false, runId: approval.runId, toolCallId: 'call-1', reason: 'Keep it, I still need it' });
    const resumed = await agent.declineToolCall(decision);
    expect(await resumed.text).toBe('Done');
    expect(deleted).toEqual([]);
    expect(lastToolResult(prompts)).toEqual({ type: 'text', value: 'Keep it, I still need it' });
  });

  it("reads generate's suspended output, and approveToolCallGenerate resumes it", async () => {
    const { agent, deleted } = filesAgent();
    const output = await agent.generate('Delete my report');
    expect(output.finishReason).toBe('suspended');
    const request = fromToolCallApproval(output.suspendPayload as never, { runId: output.runId });
    expect(request.id).toBe(`mastra:tool:${output.runId}:call-1`);
    const { runId, toolCallId } = toToolCallDecision(approve(request), request);
    const result = await agent.approveToolCallGenerate({ runId, toolCallId });
    expect(result.text).toBe('Done');
    expect(deleted).toEqual(['/tmp/report.pdf']);
  });

  it('a decline, a cancel or the deadline declines with a reason saying so', () => {
    const request = fromToolCallApproval({ toolCallId: 'c1', toolName: 'deleteFile' }, { runId: 'r1' });
    const call = { approved: false, runId: 'r1', toolCallId: 'c1' };
    expect(toToolCallDecision({ requestId: request.id, action: 'decline' }, request)).toEqual({
      ...call,
      reason: 'The person declined to review this tool call.',
    });
    expect(toToolCallDecision({ requestId: request.id, action: 'cancel' }, request)).toEqual({
      ...call,
      reason: 'The person dismissed this tool call without deciding.',
    });
    expect(toToolCallDecision({ requestId: request.id, action: 'cancel', expired: true }, request)).toEqual({
      ...call,
      reason: 'Expired before anyone answered.',
    });
  });

  it("refuses an answer to another call of the run, or another run's, so a stale decision never reaches a newer call", () => {
    const first = fromToolCallApproval({ toolCallId: 'c1', toolName: 'deleteFile' }, { runId: 'r1' });
    const newer = fromToolCallApproval({ toolCallId: 'c2', toolName: 'deleteFile' }, { runId: 'r1' });
    const otherRun = fromToolCallApproval({ toolCallId: 'c1', toolName: 'deleteFile' }, { runId: 'r2' });
    expect(new Set([first.id, newer.id, otherRun.id]).size).toBe(3);
    const stale = new TypeError("toToolCallDecision: the answer is not to this request (a stale answer, or another call's)");
    expect(() => toToolCallDecision(approve(first), newer)).toThrow(stale);
    expect(() => toToolCallDecision(approve(first), otherRun)).toThrow(stale);
  });

  it.each<[string, unknown, unknown, string]>([
    ['an edit', { action: 'accept', decisions: [{ type: 'edit', args: {} }] }, undefined, 'Mastra cannot run a tool with edited input'],
    [
      'two decisions',
      { action: 'accept', decisions: [{ type: 'approve' }, { type: 'approve' }] },
      undefined,
      'the answer has no single decision',
    ],
    ['no decision', { action: 'accept' }, undefined, 'the answer has no single decision'],
    ['an answer that is not an object', null, undefined, 'answer must be a HumanAnswer'],
    [
      'a request of another source',
      { action: 'decline' },
      { kind: 'approval', id: 'call-1', source: 'ai-sdk' },
      'request must be the one fromToolCallApproval made',
    ],
    ['a request that is not an object', { action: 'decline' }, 'mastra:tool:r1:c1', 'request must be the one fromToolCallApproval made'],
  ])('throws a TypeError for %s', (_, answer, request, message) => {
    const made = fromToolCallApproval({ toolCallId: 'c1', toolName: 'deleteFile' }, { runId: 'r1' });
    const given = answer === null ? null : { requestId: made.id, ...(answer as object) };
    expect(() => toToolCallDecision(given as HumanAnswer, (request ?? made) as HumanApprovalRequest)).toThrow(
      new TypeError(`toToolCallDecision: ${message}`),
    );
  });

  it.each<[string, unknown, object | undefined, string]>([
    ['null', null, undefined, 'chunk must be a "tool-call-approval" chunk or its payload'],
    ['a text', 'tool-call-approval', undefined, 'chunk must be a "tool-call-approval" chunk or its payload'],
    [
      'another chunk',
      { type: 'tool-call', runId: 'r1', payload: { toolCallId: 'c1', toolName: 't' } },
      undefined,
      'a "tool-call" chunk asks for no approval',
    ],
    [
      'a payload without a call id',
      { type: 'tool-call-approval', runId: 'r1', payload: { toolName: 't' } },
      undefined,
      'the payload needs a "toolCallId" and a "toolName"',
    ],
    [
      'a payload that is a list',
      { type: 'tool-call-approval', runId: 'r1', payload: [] },
      undefined,
      'the payload needs a "toolCallId" and a "toolName"',
    ],
    [
      'a payload without a run',
      { toolCallId: 'c1', toolName: 't' },
      undefined,
      "no runId: pass { runId } (the stream's or output's runId)",
    ],
    [
      'ids too long for a request',
      { toolCallId: 'c'.repeat(1000), toolName: 't' },
      { runId: 'r1' },
      "the run's and the call's ids are too long for a request's id",
    ],
  ])('fromToolCallApproval throws a TypeError for %s', (_, chunk, options, message) => {
    expect(() => fromToolCallApproval(chunk as never, options)).toThrow(new TypeError(`fromToolCallApproval: ${message}`));
  });
});

describe('fromSuspendedStep and toResumeData, through run.resume', () => {
  const resumeSchema = z.object({
    approved: z.boolean().meta({ title: 'Approve the refund' }),
    amount: z.number().int().min(0).meta({ title: 'Amount' }),
    note: z.string().optional().meta({ title: 'Note' }),
  });

  /** A workflow whose one step suspends to ask for `resumeSchema`, in a Mastra with in-memory storage; `resumed` keeps what the step was resumed with. */
  function refundWorkflow() {
    const resumed: unknown[] = [];
    const review = createStep({
      id: 'review-refund',
      inputSchema: z.object({ orderId: z.string() }),
      outputSchema: z.object({ refunded: z.number() }),
      suspendSchema: z.object({ message: z.string() }),
      resumeSchema,
      execute: async ({ inputData, resumeData, suspend }) => {
        if (!resumeData) return await suspend({ message: `Refund order ${inputData.orderId}?` });
        resumed.push(resumeData);
        return { refunded: resumeData.approved ? resumeData.amount : 0 };
      },
    });
    const refund = createWorkflow({
      id: 'refund',
      inputSchema: z.object({ orderId: z.string() }),
      outputSchema: z.object({ refunded: z.number() }),
    })
      .then(review)
      .commit();
    const mastra = new Mastra({ workflows: { refund }, storage: new InMemoryStore(), logger: false });
    return { workflow: mastra.getWorkflow('refund'), resumed };
  }

  /** What the person types into the request's form, submitted: the answer the prompt sends. */
  function fillIn(request: HumanSchemaRequest, typed: Record<string, string | boolean>): HumanAnswer {
    if (!isFlatObjectSchema(request.schema)) throw new Error('the resume schema is not a flat form');
    const generated = buildSchemaForm(request.schema, {});
    let content: Record<string, unknown> | undefined;
    const control = createFormControl(generated.model, {
      idBase: 'resume',
      encode: (form) => JSON.stringify(schemaFormAnswer(form.fields, generated.keys, form.values())),
      onSubmit: (_answer, input) => {
        content = JSON.parse(input) as Record<string, unknown>;
      },
    });
    const read = () => control.read(enFormMessages, { disabled: false, autocompletePolicy: 'safe' });
    for (const [label, value] of Object.entries(typed)) {
      const field = read().fields.find((each) => each.label === label);
      if (!field) throw new Error(`no field "${label}"`);
      field.setValue(value);
    }
    read().submit();
    if (!content) throw new Error(`the form refused the answer: ${read().errorSummary ?? ''}`);
    return { requestId: request.id, action: 'accept', content };
  }

  it("asks for the step's resumeSchema as a form, and resumes the step with the typed object", async () => {
    const { workflow, resumed } = refundWorkflow();
    const run = await workflow.createRun();
    const result = await run.start({ inputData: { orderId: 'A-17' } });
    expect(result.status).toBe('suspended');
    if (result.status !== 'suspended') return;
    const [step] = result.suspended;
    const request = fromSuspendedStep({
      runId: run.runId,
      stepId: step,
      suspendPayload: result.steps['review-refund']?.suspendPayload,
      resumeSchema: z.toJSONSchema(resumeSchema),
    });
    expect(request).toMatchObject({
      kind: 'form',
      id: `mastra:step:${run.runId}:review-refund`,
      source: 'mastra',
      message: 'Refund order A-17?',
      schema: { type: 'object', required: ['approved', 'amount'] },
    });
    expect(checkHumanRequest(request)).toBeUndefined();

    const answer = fillIn(request, { 'Approve the refund': true, Amount: '30' });
    expect(checkHumanAnswer(request, answer)).toBeUndefined();
    const resumeData = toResumeData(answer, request);
    expect(resumeData).toEqual({ approved: true, amount: 30 });

    const done = await run.resume({ step, resumeData });
    expect(done.status).toBe('success');
    expect(done.status === 'success' && done.result).toEqual({ refunded: 30 });
    expect(resumed).toEqual([{ approved: true, amount: 30 }]);
  });

  it('takes the schema as JSON text, and a nested step by its path', () => {
    const request = fromSuspendedStep({
      runId: 'r1',
      stepId: ['outer', 'inner:step'],
      resumeSchema: JSON.stringify({ type: 'object', properties: { ok: { type: 'boolean' } } }),
      suspendPayload: { reason: 'Check it' },
      title: 'Refund review',
    });
    expect(request).toEqual({
      kind: 'form',
      id: 'mastra:step:r1:outer:inner%3Astep',
      source: 'mastra',
      title: 'Refund review',
      message: 'Check it',
      schema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    });
    // A tool call and a step of one run never share an id.
    expect(fromToolCallApproval({ toolCallId: 'outer', toolName: 't' }, { runId: 'r1' }).id).not.toBe(
      fromSuspendedStep({ runId: 'r1', stepId: 'outer', resumeSchema: {} }).id,
    );
  });

  it('refuses an answer to another step or run, a decline or a cancel, and an answer without content', () => {
    const request = fromSuspendedStep({ runId: 'r1', stepId: 'review', resumeSchema: { type: 'object' } });
    const other = fromSuspendedStep({ runId: 'r2', stepId: 'review', resumeSchema: { type: 'object' } });
    expect(() => toResumeData({ requestId: request.id, action: 'accept', content: {} }, other)).toThrow(
      new TypeError("toResumeData: the answer is not to this request (a stale answer, or another step's)"),
    );
    expect(() => toResumeData({ requestId: request.id, action: 'cancel', expired: true }, request)).toThrow(
      new TypeError('toResumeData: a "cancel" has no resumeData; cancel the run instead'),
    );
    expect(() => toResumeData({ requestId: request.id, action: 'accept' })).toThrow(
      new TypeError("toResumeData: the answer has no form's content"),
    );
    expect(() => toResumeData(null as never)).toThrow(new TypeError('toResumeData: answer must be a HumanAnswer'));
    expect(() => toResumeData({ requestId: 'x', action: 'accept', content: {} }, { id: 'x' } as never)).toThrow(
      new TypeError('toResumeData: request must be the one fromSuspendedStep made'),
    );
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'step must be { runId, stepId, resumeSchema }'],
    ['no run', { stepId: 's', resumeSchema: {} }, "runId must be the run's id"],
    ['no step', { runId: 'r', stepId: [], resumeSchema: {} }, "stepId must be the step's id or its path"],
    ['a step path of numbers', { runId: 'r', stepId: [1], resumeSchema: {} }, "stepId must be the step's id or its path"],
    ['no schema', { runId: 'r', stepId: 's' }, 'resumeSchema must be a JSON Schema object (e.g. z.toJSONSchema(resumeSchema))'],
    [
      'a schema that is not JSON',
      { runId: 'r', stepId: 's', resumeSchema: '{' },
      'resumeSchema must be a JSON Schema object (e.g. z.toJSONSchema(resumeSchema))',
    ],
    [
      'a schema that is a list',
      { runId: 'r', stepId: 's', resumeSchema: [] },
      'resumeSchema must be a JSON Schema object (e.g. z.toJSONSchema(resumeSchema))',
    ],
  ])('fromSuspendedStep throws a TypeError for %s', (_, step, message) => {
    expect(() => fromSuspendedStep(step as never)).toThrow(new TypeError(`fromSuspendedStep: ${message}`));
  });
});

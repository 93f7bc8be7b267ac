/**
 * `hitl-react/mastra` against Mastra itself (in memory, on the AI SDK's `MockLanguageModelV4`, no
 * network): an agent's tool that needs approval, approved (it runs once) or declined (it never
 * runs, and the model reads why), from the stream's chunk and from `generate`'s suspended output;
 * and a workflow step suspended with a `resumeSchema`, resumed with the typed object the form made
 * of what the person typed.
 */
import { z } from 'zod';
import { fromSuspendedStep, fromToolCallApproval, toResumeData, toToolCallDecision } from '../../../src/adapters/mastra';
import { buildSchemaForm, createFormControl, isFlatObjectSchema, schemaFormAnswer } from '../../../src/form';
import { enFormMessages } from '../../../src/messages';
import { checkHumanRequest, type HumanAnswer, type HumanApprovalRequest, type HumanSchemaRequest } from '../../../src/request';
import { checkHumanAnswer } from '../../../src/server/requests/check-human-answer';
import { filesAgent, lastToolResult, refundResumeSchema, streamToApproval, suspendedRefund } from './mastra-fixture';

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
    const { run, step, suspendPayload, resumed } = await suspendedRefund();
    const request = fromSuspendedStep({
      runId: run.runId,
      stepId: step,
      suspendPayload,
      resumeSchema: z.toJSONSchema(refundResumeSchema),
    });
    expect(request).toMatchObject({
      kind: 'form',
      id: `mastra:step:${run.runId}:review-refund`,
      source: 'mastra',
      message: 'Refund order A-17?',
      schema: { type: 'object', required: ['approved', 'amount', 'refundTo'] },
    });
    expect(checkHumanRequest(request)).toBeUndefined();

    const answer = fillIn(request, { 'Approve the refund': true, Amount: '30', 'Refund to': 'voucher' });
    expect(checkHumanAnswer(request, answer)).toBeUndefined();
    const resumeData = toResumeData(answer, request);
    expect(resumeData).toEqual({ approved: true, amount: 30, refundTo: 'voucher' });

    const done = await run.resume({ step, resumeData });
    expect(done.status).toBe('success');
    expect(done.status === 'success' && done.result).toEqual({ refunded: 30, to: 'voucher' });
    expect(resumed).toEqual([{ approved: true, amount: 30, refundTo: 'voucher' }]);
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

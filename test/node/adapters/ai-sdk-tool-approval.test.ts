/**
 * `hitl-react/ai-sdk`'s approvals against the AI SDK 7 itself: a tool call that needs approval (by
 * the agent's `toolApproval`, or the tool's own `needsApproval`) made by a mock model, its part
 * read from the chat's UI message, answered through `addToolApprovalResponse`, and the agent's
 * next turn (through `convertToModelMessages`) either running the tool once or telling the model
 * it was denied.
 */
import { ToolLoopAgent, dynamicTool, lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { z } from 'zod';
import { fromToolApproval, toToolApprovalResponse } from '../../../src/adapters/ai-sdk';
import type { HumanAnswer, HumanApprovalRequest } from '../../../src/request';
import { agentChat, lastToolParts, scriptedModel } from './ai-sdk-chat';
import { approvalReason, deleteFileChat } from './ai-sdk-fixture';

/** Answers the approval of `deleteFileChat()` and returns what the model's next turn was told about the call. */
async function answer(setup: Awaited<ReturnType<typeof deleteFileChat>>, make: (request: HumanApprovalRequest) => HumanAnswer) {
  const finished = setup.nextFinish();
  await setup.chat.addToolApprovalResponse(toToolApprovalResponse(make(fromToolApproval(setup.part))));
  await finished;
  expect(setup.prompts).toHaveLength(2);
  const toolMessage = setup.prompts[1]!.find((message) => message.role === 'tool');
  return toolMessage?.content.find((content) => content.type === 'tool-result')?.output;
}

const approve = (request: HumanApprovalRequest): HumanAnswer => ({
  requestId: request.id,
  action: 'accept',
  decisions: [{ type: 'approve' }],
});

describe('fromToolApproval', () => {
  it("asks to approve or reject the tool with the input the model gave, under the approval id, with the agent's toolApproval reason", async () => {
    const { part } = await deleteFileChat();
    expect(part.state).toBe('approval-requested');
    expect(fromToolApproval(part)).toEqual({
      kind: 'approval',
      id: part.approval!.id,
      source: 'ai-sdk',
      actions: [
        {
          name: 'deleteFile',
          args: { path: '/tmp/report.pdf' },
          description: approvalReason('/tmp/report.pdf'),
          allowed: ['approve', 'reject'],
        },
      ],
    });
  });

  it("asks the same for a tool's own needsApproval, which gives no reason", async () => {
    const { part } = await deleteFileChat({ approval: 'needsApproval' });
    expect(part.state).toBe('approval-requested');
    expect(fromToolApproval(part).actions).toEqual([
      { name: 'deleteFile', args: { path: '/tmp/report.pdf' }, allowed: ['approve', 'reject'] },
    ]);
  });

  it("names a dynamic tool's action by its toolName", async () => {
    const { model } = scriptedModel([{ toolCallId: 'call-9', toolName: 'mcp_send', input: { to: 'ann@example.com' } }]);
    const agent = new ToolLoopAgent({
      model,
      tools: { mcp_send: dynamicTool({ inputSchema: z.object({ to: z.string() }), execute: () => Promise.resolve('sent') }) },
      toolApproval: { mcp_send: 'user-approval' },
    });
    const { chat } = agentChat(agent, lastAssistantMessageIsCompleteWithApprovalResponses);
    await chat.sendMessage({ text: 'Send it' });
    const [part] = lastToolParts(chat.messages);
    expect(part?.type).toBe('dynamic-tool');
    expect(fromToolApproval(part!).actions).toEqual([
      { name: 'mcp_send', args: { to: 'ann@example.com' }, allowed: ['approve', 'reject'] },
    ]);
  });

  it('cuts a long reason, and reads one that is not a string as none', () => {
    const part = { type: 'tool-deleteFile', toolCallId: 'c', state: 'approval-requested', input: {} };
    const long = fromToolApproval({ ...part, approval: { id: 'a', requestReason: 'x'.repeat(20_000) } });
    expect(long.actions[0]?.description).toBe(`${'x'.repeat(10_000)}…`);
    const odd = fromToolApproval({ ...part, approval: { id: 'a', requestReason: { html: '<b>' } as unknown as string } });
    expect(odd.actions[0]).not.toHaveProperty('description');
  });

  it('throws a TypeError for a part that is not asking for approval', async () => {
    const setup = await deleteFileChat();
    await answer(setup, approve);
    const [answered] = lastToolParts(setup.chat.messages);
    expect(answered?.state).toBe('output-available');
    expect(() => fromToolApproval(answered!)).toThrow(
      new TypeError('fromToolApproval takes a tool part in state "approval-requested"; this one is "output-available"'),
    );
  });

  it("asks nobody when the agent's toolApproval decides by itself: the tool never runs", async () => {
    const setup = await deleteFileChat({ approval: { status: { type: 'denied', reason: 'Not on Fridays' } } });
    expect(setup.part).toMatchObject({ state: 'output-denied', approval: { approved: false, isAutomatic: true } });
    expect(() => fromToolApproval(setup.part)).toThrow(TypeError);
    expect(setup.deleted).toEqual([]);
  });
});

describe.each(['toolApproval', 'needsApproval'] as const)(
  'toToolApprovalResponse through addToolApprovalResponse, asked by %s',
  (approval) => {
    it('approve runs the tool exactly once, with the input the model gave, and the model reads its output', async () => {
      const setup = await deleteFileChat({ approval });
      const output = await answer(setup, approve);
      expect(setup.deleted).toEqual(['/tmp/report.pdf']);
      expect(output).toEqual({ type: 'text', value: 'Deleted /tmp/report.pdf' });
      expect(lastToolParts(setup.chat.messages)[0]).toMatchObject({ state: 'output-available', approval: { approved: true } });
      // The conversation goes on with the approved call in its history: replaying it runs nothing again.
      await setup.chat.sendMessage({ text: 'Thanks' });
      expect(setup.prompts).toHaveLength(3);
      expect(setup.deleted).toEqual(['/tmp/report.pdf']);
    });

    it("reject never runs the tool, and the model reads the person's reason", async () => {
      const setup = await deleteFileChat({ approval });
      const output = await answer(setup, (request) => ({
        requestId: request.id,
        action: 'accept',
        decisions: [{ type: 'reject', message: 'Keep it, I still need it' }],
      }));
      expect(setup.deleted).toEqual([]);
      expect(output).toEqual({ type: 'execution-denied', reason: 'Keep it, I still need it' });
      expect(lastToolParts(setup.chat.messages)[0]).toMatchObject({ state: 'output-denied' });
      // Nor later, when the conversation goes on.
      await setup.chat.sendMessage({ text: 'OK' });
      expect(setup.deleted).toEqual([]);
    });

    it('reject without a reason denies with none', async () => {
      const setup = await deleteFileChat({ approval });
      const output = await answer(setup, (request) => ({ requestId: request.id, action: 'accept', decisions: [{ type: 'reject' }] }));
      expect(setup.deleted).toEqual([]);
      expect(output).toEqual({ type: 'execution-denied' });
    });

    it('at the deadline the tool never runs, and the model reads that nobody answered', async () => {
      const setup = await deleteFileChat({ approval });
      const output = await answer(setup, (request) => ({ requestId: request.id, action: 'cancel', expired: true }));
      expect(setup.deleted).toEqual([]);
      expect(output).toEqual({ type: 'execution-denied', reason: 'Expired before anyone answered.' });
    });
  },
);

describe('toToolApprovalResponse', () => {
  it('answers a signed approval request (experimental_toolApprovalSecret) by its id alone: the chat keeps the signature', async () => {
    const setup = await deleteFileChat({ secret: 'a-server-secret' });
    expect(setup.part.approval).toHaveProperty('signature');
    await answer(setup, approve);
    expect(setup.deleted).toEqual(['/tmp/report.pdf']);
  });

  it('a decline or a cancel denies it with a reason saying so', () => {
    expect(toToolApprovalResponse({ requestId: 'a1', action: 'decline' })).toEqual({
      id: 'a1',
      approved: false,
      reason: 'The person declined to review this tool call.',
    });
    expect(toToolApprovalResponse({ requestId: 'a1', action: 'cancel' })).toEqual({
      id: 'a1',
      approved: false,
      reason: 'The person dismissed this tool call without deciding.',
    });
  });

  it('throws a TypeError for an edit (the AI SDK runs no edited input) or an answer with no single decision', () => {
    expect(() => toToolApprovalResponse({ requestId: 'a1', action: 'accept', decisions: [{ type: 'edit', args: { path: '/' } }] })).toThrow(
      TypeError,
    );
    expect(() => toToolApprovalResponse({ requestId: 'a1', action: 'accept', decisions: [] })).toThrow(TypeError);
    expect(() => toToolApprovalResponse({ requestId: 'a1', action: 'accept', content: { ok: true } })).toThrow(TypeError);
  });
});

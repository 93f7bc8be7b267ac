/**
 * `hitl-react/ai-sdk`'s approvals against the AI SDK itself: a tool with `needsApproval` called by
 * a mock model, its part read from the chat's UI message, answered through
 * `addToolApprovalResponse`, and the agent's next turn (through `convertToModelMessages`) either
 * running the tool once or telling the model it was denied.
 */
import { ToolLoopAgent, dynamicTool, lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { z } from 'zod';
import { fromToolApproval, toToolApprovalResponse } from '../../../src/adapters/ai-sdk';
import type { HumanAnswer, HumanApprovalRequest } from '../../../src/request';
import { agentChat, lastToolParts, scriptedModel } from './ai-sdk-chat';
import { deleteFileChat } from './ai-sdk-fixture';

/** Answers the approval of `deleteFileChat()` and returns what the model's next turn was told about the call. */
async function answer(setup: Awaited<ReturnType<typeof deleteFileChat>>, make: (request: HumanApprovalRequest) => HumanAnswer) {
  const finished = setup.nextFinish();
  await setup.chat.addToolApprovalResponse(toToolApprovalResponse(make(fromToolApproval(setup.part))));
  await finished;
  expect(setup.prompts).toHaveLength(2);
  const toolMessage = setup.prompts[1]!.find((message) => message.role === 'tool');
  return toolMessage?.content.find((content) => content.type === 'tool-result')?.output;
}

describe('fromToolApproval', () => {
  it('asks to approve or reject the tool with the input the model gave, under the approval id', async () => {
    const { part } = await deleteFileChat();
    expect(part.state).toBe('approval-requested');
    expect(fromToolApproval(part)).toEqual({
      kind: 'approval',
      id: part.approval!.id,
      source: 'ai-sdk',
      actions: [{ name: 'deleteFile', args: { path: '/tmp/report.pdf' }, allowed: ['approve', 'reject'] }],
    });
  });

  it("names a dynamic tool's action by its toolName", async () => {
    const { model } = scriptedModel([{ toolCallId: 'call-9', toolName: 'mcp_send', input: { to: 'ann@example.com' } }]);
    const agent = new ToolLoopAgent({
      model,
      tools: {
        mcp_send: dynamicTool({ inputSchema: z.object({ to: z.string() }), needsApproval: true, execute: () => Promise.resolve('sent') }),
      },
    });
    const { chat } = agentChat(agent, lastAssistantMessageIsCompleteWithApprovalResponses);
    await chat.sendMessage({ text: 'Send it' });
    const [part] = lastToolParts(chat.messages);
    expect(part?.type).toBe('dynamic-tool');
    expect(fromToolApproval(part!).actions).toEqual([
      { name: 'mcp_send', args: { to: 'ann@example.com' }, allowed: ['approve', 'reject'] },
    ]);
  });

  it('throws a TypeError for a part that is not asking for approval', async () => {
    const setup = await deleteFileChat();
    await answer(setup, (request) => ({ requestId: request.id, action: 'accept', decisions: [{ type: 'approve' }] }));
    const [answered] = lastToolParts(setup.chat.messages);
    expect(answered?.state).toBe('output-available');
    expect(() => fromToolApproval(answered!)).toThrow(
      new TypeError('fromToolApproval takes a tool part in state "approval-requested"; this one is "output-available"'),
    );
  });
});

describe('toToolApprovalResponse through addToolApprovalResponse', () => {
  it('approve runs the tool exactly once, with the input the model gave, and the model reads its output', async () => {
    const setup = await deleteFileChat();
    const output = await answer(setup, (request) => ({ requestId: request.id, action: 'accept', decisions: [{ type: 'approve' }] }));
    expect(setup.deleted).toEqual(['/tmp/report.pdf']);
    expect(output).toEqual({ type: 'text', value: 'Deleted /tmp/report.pdf' });
    expect(lastToolParts(setup.chat.messages)[0]).toMatchObject({ state: 'output-available', approval: { approved: true } });
    // The conversation goes on with the approved call in its history: replaying it runs nothing again.
    await setup.chat.sendMessage({ text: 'Thanks' });
    expect(setup.prompts).toHaveLength(3);
    expect(setup.deleted).toEqual(['/tmp/report.pdf']);
  });

  it("reject never runs the tool, and the model reads the person's reason", async () => {
    const setup = await deleteFileChat();
    const output = await answer(setup, (request) => ({
      requestId: request.id,
      action: 'accept',
      decisions: [{ type: 'reject', message: 'Keep it, I still need it' }],
    }));
    expect(setup.deleted).toEqual([]);
    expect(output).toEqual({ type: 'execution-denied', reason: 'Keep it, I still need it' });
    expect(lastToolParts(setup.chat.messages)[0]).toMatchObject({ state: 'output-denied' });
  });

  it('reject without a reason denies with none', async () => {
    const setup = await deleteFileChat();
    const output = await answer(setup, (request) => ({ requestId: request.id, action: 'accept', decisions: [{ type: 'reject' }] }));
    expect(setup.deleted).toEqual([]);
    expect(output).toEqual({ type: 'execution-denied' });
  });

  it('at the deadline the tool never runs, and the model reads that nobody answered', async () => {
    const setup = await deleteFileChat();
    const output = await answer(setup, (request) => ({ requestId: request.id, action: 'cancel', expired: true }));
    expect(setup.deleted).toEqual([]);
    expect(output).toEqual({ type: 'execution-denied', reason: 'Expired before anyone answered.' });
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

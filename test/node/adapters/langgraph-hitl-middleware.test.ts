/**
 * `hitl-react/langgraph` against LangChain's `humanInTheLoopMiddleware` itself: an agent of
 * `createAgent` whose `FakeToolCallingModel` calls tools, interrupted before they run, the
 * interrupt shown as a request, and the agent resumed with `new Command({ resume })` from a
 * `MemorySaver` checkpoint: what ran, with which arguments, and what the model read.
 */
import type { BaseMessage } from 'langchain';
import { fromInterrupt, toInterruptResponse, type HitlRequest } from '../../../src/adapters/langgraph';
import type { HumanAnswer, HumanApprovalRequest } from '../../../src/request';
import { deletion, email, emailSchema, interruptedAgent as startAgent, toolReplies } from './langgraph-fixture';

/** The agent of the fixture, interrupted before its tools ran; `resume` answers the request its interrupt makes. */
async function interruptedAgent(calls: Parameters<typeof startAgent>[0]) {
  const started = await startAgent(calls);
  expect(started.ranBefore).toEqual([]);
  /** Resumes the agent with the answer to the interrupt's request, and returns the messages it ends with. */
  const resume = async (make: (request: HumanApprovalRequest) => HumanAnswer): Promise<BaseMessage[]> => {
    const resumed = await started.resume(make(fromInterrupt(started.interrupt)));
    expect(resumed.__interrupt__).toBeUndefined();
    return resumed.messages;
  };
  return { interrupt: started.interrupt, ran: started.ran, resume };
}

describe('fromInterrupt of humanInTheLoopMiddleware', () => {
  it('asks for one decision per tool call, as each review config allows, under the interrupt id', async () => {
    const { interrupt } = await interruptedAgent([email, deletion]);
    expect(fromInterrupt(interrupt)).toEqual({
      kind: 'approval',
      id: interrupt.id,
      source: 'langgraph',
      actions: [
        {
          name: 'send_email',
          args: email.args,
          description: expect.stringContaining('Tool: send_email') as string,
          allowed: ['approve', 'edit', 'reject'],
          argsSchema: emailSchema,
        },
        { name: 'delete_file', args: deletion.args, description: 'Deleting cannot be undone', allowed: ['approve', 'reject'] },
      ],
    });
    // The value alone works too; its id is then the caller's, or one derived from its content.
    expect(fromInterrupt(interrupt.value, { id: 'mine' }).id).toBe('mine');
    expect(fromInterrupt(interrupt.value).id).toBe(fromInterrupt(structuredClone(interrupt.value)).id);
    const value = interrupt.value as HitlRequest;
    const firstOnly = { ...value, actionRequests: value.actionRequests.slice(0, 1) };
    expect(fromInterrupt(interrupt.value).id).not.toBe(fromInterrupt(firstOnly).id);
  });
});

describe('toInterruptResponse resuming the agent', () => {
  it('approve runs the tool once with the arguments the model gave', async () => {
    const { ran, resume } = await interruptedAgent([email]);
    const messages = await resume((request) => ({ requestId: request.id, action: 'accept', decisions: [{ type: 'approve' }] }));
    expect(ran).toEqual([{ tool: 'send_email', args: email.args }]);
    expect(toolReplies(messages)).toEqual([['call-1', 'send_email done']]);
  });

  it('edit runs the tool with the edited arguments', async () => {
    const { ran, resume } = await interruptedAgent([email]);
    const edited = { to: 'bob@example.com', subject: 'Invoice 42' };
    await resume((request) => ({ requestId: request.id, action: 'accept', decisions: [{ type: 'edit', args: edited }] }));
    expect(ran).toEqual([{ tool: 'send_email', args: edited }]);
  });

  it("reject never runs the tool, and the model reads the person's message", async () => {
    const { ran, resume } = await interruptedAgent([email]);
    const messages = await resume((request) => ({
      requestId: request.id,
      action: 'accept',
      decisions: [{ type: 'reject', message: 'Not to Ann, she left' }],
    }));
    expect(ran).toEqual([]);
    expect(toolReplies(messages)).toEqual([['call-1', 'Not to Ann, she left']]);
    // The fake model answers with the text of what it was sent: the rejection reached it.
    expect(messages.at(-1)?.text).toContain('Not to Ann, she left');
  });

  it('two tool calls at once: each decision goes to its own call, in order', async () => {
    const { ran, resume } = await interruptedAgent([email, deletion]);
    const edited = { to: 'bob@example.com', subject: 'Invoice' };
    await resume((request) => ({
      requestId: request.id,
      action: 'accept',
      decisions: [{ type: 'edit', args: edited }, { type: 'approve' }],
    }));
    expect(ran).toEqual([
      { tool: 'send_email', args: edited },
      { tool: 'delete_file', args: deletion.args },
    ]);
  });

  it('two tool calls, the second rejected: the rejection answers that call (LangChain then runs neither and asks the model again)', async () => {
    const { ran, resume } = await interruptedAgent([email, deletion]);
    const messages = await resume((request) => ({
      requestId: request.id,
      action: 'accept',
      decisions: [{ type: 'approve' }, { type: 'reject', message: 'Keep the log' }],
    }));
    expect(ran).toEqual([]);
    expect(toolReplies(messages)).toEqual([['call-2', 'Keep the log']]);
  });

  it('at the deadline nothing runs, and the model reads that nobody answered (LangChain has no cancel)', async () => {
    const { ran, resume } = await interruptedAgent([email, deletion]);
    const messages = await resume((request) => ({ requestId: request.id, action: 'cancel', expired: true }));
    expect(ran).toEqual([]);
    expect(toolReplies(messages)).toEqual([
      ['call-1', 'Not run: nobody answered before the deadline.'],
      ['call-2', 'Not run: nobody answered before the deadline.'],
    ]);
  });
});

describe('toInterruptResponse', () => {
  const value = {
    actionRequests: [email, deletion].map(({ name, args }) => ({ name, args })),
    reviewConfigs: [
      { actionName: 'send_email', allowedDecisions: ['approve', 'edit', 'reject'] },
      { actionName: 'delete_file', allowedDecisions: ['approve', 'reject'] },
    ],
  };

  it('a cancel or a decline rejects every action with a message saying so', () => {
    expect(toInterruptResponse({ requestId: 'r', action: 'cancel' }, value)).toEqual({
      decisions: [
        { type: 'reject', message: 'Not run: the request was dismissed without a decision.' },
        { type: 'reject', message: 'Not run: the request was dismissed without a decision.' },
      ],
    });
    expect(toInterruptResponse({ requestId: 'r', action: 'decline' }, value).decisions[0]).toEqual({
      type: 'reject',
      message: 'Not run: the person declined to review it.',
    });
  });

  it('throws a TypeError when the decisions do not match the actions, or edited arguments are not an object', () => {
    expect(() => toInterruptResponse({ requestId: 'r', action: 'accept', decisions: [{ type: 'approve' }] }, value)).toThrow(
      new TypeError('toInterruptResponse: 2 decision(s) expected, one per action'),
    );
    expect(() =>
      toInterruptResponse({ requestId: 'r', action: 'accept', decisions: [{ type: 'edit', args: 'bob' }, { type: 'approve' }] }, value),
    ).toThrow(new TypeError('toInterruptResponse: edited arguments must be an object'));
    expect(() => fromInterrupt({ question: 'Which?' })).toThrow(TypeError);
    expect(() => fromInterrupt({ actionRequests: [], reviewConfigs: [] })).toThrow(TypeError);
  });

  it('cuts a name or description over 10,000 characters for the page, and answers with the name in full', () => {
    const name = `tool_${'n'.repeat(20_000)}`;
    const long = {
      actionRequests: [{ name, args: {}, description: 'd'.repeat(20_000) }],
      reviewConfigs: [{ actionName: name, allowedDecisions: ['edit'] }],
    };
    const [action] = fromInterrupt(long).actions;
    expect([action?.name.length, action?.description?.length, action?.description?.at(-1)]).toEqual([10_001, 10_001, '…']);
    expect(toInterruptResponse({ requestId: 'r', action: 'accept', decisions: [{ type: 'edit', args: { a: 1 } }] }, long)).toEqual({
      decisions: [{ type: 'edit', editedAction: { name, args: { a: 1 } } }],
    });
  });

  it('reads and answers the snake_case request of LangChain for Python', () => {
    const python = {
      action_requests: [{ name: 'send_email', args: email.args, description: 'Check the recipient' }],
      review_configs: [{ action_name: 'send_email', allowed_decisions: ['approve', 'edit', 'reject'], args_schema: emailSchema }],
    };
    expect(fromInterrupt(python, { id: 'py' })).toEqual({
      kind: 'approval',
      id: 'py',
      source: 'langgraph',
      actions: [
        {
          name: 'send_email',
          args: email.args,
          description: 'Check the recipient',
          allowed: ['approve', 'edit', 'reject'],
          argsSchema: emailSchema,
        },
      ],
    });
    expect(
      toInterruptResponse({ requestId: 'py', action: 'accept', decisions: [{ type: 'edit', args: { to: 'bob@example.com' } }] }, python),
    ).toEqual({
      decisions: [{ type: 'edit', edited_action: { name: 'send_email', args: { to: 'bob@example.com' } } }],
    });
  });
});

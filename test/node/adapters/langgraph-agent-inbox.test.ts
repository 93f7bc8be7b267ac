/**
 * `hitl-react/langgraph` against a LangGraph graph written for agent-inbox: a node that calls
 * `interrupt([humanInterrupt])` and acts on the `HumanResponse` it resumes with, as agent-inbox's
 * README shows, run from a `MemorySaver` checkpoint and resumed with `new Command({ resume })`.
 */
import { Annotation, Command, END, INTERRUPT, MemorySaver, START, StateGraph, interrupt, isInterrupted } from '@langchain/langgraph';
import type { HumanInterrupt, HumanResponse } from '@langchain/langgraph/prebuilt';
import { fromInterrupt, toInterruptResponse } from '../../../src/adapters/langgraph';
import type { HumanAnswer, HumanApprovalRequest } from '../../../src/request';

const State = Annotation.Root({
  log: Annotation<string[]>({ reducer: (log, entries) => [...log, ...entries], default: () => [] }),
});

const everything = { allow_accept: true, allow_edit: true, allow_respond: true, allow_ignore: true };
const sendEmail = (config: HumanInterrupt['config'] = everything): HumanInterrupt => ({
  action_request: { action: 'send_email', args: { to: 'ann@example.com', subject: 'Invoice' } },
  config,
  description: 'Check the recipient before it goes',
});

/** What the graph does with each response: what agent-inbox's example graphs do. */
function act(request: HumanInterrupt, response: HumanResponse): string {
  if (response.type === 'accept') return `sent ${JSON.stringify(request.action_request.args)}`;
  if (response.type === 'edit' && typeof response.args === 'object' && response.args) return `sent ${JSON.stringify(response.args.args)}`;
  if (response.type === 'response' && typeof response.args === 'string') return `replied ${response.args}`;
  return 'ignored';
}

/** A graph that interrupts with `requests` (a list, as agent-inbox asks, or one alone) and logs what it did. */
async function interruptedGraph(requests: HumanInterrupt | HumanInterrupt[]) {
  const graph = new StateGraph(State)
    .addNode('review', () => {
      const responses: unknown = interrupt(requests);
      const list = Array.isArray(requests) ? requests : [requests];
      const received = (Array.isArray(responses) ? responses : [responses]) as HumanResponse[];
      return { log: list.map((request, index) => act(request, received[index]!)) };
    })
    .addEdge(START, 'review')
    .addEdge('review', END)
    .compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: 'thread-1' } };
  const result = await graph.invoke({ log: [] }, config);
  const pending = isInterrupted(result) ? result[INTERRUPT][0] : undefined;
  if (!pending) throw new Error('the graph was not interrupted');
  const resume = async (make: (request: HumanApprovalRequest) => HumanAnswer) => {
    const resumed = await graph.invoke(new Command({ resume: toInterruptResponse(make(fromInterrupt(pending)), pending) }), config);
    return resumed.log;
  };
  return { pending, resume };
}

it('fromInterrupt asks for each interrupt as an action, allowing what its config allows, and "Decline" for ignore', async () => {
  const { pending } = await interruptedGraph([sendEmail()]);
  expect(fromInterrupt(pending)).toEqual({
    kind: 'approval',
    id: pending.id,
    source: 'langgraph',
    actions: [
      {
        name: 'send_email',
        args: { to: 'ann@example.com', subject: 'Invoice' },
        description: 'Check the recipient before it goes',
        allowed: ['approve', 'edit', 'respond'],
      },
    ],
    allows: { decline: true },
  });
  const acceptOnly = { allow_accept: true, allow_edit: false, allow_respond: false, allow_ignore: false };
  const request = fromInterrupt([sendEmail(acceptOnly)]);
  expect(request.actions[0]?.allowed).toEqual(['approve']);
  expect(request.allows).toBeUndefined();
});

it('approve: the graph reads an accept and goes on with the arguments as they were', async () => {
  const { pending, resume } = await interruptedGraph([sendEmail()]);
  // With the action, as agent-inbox sends it; a graph reading no arguments ignores them.
  expect(toInterruptResponse({ requestId: 'r', action: 'accept', decisions: [{ type: 'approve' }] }, pending)).toEqual([
    { type: 'accept', args: { action: 'send_email', args: { to: 'ann@example.com', subject: 'Invoice' } } },
  ]);
  const log = await resume((request) => ({ requestId: request.id, action: 'accept', decisions: [{ type: 'approve' }] }));
  expect(log).toEqual(['sent {"to":"ann@example.com","subject":"Invoice"}']);
});

it('edit: the graph reads an edit with the action and its changed arguments', async () => {
  const { pending, resume } = await interruptedGraph([sendEmail()]);
  const answer: HumanAnswer = {
    requestId: 'r',
    action: 'accept',
    decisions: [{ type: 'edit', args: { to: 'bob@example.com', subject: 'Invoice' } }],
  };
  expect(toInterruptResponse(answer, pending)).toEqual([
    { type: 'edit', args: { action: 'send_email', args: { to: 'bob@example.com', subject: 'Invoice' } } },
  ]);
  expect(await resume(() => answer)).toEqual(['sent {"to":"bob@example.com","subject":"Invoice"}']);
});

it('respond: the graph reads the text as a response', async () => {
  const { resume } = await interruptedGraph([sendEmail()]);
  const log = await resume((request) => ({
    requestId: request.id,
    action: 'accept',
    decisions: [{ type: 'respond', message: 'Ask Ann first' }],
  }));
  expect(log).toEqual(['replied Ask Ann first']);
});

it('decline, cancel and the deadline: the graph reads an ignore', async () => {
  for (const make of [
    (request: HumanApprovalRequest): HumanAnswer => ({ requestId: request.id, action: 'decline' }),
    (request: HumanApprovalRequest): HumanAnswer => ({ requestId: request.id, action: 'cancel' }),
    (request: HumanApprovalRequest): HumanAnswer => ({ requestId: request.id, action: 'cancel', expired: true }),
  ]) {
    const { resume } = await interruptedGraph([sendEmail()]);
    expect(await resume(make)).toEqual(['ignored']);
  }
});

it('one interrupt alone (not in a list) gets one response alone', async () => {
  const { pending, resume } = await interruptedGraph(sendEmail());
  expect(toInterruptResponse({ requestId: 'r', action: 'decline' }, pending)).toEqual({ type: 'ignore', args: null });
  expect(await resume((request) => ({ requestId: request.id, action: 'accept', decisions: [{ type: 'approve' }] }))).toEqual([
    'sent {"to":"ann@example.com","subject":"Invoice"}',
  ]);
});

it('a list of interrupts: one action each, each response in its place', async () => {
  const deleteFile: HumanInterrupt = {
    action_request: { action: 'delete_file', args: { path: '/tmp/old.log' } },
    config: { allow_accept: true, allow_edit: false, allow_respond: true, allow_ignore: false },
  };
  const { pending, resume } = await interruptedGraph([sendEmail(), deleteFile]);
  const request = fromInterrupt(pending);
  expect(request.actions.map((action) => [action.name, action.allowed])).toEqual([
    ['send_email', ['approve', 'edit', 'respond']],
    ['delete_file', ['approve', 'respond']],
  ]);
  // "Ignore" answers the whole request, so only when every interrupt allows it.
  expect(request.allows).toBeUndefined();
  const log = await resume(({ id }) => ({
    requestId: id,
    action: 'accept',
    decisions: [{ type: 'respond', message: 'Not yet' }, { type: 'approve' }],
  }));
  expect(log).toEqual(['replied Not yet', 'sent {"path":"/tmp/old.log"}']);
});

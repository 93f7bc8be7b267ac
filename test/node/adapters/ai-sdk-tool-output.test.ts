/**
 * `hitl-react/ai-sdk`'s client-side form tool against the AI SDK itself: a tool without `execute`
 * whose input is `form_input` parameters, called by a mock model, shown as a form request, and its
 * answer fed back through `addToolOutput` until the model's next turn reads it as the tool's result.
 */
import { fromToolCall, toToolOutput } from '../../../src/adapters/ai-sdk';
import type { HumanAnswer, HumanFormInputRequest } from '../../../src/request';
import { lastToolParts } from './ai-sdk-chat';
import { formChat, newsletterParameters as parameters } from './ai-sdk-fixture';

/** Answers the form of `formChat()` and returns what the model's next turn was told the tool gave. */
async function answer(setup: Awaited<ReturnType<typeof formChat>>, make: (request: HumanFormInputRequest) => HumanAnswer) {
  const finished = setup.nextFinish();
  await setup.chat.addToolOutput(toToolOutput(make(fromToolCall(setup.part)), setup.part));
  await finished;
  expect(setup.prompts).toHaveLength(2);
  const toolMessage = setup.prompts[1]!.find((message) => message.role === 'tool');
  return toolMessage?.content.find((content) => content.type === 'tool-result');
}

it("fromToolCall asks for the form the tool's input describes, under the tool call's id", async () => {
  const { part } = await formChat();
  expect(part.state).toBe('input-available');
  expect(fromToolCall(part)).toEqual({ kind: 'form', id: 'call-7', source: 'ai-sdk', parameters });
});

it("the form's answer reaches the model as the tool's result, the same [{ label, value }] the task service receives", async () => {
  const setup = await formChat();
  const formAnswer = [
    { label: 'Email', value: 'ann@example.com' },
    { label: 'Weekly digest', value: true },
  ];
  const result = await answer(setup, (request) => ({ requestId: request.id, action: 'accept', answer: formAnswer }));
  expect(result).toMatchObject({ toolCallId: 'call-7', toolName: 'form_input', output: { type: 'json', value: formAnswer } });
  expect(lastToolParts(setup.chat.messages)[0]).toMatchObject({ state: 'output-available', output: formAnswer });
});

it('a decline reaches the model as the tool failing, saying the person declined', async () => {
  const setup = await formChat();
  const result = await answer(setup, (request) => ({ requestId: request.id, action: 'decline' }));
  expect(result).toMatchObject({ toolCallId: 'call-7', output: { type: 'error-text', value: 'The person declined to fill in the form.' } });
  expect(lastToolParts(setup.chat.messages)[0]).toMatchObject({ state: 'output-error' });
});

it('at the deadline the model reads that the form expired; a cancel, that it was dismissed', async () => {
  const setup = await formChat();
  const result = await answer(setup, (request) => ({ requestId: request.id, action: 'cancel', expired: true }));
  expect(result).toMatchObject({ output: { type: 'error-text', value: 'The form expired before anyone answered.' } });
  expect(toToolOutput({ requestId: 'call-7', action: 'cancel' }, setup.part)).toEqual({
    tool: 'form_input',
    toolCallId: 'call-7',
    state: 'output-error',
    errorText: 'The person dismissed the form without answering.',
  });
});

it('throws a TypeError for a part still streaming its input, an answer to another call, or one without a form answer', async () => {
  const { part } = await formChat();
  expect(() => fromToolCall({ ...part, state: 'input-streaming' })).toThrow(
    new TypeError('fromToolCall takes a tool part in state "input-available"; this one is "input-streaming"'),
  );
  expect(() => toToolOutput({ requestId: 'call-8', action: 'accept', answer: [] }, part)).toThrow(TypeError);
  expect(() => toToolOutput({ requestId: 'call-7', action: 'accept', decisions: [{ type: 'approve' }] }, part)).toThrow(TypeError);
  expect(() => fromToolCall({ type: 'text', toolCallId: 'x', state: 'input-available' })).toThrow(TypeError);
});

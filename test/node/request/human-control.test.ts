/**
 * A hand-off of the agent's browser in the request model: the `human_control` tool an agent calls,
 * its pending call made a control request, any source's own control request, the answer a page
 * sends (and what the proxy takes of it), and the tool input the agent gets back.
 */
import Ajv from 'ajv';
import type { ToolCall } from '../../../src/client';
import { en } from '../../../src/messages';
import {
  checkHumanRequest,
  controlOutcome,
  controlRequestFromToolCall,
  controlToolInput,
  humanControlRequest,
  summarizeRequest,
  type HumanAnswer,
  type HumanControlRequest,
} from '../../../src/request';
import { HUMAN_CONTROL_TOOL_NAME, humanControlTool } from '../../../src/schema';
import { checkHumanAnswer } from '../../../src/server/requests/check-human-answer';

const call = (parameters: Record<string, unknown>): ToolCall => ({ toolCallId: 'call-9', tool: { name: 'human_control', parameters } });

const request: HumanControlRequest = humanControlRequest({
  id: 'bb-session-1',
  source: 'browserbase',
  liveUrl: 'https://live.example.com/s/1',
  reason: 'A CAPTCHA blocks the checkout',
  instructions: 'Tick the box, then hand back.',
  deadline: '2026-12-07T12:00:00Z',
});

describe('humanControlTool', () => {
  it('is a tool named human_control whose parameters take a reason, instructions and a timeout', () => {
    const tool = humanControlTool();
    expect(tool.type).toBe('function');
    expect(tool.function.name).toBe(HUMAN_CONTROL_TOOL_NAME);
    expect(tool.function.name).toBe('human_control');
    expect(tool.function.description).toMatch(/"done": true/);
    const validate = new Ajv({ strict: false }).compile(tool.function.parameters ?? {});
    expect(validate({ reason: 'CAPTCHA', instructions: 'Tick it', timeoutSeconds: 120 })).toBe(true);
    expect(validate({ instructions: 'Tick it' })).toBe(false);
    expect(validate({ reason: '' })).toBe(false);
    expect(validate({ reason: 'CAPTCHA', timeoutSeconds: 0 })).toBe(false);
    expect(validate({ reason: 'CAPTCHA', url: 'https://evil.example.com' })).toBe(false);
  });

  it('takes its own description, and each definition is a copy the caller may change', () => {
    expect(humanControlTool({ description: 'Only for CAPTCHAs.' }).function.description).toBe('Only for CAPTCHAs.');
    const first = humanControlTool();
    (first.function.parameters as { required: string[] }).required.push('instructions');
    expect(humanControlTool().function.parameters).toMatchObject({ required: ['reason'] });
  });
});

describe('a control request', () => {
  it('from any source, with its reason as the message, is a well-formed request the inbox names "Take control"', () => {
    expect(request).toEqual({
      kind: 'control',
      id: 'bb-session-1',
      source: 'browserbase',
      liveUrl: 'https://live.example.com/s/1',
      message: 'A CAPTCHA blocks the checkout',
      instructions: 'Tick the box, then hand back.',
      deadline: '2026-12-07T12:00:00Z',
    });
    expect(checkHumanRequest(request)).toBeUndefined();
    expect(summarizeRequest(request)).toEqual({ title: 'Take control', detail: 'A CAPTCHA blocks the checkout', moreActions: 0 });
    expect(summarizeRequest(request).title).toBe(en.request.controlHeading());
    expect(summarizeRequest({ ...request, title: 'Sign in with your passkey' }).title).toBe('Sign in with your passkey');
    expect(summarizeRequest(request, { kindTitles: { form: 'F', approval: 'A', link: 'L', control: 'Steuerung übernehmen' } }).title).toBe(
      'Steuerung übernehmen',
    );
  });

  it('needs a live view address, and its instructions must be text', () => {
    expect(checkHumanRequest({ ...request, liveUrl: undefined })).toBe('A control request needs a "liveUrl", the live view\'s address.');
    expect(checkHumanRequest({ ...request, instructions: ['tick'] })).toBe('A control request\'s "instructions" must be a string.');
    // Any string is taken here: the prompt shows an address that is not http(s) as refused text.
    expect(checkHumanRequest({ ...request, liveUrl: 'javascript:alert(1)' })).toBeUndefined();
  });

  it('from the task service’s pending human_control call: its id, reason, instructions, and the timeout from when it was seen', () => {
    const seen = Date.UTC(2026, 11, 7, 10, 0, 0);
    expect(
      controlRequestFromToolCall(call({ reason: 'Press and hold', instructions: 'Hold the button 3 s', timeoutSeconds: 90 }), {
        liveUrl: 'https://sim.example.com/live/run-1',
        waitingSince: seen,
      }),
    ).toEqual({
      kind: 'control',
      id: 'call-9',
      source: 'task-service',
      liveUrl: 'https://sim.example.com/live/run-1',
      message: 'Press and hold',
      instructions: 'Hold the button 3 s',
      deadline: seen + 90_000,
    });
  });

  it('leaves out what the agent gave of the wrong type, and refuses a call of another tool', () => {
    const made = controlRequestFromToolCall(call({ reason: { html: '<b>x</b>' }, instructions: 7, timeoutSeconds: -5 }), { liveUrl: 'x' });
    expect(made).toEqual({ kind: 'control', id: 'call-9', source: 'task-service', liveUrl: 'x' });
    expect(checkHumanRequest(made)).toBeUndefined();
    expect(
      controlRequestFromToolCall(call({ reason: 'r', timeoutSeconds: Number.POSITIVE_INFINITY }), { liveUrl: 'x' }),
    ).not.toHaveProperty('deadline');
    expect(() => controlRequestFromToolCall({ toolCallId: 'c', tool: { name: 'form_input', parameters: {} } }, { liveUrl: 'x' })).toThrow(
      TypeError,
    );
  });
});

describe('the answer to a control request', () => {
  const answer = (control: unknown) => ({ requestId: request.id, action: 'accept', control });

  it('is taken by the proxy as { done, note? }, and refused with a reason otherwise', () => {
    expect(checkHumanAnswer(request, answer({ done: true }))).toBeUndefined();
    expect(checkHumanAnswer(request, answer({ done: true, note: 'Solved it' }))).toBeUndefined();
    expect(checkHumanAnswer(request, answer({ done: false, note: 'The code never came' }))).toBeUndefined();
    expect(checkHumanAnswer(request, answer({ done: 'yes' }))).toMatch(/needs "control"/);
    expect(checkHumanAnswer(request, { requestId: request.id, action: 'accept' })).toMatch(/needs "control"/);
    // Only the proxy says that the deadline passed.
    expect(checkHumanAnswer(request, answer({ done: false, expired: true }))).toMatch(/Only the proxy/);
    expect(checkHumanAnswer(request, answer({ done: true, typed: 'hunter2' }))).toMatch(/does not take: "typed"/);
    expect(checkHumanAnswer(request, answer({ done: true, note: 42 }))).toMatch(/"note" must be a text/);
    expect(checkHumanAnswer(request, answer({ done: true, note: 'x'.repeat(2001) }))).toMatch(/longer than 2000/);
    expect(checkHumanAnswer(request, { ...answer({ done: true }), decisions: [] })).toMatch(/does not take: "decisions"/);
    expect(checkHumanAnswer(request, { requestId: request.id, action: 'cancel', expired: true })).toMatch(
      /cannot be answered with "cancel"/,
    );
  });

  it('becomes the tool input the agent reads, for each way a hand-off ends, and reads back as what was answered', () => {
    const cases: Array<[HumanAnswer, unknown]> = [
      [
        { requestId: 'call-9', action: 'accept', control: { done: true, note: 'Solved the CAPTCHA' } },
        { done: true, note: 'Solved the CAPTCHA' },
      ],
      [{ requestId: 'call-9', action: 'accept', control: { done: false, note: '  ' } }, { done: false }],
      [
        { requestId: 'call-9', action: 'cancel', expired: true },
        { done: false, expired: true },
      ],
      [{ requestId: 'call-9', action: 'decline' }, { done: false }],
    ];
    for (const [given, outcome] of cases) {
      expect(controlOutcome(given)).toEqual(outcome);
      expect(JSON.parse(controlToolInput(given))).toEqual(outcome);
    }
    expect(controlToolInput({ requestId: 'call-9', action: 'cancel', expired: true })).toBe('{"done":false,"expired":true}');
  });
});

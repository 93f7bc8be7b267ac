/**
 * `hitl-react/openai-agents` against the OpenAI Agents SDK itself: a run of the SDK's
 * `ScriptedModel` stops at two tools with `needsApproval`, the person's answer is applied to the
 * run's state serialised and rehydrated in between (as another process would), and `run(agent,
 * state)` resumes: the approved tool runs once, the model reads the rejection's message, and the
 * tool approved "always" is not asked about again.
 */
import { run, RunState, RunToolApprovalItem } from '@openai/agents';
import { applyToolApprovals, fromToolApprovals, type OpenAIAgentsRunState } from '../../../src/adapters/openai-agents';
import { checkHumanRequest, type HumanAnswer } from '../../../src/request';
import { checkHumanAnswer } from '../../../src/server/requests/check-human-answer';
import { expectResumedWithAlwaysAndReason, interruptedRun, mailer, secondMailThenDone } from './openai-agents-fixture';

/** A state whose `approve` and `reject` only record what they were asked, over `items`. */
function recordingState(items: readonly RunToolApprovalItem[]) {
  const approve = vi.fn<OpenAIAgentsRunState<RunToolApprovalItem>['approve']>();
  const reject = vi.fn<OpenAIAgentsRunState<RunToolApprovalItem>['reject']>();
  return { getInterruptions: () => items, approve, reject };
}

describe('fromToolApprovals', () => {
  it('asks about every call of the run in one request: the tool, its arguments, approve or reject, and always', async () => {
    const { result } = await interruptedRun();
    expect(result.interruptions).toHaveLength(2);
    const request = fromToolApprovals(result.interruptions);
    expect(request).toEqual({
      kind: 'approval',
      id: 'openai-agents:call_1,call_2',
      source: 'openai-agents',
      requestedBy: 'Mailer',
      actions: [
        { name: 'send_email', args: { to: 'ann@example.com' }, allowed: ['approve', 'reject'], allowAlways: true },
        { name: 'delete_file', args: { path: '/tmp/report.pdf' }, allowed: ['approve', 'reject'], allowAlways: true },
      ],
    });
    expect(checkHumanRequest(request)).toBeUndefined();
    // The same interruptions, rehydrated elsewhere, make the same request.
    const { agent } = mailer([]);
    const restored = await RunState.fromString(agent, result.state.toString());
    expect(fromToolApprovals(restored.getInterruptions())).toEqual(request);
    // And so does their JSON (`item.toJSON()`), e.g. sent to a page.
    expect(fromToolApprovals(JSON.parse(JSON.stringify(result.interruptions)) as never)).toEqual(request);
  });

  it('takes requestedBy and allowAlways: false', async () => {
    const { result } = await interruptedRun();
    const request = fromToolApprovals(result.interruptions, { requestedBy: 'Ops bot', allowAlways: false });
    expect(request.requestedBy).toBe('Ops bot');
    expect(request.actions.map((action) => action.allowAlways)).toEqual([undefined, undefined]);
  });

  it('shows arguments that are not JSON as the text the model wrote', () => {
    const { agent } = mailer([]);
    const rawItem = { type: 'function_call' as const, callId: 'call_9', name: 'send_email', arguments: 'to: ann, {oops' };
    const request = fromToolApprovals([new RunToolApprovalItem(rawItem, agent)]);
    expect(request.actions[0]).toMatchObject({ name: 'send_email', args: 'to: ann, {oops' });
    expect(checkHumanRequest(request)).toBeUndefined();
  });

  it('keeps the id within a request id’s length for many calls, and still applies the answer', () => {
    const { agent } = mailer([]);
    const items = Array.from(
      { length: 40 },
      (_, index) =>
        new RunToolApprovalItem(
          { type: 'function_call', callId: `call_${'x'.repeat(40)}_${index}`, name: 'send_email', arguments: '{}' },
          agent,
        ),
    );
    const request = fromToolApprovals(items);
    expect(request.id.length).toBeLessThanOrEqual(1000);
    expect(checkHumanRequest(request)).toBeUndefined();
    const state = recordingState(items);
    applyToolApprovals({ requestId: request.id, action: 'accept', decisions: items.map(() => ({ type: 'approve' as const })) }, state);
    expect(state.approve.mock.calls.map(([item]) => item)).toEqual(items);
  });

  it.each<[string, unknown, string]>([
    ['null', null, "fromToolApprovals: interruptions must be a non-empty list of the run's RunToolApprovalItems"],
    ['a text', 'call_1', "fromToolApprovals: interruptions must be a non-empty list of the run's RunToolApprovalItems"],
    ['an empty list', [], "fromToolApprovals: interruptions must be a non-empty list of the run's RunToolApprovalItems"],
    ['a list of null', [null], 'fromToolApprovals: interruption 1 is not a RunToolApprovalItem'],
    ['an item without a call id', [{ rawItem: { name: 'x' } }], 'fromToolApprovals: interruption 1 has no call id (rawItem.callId)'],
    ['an item without a name', [{ rawItem: { callId: 'c' } }], 'fromToolApprovals: interruption 1 names no tool'],
    [
      'two items of one call',
      [{ rawItem: { callId: 'c', name: 'x' } }, { rawItem: { callId: 'c', name: 'y' } }],
      'fromToolApprovals: interruption 2 repeats call id "c"',
    ],
    [
      'an item whose getter throws',
      [
        new Proxy(
          {},
          {
            get() {
              throw new Error('boom');
            },
          },
        ),
      ],
      'fromToolApprovals: the interruptions could not be read',
    ],
  ])('throws a TypeError for %s', (_, interruptions, message) => {
    expect(() => fromToolApprovals(interruptions as never)).toThrow(new TypeError(message));
  });
});

describe('applyToolApprovals through run(agent, state)', () => {
  it('approved "always" runs the tool once and its next call without asking; rejected, the model reads the message', async () => {
    const { result, saved } = await interruptedRun();
    const request = fromToolApprovals(result.interruptions);
    const answer: HumanAnswer = {
      requestId: request.id,
      action: 'accept',
      decisions: [
        { type: 'approve', always: true },
        { type: 'reject', message: 'Keep it, I still need it' },
      ],
    };
    // What the proxy would check before passing it on.
    expect(checkHumanAnswer(request, answer)).toBeUndefined();

    // Another process: the state rehydrated from its text, the answer applied, the run resumed.
    await expectResumedWithAlwaysAndReason(saved, answer);
  });

  it('without "always", the tool’s next call asks again, under a new request', async () => {
    const { result, saved } = await interruptedRun();
    const request = fromToolApprovals(result.interruptions);
    // The second mail only: without "always", the run stops at it.
    const { agent } = mailer(secondMailThenDone().slice(0, 1));
    const state = await RunState.fromString(agent, saved);
    applyToolApprovals({ requestId: request.id, action: 'accept', decisions: [{ type: 'approve' }, { type: 'reject' }] }, state);
    const resumed = await run(agent, state);
    expect(resumed.interruptions.map((item) => item.name)).toEqual(['send_email']);
    expect(fromToolApprovals(resumed.interruptions).id).toBe('openai-agents:call_3');

    // The first request's answer, sent again (a stale one), is refused and applies nothing.
    const again = recordingState(resumed.state.getInterruptions());
    expect(() =>
      applyToolApprovals({ requestId: request.id, action: 'accept', decisions: [{ type: 'approve' }, { type: 'approve' }] }, again),
    ).toThrow(new TypeError("applyToolApprovals: the answer is not to this state's interruptions (a stale answer, or another request's)"));
    expect(again.approve).not.toHaveBeenCalled();
  });

  it('finds each call by its id, whatever order the state lists them in', async () => {
    const { result } = await interruptedRun();
    const request = fromToolApprovals(result.interruptions);
    const state = recordingState([...result.interruptions].reverse());
    applyToolApprovals(
      { requestId: request.id, action: 'accept', decisions: [{ type: 'approve' }, { type: 'reject', message: 'No', always: true }] },
      state,
    );
    expect(state.approve).toHaveBeenCalledExactlyOnceWith(result.interruptions[0], { alwaysApprove: false });
    expect(state.reject).toHaveBeenCalledExactlyOnceWith(result.interruptions[1], { alwaysReject: true, message: 'No' });
  });

  it('a decline, a cancel or the deadline rejects every call with a message saying so', async () => {
    const { result } = await interruptedRun();
    const { id } = fromToolApprovals(result.interruptions);
    for (const [answer, message] of [
      [{ requestId: id, action: 'decline' }, 'Not run: the person declined to review it.'],
      [{ requestId: id, action: 'cancel' }, 'Not run: the request was dismissed without a decision.'],
      [{ requestId: id, action: 'cancel', expired: true }, 'Not run: nobody answered before the deadline.'],
    ] as const) {
      const state = recordingState(result.interruptions);
      applyToolApprovals(answer, state);
      expect(state.approve).not.toHaveBeenCalled();
      expect(state.reject.mock.calls).toEqual(result.interruptions.map((item) => [item, { alwaysReject: false, message }]));
    }
  });

  it.each<[string, (id: string) => unknown, string]>([
    ['another request’s answer', () => ({ requestId: 'el-1', action: 'accept', decisions: [] }), 'the answer is not to this state'],
    [
      'an answer to one of the calls only',
      () => ({ requestId: 'openai-agents:call_1', action: 'accept', decisions: [{ type: 'approve' }] }),
      'the answer is not to this state',
    ],
    [
      'an answer naming a call twice',
      () => ({ requestId: 'openai-agents:call_1,call_1', action: 'accept', decisions: [{ type: 'approve' }, { type: 'approve' }] }),
      'the answer is not to this state',
    ],
    [
      'one decision for two calls',
      (id) => ({ requestId: id, action: 'accept', decisions: [{ type: 'approve' }] }),
      '2 decision(s) expected, one per call',
    ],
    ['no decisions', (id) => ({ requestId: id, action: 'accept' }), '2 decision(s) expected, one per call'],
    [
      'an edit',
      (id) => ({ requestId: id, action: 'accept', decisions: [{ type: 'approve' }, { type: 'edit', args: { path: '/' } }] }),
      'the OpenAI Agents SDK cannot run a tool with edited arguments (decision 2)',
    ],
    [
      'a decision that is not an object',
      (id) => ({ requestId: id, action: 'accept', decisions: [{ type: 'approve' }, 'yes'] }),
      'decision 2 is not a decision',
    ],
    ['not an object', () => 'approve', 'answer must be a HumanAnswer'],
  ])('refuses %s with a TypeError, and applies none of it', async (_, make, message) => {
    const { result } = await interruptedRun();
    const state = recordingState(result.interruptions);
    const answer = make(fromToolApprovals(result.interruptions).id);
    expect(() => applyToolApprovals(answer as HumanAnswer, state)).toThrow(TypeError);
    expect(() => applyToolApprovals(answer as HumanAnswer, state)).toThrow(`applyToolApprovals: ${message}`);
    expect(state.approve).not.toHaveBeenCalled();
    expect(state.reject).not.toHaveBeenCalled();
  });

  it('throws a TypeError for a state that is not a RunState, or one with no interruptions left', () => {
    const answer: HumanAnswer = { requestId: 'openai-agents:call_1', action: 'decline' };
    for (const state of [null, 'state', {}, { getInterruptions: () => [] }])
      expect(() => applyToolApprovals(answer, state as never)).toThrow(
        new TypeError("applyToolApprovals: state must be the run's RunState"),
      );
    expect(() => applyToolApprovals(answer, recordingState([]))).toThrow(
      new TypeError("applyToolApprovals: interruptions must be a non-empty list of the run's RunToolApprovalItems"),
    );
  });
});

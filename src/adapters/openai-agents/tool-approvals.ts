import type { HumanAction, HumanAnswer, HumanApprovalRequest } from '../../request';
import { cutText, isRecord } from '../../utils';
import { callIdsOf, readCalls, requestIdOf, SOURCE, type OpenAIAgentsToolApproval, type ReadCall } from './interruption';

/** Options of `fromToolApprovals`. */
export interface FromToolApprovalsOptions {
  /** Who asks, shown as "Requested by …" and in the inbox's list. Default: the name of the agent (or agents) whose tools they are. */
  requestedBy?: string;
  /**
   * Whether each action offers "always" (`always: true` on its approve or reject), which
   * `applyToolApprovals` passes as `alwaysApprove` or `alwaysReject`: the SDK then decides the
   * tool's later calls of the run the same way, without asking. Default: true.
   */
  allowAlways?: boolean;
}

/**
 * What `applyToolApprovals` needs of a `RunState` (`result.state`, or `await RunState.fromString(agent, text)`
 * in another process): its interruptions, and its `approve` and `reject`.
 */
export interface OpenAIAgentsRunState<ITEM extends OpenAIAgentsToolApproval = OpenAIAgentsToolApproval> {
  getInterruptions(): readonly ITEM[];
  approve(item: ITEM, options?: { alwaysApprove?: boolean }): void;
  reject(item: ITEM, options?: { alwaysReject?: boolean; message?: string }): void;
}

/**
 * The approval an OpenAI Agents SDK run asks for when it stops at tools with `needsApproval`
 * (`result.interruptions`): one request, one action per call, in order, each the tool with its
 * arguments (JSON text shown as its value, any other text as text), to approve or reject, and
 * "always" unless `allowAlways` is false. The SDK runs no edited arguments, so "Edit" is not
 * offered. The id is made of the calls' `callId`s: the same interruptions give the same request
 * after `RunState.fromString`. Names are agent-made: shown as text, cut after 10,000 characters.
 * Throws a `TypeError` for anything but a non-empty list of interruptions.
 */
export function fromToolApprovals(
  interruptions: readonly OpenAIAgentsToolApproval[],
  options: FromToolApprovalsOptions = {},
): HumanApprovalRequest {
  const calls = guard('fromToolApprovals', () => readCalls(interruptions, 'fromToolApprovals'));
  const agents = [...new Set(calls.flatMap((call) => (call.agent === undefined ? [] : [call.agent])))];
  const requestedBy = options.requestedBy ?? (agents.length > 0 ? cutText(agents.join(', ')) : undefined);
  return {
    kind: 'approval',
    id: requestIdOf(calls.map((call) => call.callId)),
    source: SOURCE,
    ...(requestedBy === undefined ? {} : { requestedBy }),
    actions: calls.map(({ name, args }): HumanAction => {
      const action: HumanAction = { name: cutText(name), args, allowed: ['approve', 'reject'] };
      if (options.allowAlways !== false) action.allowAlways = true;
      return action;
    }),
  };
}

/** Why the calls were not run when no decision came: the model reads it. */
const NOT_RUN = {
  decline: 'Not run: the person declined to review it.',
  cancel: 'Not run: the request was dismissed without a decision.',
  expired: 'Not run: nobody answered before the deadline.',
};

type Step<ITEM> = { approve: true; item: ITEM; always: boolean } | { approve: false; item: ITEM; always: boolean; message?: string };

/**
 * Applies `answer`, the person's answer to `fromToolApprovals(state.getInterruptions())`, to `state`:
 * each call, found by its `callId` among the state's interruptions, is approved
 * (`state.approve(item, { alwaysApprove })`) or rejected (`state.reject(item, { alwaysReject,
 * message })`, the message being what the model reads); a reply in words is a rejection with it
 * as the message. The SDK has no "no answer": a decline, a cancel or the deadline reject every call
 * with a message saying so. Returns the state, for `run(agent, state)` to resume.
 *
 * Nothing is applied unless all is well: throws a `TypeError` for an answer to another request (a
 * stale one, of interruptions the state no longer has), decisions that do not match the calls
 * (one per call), an edit (the SDK cannot run edited arguments), or a state without interruptions.
 */
export function applyToolApprovals<STATE extends OpenAIAgentsRunState>(answer: HumanAnswer, state: STATE): STATE {
  const NAME = 'applyToolApprovals';
  if (!isRecord(answer) || typeof answer.requestId !== 'string') throw new TypeError(`${NAME}: answer must be a HumanAnswer`);
  if (
    !isRecord(state) ||
    typeof state.getInterruptions !== 'function' ||
    typeof state.approve !== 'function' ||
    typeof state.reject !== 'function'
  )
    throw new TypeError(`${NAME}: state must be the run's RunState`);
  const steps = guard(NAME, () => plan(answer, readCalls<OpenAIAgentsToolApproval>(state.getInterruptions(), NAME)));
  for (const step of steps) {
    if (step.approve) state.approve(step.item, { alwaysApprove: step.always });
    else
      state.reject(
        step.item,
        step.message === undefined ? { alwaysReject: step.always } : { alwaysReject: step.always, message: step.message },
      );
  }
  return state;
}

function plan<ITEM>(answer: HumanAnswer, calls: ReadCall<ITEM>[]): Step<ITEM>[] {
  const NAME = 'applyToolApprovals';
  const byCallId = new Map(calls.map((call) => [call.callId, call]));
  const order = callIdsOf(answer.requestId) ?? (answer.requestId === requestIdOf([...byCallId.keys()]) ? [...byCallId.keys()] : []);
  const ordered = order.flatMap((callId) => byCallId.get(callId) ?? []);
  // The same calls, each once: an answer to a subset, or to calls since answered, is another request's.
  if (new Set(order).size !== calls.length || order.length !== calls.length || ordered.length !== calls.length)
    throw new TypeError(`${NAME}: the answer is not to this state's interruptions (a stale answer, or another request's)`);
  if (answer.action === 'decline' || answer.action === 'cancel') {
    const message = answer.action === 'cancel' ? NOT_RUN[answer.expired === true ? 'expired' : 'cancel'] : NOT_RUN.decline;
    return ordered.map(({ item }) => ({ approve: false, item, always: false, message }));
  }
  const decisions: unknown = 'decisions' in answer ? answer.decisions : undefined;
  if (answer.action !== 'accept' || !Array.isArray(decisions) || decisions.length !== ordered.length)
    throw new TypeError(`${NAME}: ${ordered.length} decision(s) expected, one per call`);
  return ordered.map(({ item }, index): Step<ITEM> => {
    const decision: unknown = decisions[index];
    if (!isRecord(decision)) throw new TypeError(`${NAME}: decision ${index + 1} is not a decision`);
    const always = decision.always === true;
    if (decision.type === 'approve') return { approve: true, item, always };
    if (decision.type === 'reject' || decision.type === 'respond') {
      const message = typeof decision.message === 'string' && decision.message.trim() !== '' ? decision.message : undefined;
      return message === undefined ? { approve: false, item, always } : { approve: false, item, always, message };
    }
    throw new TypeError(
      decision.type === 'edit'
        ? `${NAME}: the OpenAI Agents SDK cannot run a tool with edited arguments (decision ${index + 1})`
        : `${NAME}: decision ${index + 1} must approve or reject`,
    );
  });
}

/** Runs `read`; a getter or a proxy that throws (nothing the SDK makes does) becomes a `TypeError` saying so. */
function guard<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof TypeError && error.message.startsWith(`${what}:`)) throw error;
    throw new TypeError(`${what}: the interruptions could not be read`, { cause: error });
  }
}

import type { ToolCall } from '../client';
import { HUMAN_CONTROL_TOOL_NAME } from '../schema';
import { isRecord } from '../utils';
import type { HumanAnswer, HumanControlOutcome, HumanControlRequest } from './human-request';

/** What `humanControlRequest` takes. */
export interface HumanControlRequestOptions {
  /** The request at its source (a session id, a tool call id); a new id starts the prompt afresh. Required. */
  id: string;
  /** Who asks, by framework or platform (`'browserbase'`, `'steel'`, `'browser-use'`, yours). Required. */
  source: string;
  /** The live view of the agent's browser; only http(s) is framed. Required. */
  liveUrl: string;
  /** Why the agent needs a person there; agent-made text, shown under the heading. Required. */
  reason: string;
  /** What to do there; agent-made text. Default: none. */
  instructions?: string | undefined;
  /** When the hand-off stops being answerable: ISO 8601 or epoch ms. Default: none. */
  deadline?: string | number | undefined;
  /** The heading. Default: "Take control". */
  title?: string | undefined;
  /** Who asks, in words ("Checkout agent"). Default: the source's name. */
  requestedBy?: string | undefined;
}

/**
 * A control request from any source that has a live view of its browser (an agent on Browserbase,
 * Steel or Browser Use passes its live-view address), for `<HumanRequestPrompt>` or the proxy's
 * `requests.open`; its answer is read with `controlOutcome`. No adapter needed.
 */
export function humanControlRequest(options: HumanControlRequestOptions): HumanControlRequest {
  const { id, source, liveUrl, reason, instructions, deadline, title, requestedBy } = options;
  return {
    kind: 'control',
    id,
    source,
    liveUrl,
    message: reason,
    ...(instructions === undefined ? {} : { instructions }),
    ...(deadline === undefined ? {} : { deadline }),
    ...(title === undefined ? {} : { title }),
    ...(requestedBy === undefined ? {} : { requestedBy }),
  };
}

/** Options of `controlRequestFromToolCall`. */
export interface ControlRequestFromToolCallOptions {
  /** The run's live view (`RunStatus.liveStatus`). Required. */
  liveUrl: string;
  /**
   * When the call was first seen, epoch ms (`useInbox`'s `waitingSince`), from which the call's
   * `timeoutSeconds` runs. Default: now, so call this once per call, not at every render.
   */
  waitingSince?: number | undefined;
}

/** The most a call's `timeoutSeconds` is taken for: a year, so the deadline stays a time a `Date` holds. */
const MAX_TIMEOUT_SECONDS = 365 * 24 * 3600;

/**
 * The task service's pending `human_control` call (see `humanControlTool`) as a control request:
 * its `toolCallId` is the request's id, its `reason` the message, its `instructions` kept when
 * they are text, its `timeoutSeconds` (a positive number) the deadline from `waitingSince`. The
 * call's parameters are the agent's (untrusted): what is not of its type is left out. Throws a
 * `TypeError` for a call of another tool.
 */
export function controlRequestFromToolCall(call: ToolCall, options: ControlRequestFromToolCallOptions): HumanControlRequest {
  const tool: unknown = isRecord(call) ? call.tool : undefined;
  if (!isRecord(tool) || tool.name !== HUMAN_CONTROL_TOOL_NAME)
    throw new TypeError(`controlRequestFromToolCall: the call must be of ${HUMAN_CONTROL_TOOL_NAME}`);
  const parameters = isRecord(tool.parameters) ? tool.parameters : {};
  const { reason, instructions, timeoutSeconds } = parameters;
  const seconds =
    typeof timeoutSeconds === 'number' && Number.isFinite(timeoutSeconds) && timeoutSeconds > 0
      ? Math.min(timeoutSeconds, MAX_TIMEOUT_SECONDS)
      : undefined;
  return {
    kind: 'control',
    id: call.toolCallId,
    source: 'task-service',
    liveUrl: options.liveUrl,
    ...(typeof reason === 'string' ? { message: reason } : {}),
    ...(typeof instructions === 'string' ? { instructions } : {}),
    ...(seconds === undefined ? {} : { deadline: (options.waitingSince ?? Date.now()) + seconds * 1000 }),
  };
}

/**
 * How a hand-off ended, from any answer to a control request: its `control` as given (a `note`
 * of only spaces left out); the deadline's `{ action: 'cancel', expired: true }` as `{ done:
 * false, expired: true }`; a decline or a cancel as `{ done: false }`.
 */
export function controlOutcome(answer: HumanAnswer): HumanControlOutcome {
  if (answer.action === 'accept' && 'control' in answer && isRecord(answer.control)) {
    const { done, note } = answer.control as Record<string, unknown>;
    const said = typeof note === 'string' && note.trim() !== '' ? { note } : {};
    return done === true ? { done: true, ...said } : { done: false, ...said };
  }
  if (answer.action === 'cancel' && answer.expired === true) return { done: false, expired: true };
  return { done: false };
}

/**
 * The `input` of `POST …/run/tool-input` that answers a `human_control` call: `controlOutcome`
 * as JSON, e.g. `{"done":true,"note":"Solved the CAPTCHA"}` or `{"done":false,"expired":true}`.
 */
export function controlToolInput(answer: HumanAnswer): string {
  return JSON.stringify(controlOutcome(answer));
}

import type { ProxyIdentity } from '../task-proxy-options';
import type { ProxyAnswerVia } from '../teams/audit-log';

/** A call of the task service's that waits for a person, as the run's status shows it now. */
export interface PendingServiceCall {
  readonly taskId: string;
  readonly toolCallId: string;
  /** The tool's name (`form_input` for a form). */
  readonly name: string;
  /** The call's parameters as the agent gave them: untrusted. */
  readonly parameters: unknown;
}

/** A call of the service's answered through the proxy, whichever way: a page, a Slack modal. */
export interface AnsweredServiceCall {
  readonly taskId: string;
  readonly toolCallId: string;
  /** Who answered (`identify`'s `user`, `''` for the proxy at a call's deadline), of which team, and how. */
  readonly user: string;
  readonly team: string;
  readonly via: ProxyAnswerVia;
}

/**
 * What the part of the proxy that serves the task service lets the other ways of answering (Slack)
 * do with the service's calls: the same checks and the same exactly-once gate as a page's
 * `tool-input`, and the same audit trail.
 */
export interface ServiceCallAnswers {
  /**
   * Call `toolCallId` of task `taskId`, when the run's status (read from the service: the truth)
   * shows it pending now and the task is `identity.team`'s; `undefined` when it is not pending or
   * not the team's (the two look the same); a `Response` (503) when that cannot be told now.
   */
  pending(identity: ProxyIdentity, taskId: string, toolCallId: string): Promise<PendingServiceCall | undefined | Response>;
  /**
   * Answers the call with `input` (the `tool-input`'s `input`) through the answer gate, once across
   * instances; audited as `answer` by `identity` with `via`, never the input. Resolves with what a
   * page's `tool-input` would get: 200, 409 `already_answered`, 404, 502/503/504 `answer_in_doubt`.
   */
  answer(identity: ProxyIdentity, call: { taskId: string; toolCallId: string; input: string }, via: ProxyAnswerVia): Promise<Response>;
}

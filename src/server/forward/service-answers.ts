import {
  errorEnvelope,
  isTaskApiError,
  isUnsafePathParameter,
  TASK_ENDPOINTS,
  type TaskClient,
  type TaskEndpoint,
  type ToolCall,
} from '../../client';
import type { AnswerGate } from './answer-gate';
import { readAnswerBody, type AnswerBody } from './answer-body';
import type { createForwarder } from './forward-request';
import type { ProxyAnswerVia } from '../teams/audit-log';
import type { createTeamAccess } from '../teams/team-access';
import type { ProxyIdentity } from '../task-proxy-options';
import type { AnsweredServiceCall, PendingServiceCall, ServiceCallAnswers } from '../requests/service-calls';

type TeamAccess = ReturnType<typeof createTeamAccess>;

/** What the answers to the service's calls need of the proxy's core. */
export interface ServiceAnswerDeps {
  readonly gate: AnswerGate;
  readonly forward: ReturnType<typeof createForwarder>;
  /** The service's own reading of a run, with the key. */
  readonly statusReader: Pick<TaskClient, 'getRunStatus'>;
  readonly ownsAll: TeamAccess['ownsAll'];
  readonly recordAudit: TeamAccess['recordAudit'];
  readonly digestOf: (taskId: string, answer: { toolCallId: string; input: string } | undefined) => string | undefined;
  readonly noteCall: (taskId: string, call: ToolCall) => void;
  /** With `identify`: the audit entry is written before the answer is returned. */
  readonly teams: boolean;
  readonly onStoreError: (error: unknown) => void;
  /**
   * `pending` found the call pending at the service: a sighting like a status read's (the deadlines
   * of the service's calls), so a hand-off whose pages only read its control still reaches its deadline.
   */
  readonly seen?: ((taskId: string, call: ToolCall) => void) | undefined;
  /** A call was answered (the service took it): whoever shows that it waits can say it no longer does. */
  readonly onAnswered: (answered: AnsweredServiceCall) => void;
}

/** One answer to a call of the service, after the caller's checks: its request (for its headers and its signal), and its body as read. */
export interface ServiceAnswer {
  readonly taskId: string;
  /** `?runId=` as given (`''` or `undefined`: the task's latest run). */
  readonly runId: string | undefined;
  /** The body read strictly, or the 400/415 that refused it. */
  readonly answer: AnswerBody | Response;
  readonly request: Request;
  readonly url: URL;
  /** What the caller's checks answered instead (another team's task: 404), kept in the trail as the answer's outcome. */
  readonly refused?: Response | undefined;
}

/**
 * Never aborted: an answer from another channel has no browser that could go away. Made at first
 * use, not when the module loads: a Cloudflare Worker may not make one at load.
 */
let never: AbortSignal | undefined;

/**
 * The answers to the service's calls, one path for every way they come: a page's `POST
 * …/run/tool-input` (`answerCall`, after the route's checks) and the other channels' (`calls`,
 * `ServiceCallAnswers`: Slack's modal), each forwarded once through the answer gate and audited as
 * `answer` with how it came (`via`), never its input.
 */
export function createServiceAnswers(deps: ServiceAnswerDeps) {
  const endpoint: TaskEndpoint = TASK_ENDPOINTS.submitToolInput;

  /** A checked answer, forwarded re-encoded (so the service reads exactly what the gate checked), through the gate. */
  function submit({ request, taskId, runId, url }: ServiceAnswer, answer: AnswerBody): Promise<Response> {
    const canonical = new TextEncoder().encode(JSON.stringify({ input: answer.input, toolCallId: answer.toolCallId }));
    return deps.gate({ taskId, runId: runId === '' ? undefined : runId, ...answer, signal: request.signal }, () =>
      deps.forward(request, endpoint, taskId, url, canonical),
    );
  }

  /** `call` through the gate (a refused body answered as it is), audited as `answer` by `identity` with `via`. */
  async function answerCall(identity: ProxyIdentity, call: ServiceAnswer, via: ProxyAnswerVia): Promise<Response> {
    const { taskId, runId } = call;
    const answered = call.answer instanceof Response ? undefined : call.answer;
    const response = call.refused ?? (answered === undefined ? (call.answer as Response) : await submit(call, answered));
    const inputHmac = call.refused === undefined ? deps.digestOf(taskId, answered) : undefined;
    const detail = { taskId, runId, toolCallId: answered?.toolCallId, inputHmac, via };
    if (response.ok && answered !== undefined)
      deps.onAnswered({ taskId, toolCallId: answered.toolCallId, user: identity.user, team: identity.team, via });
    const recorded = deps.recordAudit(identity, 'answer', response, detail);
    // With teams, what a person was told is in the trail before they hear it. Without, the answer
    // does not wait for the store's write of the entry.
    if (deps.teams) return recorded;
    recorded.catch(deps.onStoreError);
    return response;
  }

  /** Whether `taskId` is `team`'s: a `Response` (503) when the store cannot say. */
  async function owned(team: string, taskId: string): Promise<boolean | Response> {
    if (taskId === '' || isUnsafePathParameter(taskId)) return false;
    try {
      return await deps.ownsAll(team, [taskId]);
    } catch (error) {
      deps.onStoreError(error);
      return errorEnvelope(503, 'The proxy cannot check this task now; try again.', { retryAfter: '1' });
    }
  }

  const calls: ServiceCallAnswers = {
    async pending(identity, taskId, toolCallId): Promise<PendingServiceCall | undefined | Response> {
      const mine = await owned(identity.team, taskId);
      if (mine !== true) return mine === false ? undefined : mine;
      let call: ToolCall | null;
      try {
        call = (await deps.statusReader.getRunStatus(taskId, {})).toolCall;
      } catch (error) {
        if (isTaskApiError(error) && error.status === 404) return undefined;
        return errorEnvelope(503, 'The task service cannot say now whether the call waits; try again.', { retryAfter: '1' });
      }
      if (call === null || call.toolCallId !== toolCallId) return undefined;
      deps.noteCall(taskId, call);
      deps.seen?.(taskId, call);
      return { taskId, toolCallId, name: call.tool.name, parameters: call.tool.parameters };
    },

    async answer(identity, { taskId, toolCallId, input }, via): Promise<Response> {
      // A forward reads only a request's headers and signal, and the query of its address: none, the latest run.
      const url = new URL('http://service-call.invalid/');
      const request = new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        signal: (never ??= new AbortController().signal),
      });
      const body = new TextEncoder().encode(JSON.stringify({ input, toolCallId }));
      const call: ServiceAnswer = { taskId, runId: undefined, answer: readAnswerBody('application/json', body, null), request, url };
      const mine = await owned(identity.team, taskId);
      // Another team's task and an unknown one look the same, and are in the trail as a page's are.
      if (mine !== true)
        return answerCall(identity, { ...call, refused: mine === false ? errorEnvelope(404, 'Task not found') : mine }, via);
      return answerCall(identity, call, via);
    },
  };

  return { answerCall, calls };
}

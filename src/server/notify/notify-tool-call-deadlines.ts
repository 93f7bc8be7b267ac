import { isTaskApiError } from '../../client';
import { HUMAN_CONTROL_TOOL_NAME } from '../../schema';
import { isRecord } from '../../utils';
import { auditOutcome, type ProxyAuditEntry } from '../teams/audit-log';
import { describeError, type TaskProxyLogger } from '../logger';
import { waitedFor } from './notify-message';
import type { Notifier } from './notifier';
import type { ProxyStore } from '../stores/proxy-store';
import type { PendingToolCall } from '../forward/tool-call-clock';

/**
 * Deadlines of the task service's pending calls (`createTaskProxy({ toolCalls })`), counted from
 * when the proxy first saw each call pending (the time every browser shows).
 */
export interface TaskProxyToolCallOptions {
  /** Ms a call may wait for its answer; past it, `onExpired`. Default: none (no deadline). */
  timeoutMs?: number;
  /** Deadlines by tool name, in ms, instead of `timeoutMs` for those tools. Default: none. */
  byTool?: Readonly<Record<string, number>>;
  /**
   * At the deadline: `stop` stops the run (once, whichever instance sees it first); `escalate`
   * leaves it waiting, and the `notify.escalate` rules go on for it as for any waiting item.
   * Default: `escalate`.
   */
  onExpired?: 'stop' | 'escalate';
  /**
   * With notifications (`notify`), each task created through the proxy is watched until its run
   * ends, whether or not a page follows it, so that its waiting calls reach people too: one
   * instance at a time reads the run's status every `intervalMs` while no event stream names it
   * (default 5000; never more often than `events.pollIntervalMs.status`), for at most `maxMs`
   * after the task was created (default 86400000, a day). The list of watched tasks is kept in the
   * store, so another instance goes on with a watch when the one polling it dies. `false`: nothing
   * is watched, and a call is noticed only when a page reads its run. Default: `{}`.
   */
  watch?: false | { intervalMs?: number; maxMs?: number };
}

/** The watch of tasks created through the proxy, its options resolved (see `TaskProxyToolCallOptions.watch`). */
export interface RunWatchOptions {
  readonly intervalMs: number;
  readonly maxMs: number;
}

/** The watch's defaults. */
const WATCH_DEFAULTS: RunWatchOptions = Object.freeze({ intervalMs: 5000, maxMs: 24 * 60 * 60_000 });

/** `toolCalls.watch` with its defaults; `undefined` when it is `false`. Throws a `TypeError` for a value it cannot follow. */
export function watchOptionsOf(options: TaskProxyToolCallOptions | undefined): RunWatchOptions | undefined {
  const watch = options?.watch ?? {};
  if (watch === false) return undefined;
  const read = (name: keyof RunWatchOptions, least: number) => {
    const value: unknown = (watch as Record<string, unknown>)[name];
    if (value === undefined) return WATCH_DEFAULTS[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < least)
      throw new TypeError(`createTaskProxy: toolCalls.watch.${name} must be a number of ms, ${least} or more`);
    return value;
  };
  return { intervalMs: read('intervalMs', 1), maxMs: read('maxMs', 0) };
}

/** What `createToolCallDeadlines` needs of the proxy. */
interface ToolCallDeadlinesDeps {
  store: Pick<ProxyStore, 'readTasks' | 'claimOnce'>;
  /** Told of every pending call (`kind: 'tool_call'`, id `<taskId>/<toolCallId>`). */
  notifier: Notifier;
  /** Stops the run of `taskId` at the service (`POST /api/v1/task/{taskId}/stop-run`). */
  stopRun(taskId: string): Promise<void>;
  logger: TaskProxyLogger;
  /** With `identify`: a task the store gives no team is told to nobody (no team could open it). */
  teams: boolean;
  /**
   * Keeps a run stopped at its deadline in the audit trail: action `stop_run` by user `''`, as the
   * proxy's other own actions (a request's `expire_request`). Default: none.
   */
  audit?: (entry: ProxyAuditEntry) => Promise<void>;
  /**
   * Answers a `human_control` call whose `timeoutSeconds` passed with `{"done":false,"expired":true}`
   * (by user `''`, `via: 'deadline'`), through the one answer path. Default: none (no such answer).
   */
  serviceCalls?: () => ExpiredCallAnswers | undefined;
  /** Default: `Date.now`. */
  now?: () => number;
}

/** What answers a hand-off at its deadline: the proxy's `ServiceCallAnswers` (named by shape: the options import this file). */
interface ExpiredCallAnswers {
  answer(
    identity: { readonly user: string; readonly team: string },
    call: { taskId: string; toolCallId: string; input: string },
    via: 'deadline',
  ): Promise<Response>;
}

/** The proxy's side of the service calls' deadlines and notifications. */
interface ToolCallDeadlines {
  /** A status shows `toolCall` of `taskId` pending, first seen at `waitingSince` (`ToolCallClock`'s `onPending`). */
  pending(taskId: string, toolCall: PendingToolCall, waitingSince: number): void;
  /**
   * The call was answered through this instance: no notification of it starts any more. Without
   * `toolCallId`, the task's call this instance last saw pending.
   */
  answered(taskId: string, toolCallId?: string): void;
}

/** How long a stop claimed by an instance holds: a stop that failed is tried again after it. */
const STOP_LEASE_MS = 60_000;
/** A task's team is asked again after this long when the store did not know it or failed. */
const TEAM_RETRY_MS = 60_000;
/** Tasks remembered; the least recently seen go first. */
const MAX_TASKS = 10_000;

interface TaskMemo {
  toolCallId: string;
  /** `busy` while claiming or stopping; a time: not before then again. */
  stop: 'busy' | number;
  /** The same for the answer at a hand-off's deadline. */
  expire?: 'busy' | number;
}

/** The answer the proxy gives a `human_control` call at its deadline. */
export const CONTROL_EXPIRED_INPUT = JSON.stringify({ done: false, expired: true });
/** The most a hand-off's `timeoutSeconds` is taken for (a year), as its browser prompt takes it. */
const MAX_CONTROL_TIMEOUT_SECONDS = 365 * 24 * 3600;

/** The deadline of a `human_control` call in ms: its `timeoutSeconds` (agent-made: a positive number only, capped); none otherwise. */
export function controlDeadlineMs(toolCall: PendingToolCall): number | undefined {
  if (toolCall.tool?.name !== HUMAN_CONTROL_TOOL_NAME || !isRecord(toolCall.tool.parameters)) return undefined;
  const seconds = toolCall.tool.parameters.timeoutSeconds;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  return Math.min(seconds, MAX_CONTROL_TIMEOUT_SECONDS) * 1000;
}

/** What a call asks, for a notification: its form's heading, or its tool's name. */
function titleOf(toolCall: PendingToolCall): string {
  const parameters = toolCall.tool?.parameters;
  if (isRecord(parameters) && typeof parameters.heading === 'string' && parameters.heading.trim() !== '') return parameters.heading;
  return typeof toolCall.tool?.name === 'string' ? toolCall.tool.name : 'A call of the task service';
}

/** Throws a `TypeError` for `toolCalls` options the deadlines cannot follow: called when the proxy is made, so a typo fails at start. */
export function checkToolCallOptions(options: TaskProxyToolCallOptions | undefined): void {
  deadlineOf(options ?? {});
  const watch: unknown = options?.watch;
  if (watch !== undefined && watch !== false && (typeof watch !== 'object' || watch === null))
    throw new TypeError('createTaskProxy: toolCalls.watch must be false or an object');
  watchOptionsOf(options);
}

/** Checks `options` when the proxy is made, so a typo fails at start, not at the first deadline. */
function deadlineOf(options: TaskProxyToolCallOptions): (tool: unknown) => number | undefined {
  const valid = (value: unknown, at: string) => {
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      throw new TypeError(`createTaskProxy: ${at} must be a number of ms, 0 or more`);
    return value;
  };
  const timeoutMs = valid(options.timeoutMs, 'toolCalls.timeoutMs');
  const byTool = new Map<string, number>();
  for (const [name, value] of Object.entries(options.byTool ?? {}))
    byTool.set(name, valid(value, `toolCalls.byTool[${JSON.stringify(name)}]`) as number);
  if (options.onExpired !== undefined && options.onExpired !== 'stop' && options.onExpired !== 'escalate')
    throw new TypeError('createTaskProxy: toolCalls.onExpired must be "stop" or "escalate"');
  return (tool) => (typeof tool === 'string' ? (byTool.get(tool) ?? timeoutMs) : timeoutMs);
}

/**
 * Tells the notifier of each pending service call at each sighting, and at a call's deadline
 * stops its run once across instances (`onExpired: 'stop'`, through the store's `claimOnce`) or
 * leaves it to the escalation rules. A task's new call ends the notifications of its previous one.
 */
export function createToolCallDeadlines(options: TaskProxyToolCallOptions | undefined, deps: ToolCallDeadlinesDeps): ToolCallDeadlines {
  const limitOf = deadlineOf(options ?? {});
  const stopping = options?.onExpired === 'stop';
  const { store, notifier, logger } = deps;
  const now = deps.now ?? Date.now;
  const tasks = new Map<string, TaskMemo>();
  const teamOf = new Map<string, { team: string | undefined; askAfter: number } | 'asking'>();

  function remember<T>(map: Map<string, T>, key: string, value: T) {
    map.delete(key);
    map.set(key, value);
    if (map.size > MAX_TASKS) map.delete(map.keys().next().value as string);
  }

  /** Calls `then` with the task's team, at once when known, once the store said when not; never for a task of no team. */
  function withTeam(taskId: string, then: (team: string) => void) {
    if (!deps.teams) return then('');
    const known = teamOf.get(taskId);
    // The sighting that asked tells the notifier once the store answers.
    if (known === 'asking') return;
    if (known !== undefined && (known.team !== undefined || now() < known.askAfter)) {
      if (known.team !== undefined) then(known.team);
      return;
    }
    teamOf.set(taskId, 'asking');
    store.readTasks([taskId]).then(
      ([task]) => {
        remember(teamOf, taskId, { team: task?.team, askAfter: now() + TEAM_RETRY_MS });
        if (task !== undefined) then(task.team);
      },
      (error: unknown) => {
        logger.error(`notifications: the proxy store could not say whose task a pending call is of: ${describeError(error)}`);
        remember(teamOf, taskId, { team: undefined, askAfter: now() + TEAM_RETRY_MS });
      },
    );
  }

  async function stop(taskId: string, memo: TaskMemo, waitedMs: number) {
    memo.stop = 'busy';
    try {
      if (!(await store.claimOnce(`deadline-stop:${taskId}\n${memo.toolCallId}`, STOP_LEASE_MS))) {
        memo.stop = now() + STOP_LEASE_MS;
        return;
      }
      logger.info(`a call of task ${JSON.stringify(taskId)} waited ${waitedFor(waitedMs)}, past its deadline: its run is stopped`);
      let status = 200;
      let code: string | undefined;
      try {
        await deps.stopRun(taskId);
      } catch (error) {
        // As a stop through the proxy is recorded: the service's status, 502 when it could not be reached.
        status = isTaskApiError(error) ? (error.status ?? 502) : 502;
        code = isTaskApiError(error) ? error.code : undefined;
        throw error;
      } finally {
        const known = teamOf.get(taskId);
        await deps
          .audit?.({
            at: new Date(now()).toISOString(),
            user: '',
            team: typeof known === 'object' ? (known.team ?? '') : '',
            action: 'stop_run',
            taskId,
            toolCallId: memo.toolCallId,
            status,
            outcome: auditOutcome('stop_run', status, code),
          })
          .catch((error: unknown) => logger.error(`could not keep the deadline's stop in the audit trail: ${describeError(error)}`));
      }
      memo.stop = now() + STOP_LEASE_MS;
    } catch (error) {
      logger.error(`could not stop the run of task ${JSON.stringify(taskId)} at its call's deadline: ${describeError(error)}`);
      memo.stop = now() + STOP_LEASE_MS;
    }
  }

  /** Answers the hand-off `memo` is about as expired: once across instances (the claim, then the answer gate). */
  async function expire(taskId: string, memo: TaskMemo, team: string) {
    const calls = deps.serviceCalls?.();
    if (calls === undefined) return;
    memo.expire = 'busy';
    try {
      if (await store.claimOnce(`deadline-answer:${taskId}\n${memo.toolCallId}`, STOP_LEASE_MS)) {
        logger.info(`a hand-off of task ${JSON.stringify(taskId)} passed its timeoutSeconds: it is answered as expired`);
        const response = await calls.answer(
          { user: '', team },
          { taskId, toolCallId: memo.toolCallId, input: CONTROL_EXPIRED_INPUT },
          'deadline',
        );
        if (!response.ok && response.status !== 409)
          logger.error(`the expired hand-off of task ${JSON.stringify(taskId)} was answered ${response.status}`);
      }
    } catch (error) {
      logger.error(`could not answer the hand-off of task ${JSON.stringify(taskId)} at its deadline: ${describeError(error)}`);
    }
    memo.expire = now() + STOP_LEASE_MS;
  }

  return {
    pending(taskId, toolCall, waitingSince) {
      try {
        const { toolCallId } = toolCall;
        let memo = tasks.get(taskId);
        if (memo !== undefined && memo.toolCallId !== toolCallId) {
          notifier.ended(`${taskId}/${memo.toolCallId}`);
          memo = undefined;
        }
        memo ??= { toolCallId, stop: 0 };
        remember(tasks, taskId, memo);
        const title = titleOf(toolCall);
        // For a channel that answers in place (Slack); the messages never carry it.
        const tool =
          typeof toolCall.tool?.name === 'string' ? { name: toolCall.tool.name, parameters: toolCall.tool.parameters } : undefined;
        withTeam(taskId, (team) => {
          // Not for a call that another replaced while the store was asked.
          if (tasks.get(taskId)?.toolCallId === toolCallId)
            notifier.notice({
              kind: 'tool_call',
              id: `${taskId}/${toolCallId}`,
              team,
              source: 'task-service',
              title,
              waitingSince,
              ...(tool === undefined ? {} : { toolCall: tool }),
            });
        });
        const limit = limitOf(toolCall.tool?.name);
        const waitedMs = now() - waitingSince;
        if (stopping && limit !== undefined && waitedMs >= limit && memo.stop !== 'busy' && now() >= memo.stop)
          void stop(taskId, memo, waitedMs);
        const handOff = controlDeadlineMs(toolCall);
        const expiring = memo;
        const due = () => expiring.expire !== 'busy' && now() >= (expiring.expire ?? 0);
        if (handOff !== undefined && waitedMs >= handOff && due())
          withTeam(taskId, (team) => void (due() && expire(taskId, expiring, team)));
      } catch (error) {
        logger.error(`notifications: ${describeError(error)}`);
      }
    },

    answered(taskId, toolCallId) {
      const seen = tasks.get(taskId)?.toolCallId;
      const ended = toolCallId ?? seen;
      if (ended === undefined) return;
      notifier.ended(`${taskId}/${ended}`);
      if (seen === ended) tasks.delete(taskId);
    },
  };
}

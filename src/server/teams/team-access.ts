import {
  errorEnvelope,
  isUnsafePathParameter,
  MAX_AUDIT_CURSOR_LENGTH,
  toAuditEntry,
  type AuditAction,
  type EventTopic,
} from '../../client';
import {
  auditOutcome,
  DEFAULT_AUDIT_LIMIT,
  MAX_AUDIT_LIMIT,
  readErrorCode,
  withVia,
  type ProxyAnswerVia,
  type ProxyAuditEntry,
} from './audit-log';
import { describeError, type TaskProxyLogger } from '../logger';
import { notAllowed } from '../proxy-paths';
import type { AuditQuery, ProxyStore } from '../stores/proxy-store';
import type { ProxyAccess, ProxyIdentity, TaskProxyOptions } from '../task-proxy-options';
import { readableNameOf, teamTask } from './team-tasks';

/** Every caller, for a proxy without `identify`. */
const NOBODY: ProxyIdentity = Object.freeze({ user: '', team: '' });

/** What the proxy's team rules need. */
export interface TeamAccessSettings {
  options: TaskProxyOptions;
  store: ProxyStore;
  onStoreError: (error: unknown) => void;
  /** Whether `identify` is given: tasks belong to teams, and the store says whose each one is. */
  teams: boolean;
  auditRetentionMs: number;
  /** Where a failing `identify` or `onAudit` is reported (the key already scrubbed from it). */
  logger: TaskProxyLogger;
}

/**
 * Who is asking, whose a task is, what `authorize` says, and the audit trail: the parts of
 * `createTaskProxy` that know teams.
 */
export function createTeamAccess(settings: TeamAccessSettings) {
  const { options, store, onStoreError, teams, auditRetentionMs, logger } = settings;

  /** The caller, or the 401 to answer (also when `identify` fails: nobody is let in on an error). */
  async function identifyCaller(request: Request): Promise<ProxyIdentity | Response> {
    if (options.identify === undefined) return NOBODY;
    let identity: ProxyIdentity | null;
    try {
      identity = await options.identify(request);
    } catch (error) {
      logger.error(`identify failed: ${describeError(error)}`);
      return errorEnvelope(500, 'The proxy could not tell who is asking');
    }
    if (identity === null || typeof identity.user !== 'string' || typeof identity.team !== 'string')
      return errorEnvelope(401, 'Sign in first');
    return { user: identity.user, team: identity.team };
  }

  const isAuthorized = async (request: Request, access: ProxyAccess) =>
    options.authorize === undefined || (await options.authorize(request, access));

  /** Whether every task of `taskIds` is `team`'s; always true without teams. */
  async function ownsAll(team: string, taskIds: readonly string[]): Promise<boolean> {
    const foreign = await foreignTasks(
      team,
      taskIds.map((taskId) => ({ taskId })),
    );
    return foreign.size === 0;
  }

  /**
   * The tasks `topics` name that are not `team`'s: another team's and those the proxy never
   * recorded alike, so nothing tells the two apart. Always none without teams.
   */
  async function foreignTasks(team: string, topics: ReadonlyArray<{ taskId: string }>): Promise<ReadonlySet<string>> {
    if (!teams) return new Set();
    const unique = [...new Set(topics.map((topic) => topic.taskId))];
    const records = await store.readTasks(unique);
    return new Set(unique.filter((_, index) => records[index]?.team !== team));
  }

  /** Records what came of an audited request and hands its response on. */
  async function recordAudit(
    identity: ProxyIdentity,
    action: AuditAction,
    response: Response,
    detail: {
      taskId: string;
      runId?: string | undefined;
      toolCallId?: string | undefined;
      requestId?: string | undefined;
      inputHmac?: string | undefined;
      via?: ProxyAnswerVia | undefined;
    },
  ): Promise<Response> {
    const entry: ProxyAuditEntry = {
      at: new Date().toISOString(),
      user: identity.user,
      team: identity.team,
      action,
      taskId: detail.taskId,
      ...(detail.runId === undefined ? {} : { runId: detail.runId }),
      ...(detail.toolCallId === undefined ? {} : { toolCallId: detail.toolCallId }),
      ...(detail.requestId === undefined ? {} : { requestId: detail.requestId }),
      status: response.status,
      outcome: auditOutcome(action, response.status, await readErrorCode(response)),
      ...(detail.inputHmac === undefined ? {} : { inputHmac: detail.inputHmac }),
      ...(detail.via === undefined ? {} : { via: detail.via }),
    };
    // The caller's answer waits for the entry, so what a client was told is in the trail when it reads it.
    await writeAudit(entry);
    return response;
  }

  /** Hands `entry` to `onAudit` and keeps it in the store. */
  async function writeAudit(entry: ProxyAuditEntry): Promise<void> {
    try {
      options.onAudit?.(entry);
    } catch (error) {
      logger.error(`onAudit failed: ${describeError(error)}`);
    }
    await store.appendAudit(entry, auditRetentionMs).catch(onStoreError);
  }

  async function authorizeTopics(request: Request, identity: ProxyIdentity, topics: readonly EventTopic[]): Promise<boolean> {
    if (options.authorize === undefined) return true;
    for (const { taskId, runId } of topics)
      if (!(await isAuthorized(request, { identity, endpoint: 'events', taskId, runId }))) return false;
    return true;
  }

  async function auditTrail(request: Request, url: URL): Promise<Response> {
    if (request.method !== 'GET') return notAllowed(['GET']);
    const identity = await identifyCaller(request);
    if (identity instanceof Response) return identity;
    const taskId = url.searchParams.get('taskId') ?? undefined;
    if (!(await isAuthorized(request, { identity, endpoint: 'audit', taskId }))) return errorEnvelope(403, 'Forbidden');
    const given = url.searchParams.get('limit');
    const limit = clampAuditLimit(given === null ? undefined : Number(given) || 0);
    const before = url.searchParams.get('before') ?? undefined;
    if (before !== undefined && (before.length > MAX_AUDIT_CURSOR_LENGTH || !/^[\x21-\x7e]+$/.test(before)))
      return errorEnvelope(400, '"before" must be the "next" of a page of this trail');
    try {
      // The caller's own team only: another team's task simply has no entries here. One entry more
      // than asked tells whether there is a next page.
      const read = await readNamedAudit(store, { team: identity.team, taskId, limit: limit + 1, before });
      const page = read.slice(0, limit);
      const next = read.length > limit ? page.at(-1)?.id : undefined;
      // Only what a browser may read (and how an answer came): a record's server-side fields (`inputHmac`) stay here.
      const data = page.flatMap((entry) => withVia(toAuditEntry(entry), entry) ?? []);
      return Response.json({ success: true, data, ...(next === undefined ? {} : { next }) }, { headers: { 'cache-control': 'no-store' } });
    } catch (error) {
      onStoreError(error);
      return errorEnvelope(503, 'The audit trail cannot be read now; try again.', { retryAfter: '1' });
    }
  }

  /** A task just created belongs to the creator's team; its id, or `''` when the service made none. */
  async function own(identity: ProxyIdentity, response: Response, body: Uint8Array | undefined): Promise<string> {
    if (!response.ok) return '';
    let taskId: unknown;
    try {
      taskId = ((await response.clone().json()) as { data?: { taskId?: unknown } }).data?.taskId;
    } catch {
      return '';
    }
    if (typeof taskId !== 'string' || taskId === '') return '';
    if (teams) {
      // Tried twice: a task nobody owns is out of reach for its team until an app assigns it.
      const record = teamTask(taskId, identity.team, readableNameOf(body, taskId));
      await store
        .assignTask(record)
        .catch(() => store.assignTask(record))
        .catch(onStoreError);
    }
    return taskId;
  }

  return { identifyCaller, isAuthorized, ownsAll, foreignTasks, recordAudit, writeAudit, authorizeTopics, auditTrail, own };
}

/** The methods of `TaskProxy` that read and write the teams' records (documented there). */
export interface TeamMethods {
  assignTask(taskId: string, team: string, options?: { readableName?: string }): Promise<void>;
  auditLog(query: { team: string; taskId?: string; limit?: number; before?: string }): Promise<ProxyAuditEntry[]>;
}

export function teamMethods(store: ProxyStore): TeamMethods {
  return {
    assignTask: (taskId, team, { readableName } = {}) => {
      if (taskId === '' || isUnsafePathParameter(taskId)) return Promise.reject(new TypeError('assignTask: not a task id'));
      return store.assignTask(teamTask(taskId, team, readableName ?? taskId));
    },
    auditLog: ({ team, taskId, limit, before }) => readNamedAudit(store, { team, taskId, limit: clampAuditLimit(limit), before }),
  };
}

/**
 * `store.readAudit`, each entry named by its task's `readableName` (`taskName`) when the task's
 * record is the team's: one read of the page's tasks. Without it (no record, the store failing
 * for it) the entries still come, with their `taskId` alone.
 */
async function readNamedAudit(store: ProxyStore, query: AuditQuery): Promise<ProxyAuditEntry[]> {
  const entries = await store.readAudit(query);
  const taskIds = [...new Set(entries.map((entry) => entry.taskId))].filter((taskId) => taskId !== '');
  if (taskIds.length === 0) return entries;
  const records = await store.readTasks(taskIds).catch(() => []);
  const names = new Map<string, string>();
  for (const record of records) if (record !== undefined && record.team === query.team) names.set(record.taskId, record.readableName);
  return entries.map((entry) => {
    const taskName = names.get(entry.taskId);
    return taskName === undefined ? entry : { ...entry, taskName };
  });
}

export function clampAuditLimit(limit: number | undefined): number {
  return limit === undefined || !Number.isFinite(limit) ? DEFAULT_AUDIT_LIMIT : Math.max(0, Math.min(MAX_AUDIT_LIMIT, Math.floor(limit)));
}

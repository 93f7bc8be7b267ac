import {
  CONTROL_HELD_CODE,
  CONTROL_LEASE_PATTERN,
  CONTROL_NOT_FOUND_CODE,
  errorEnvelope,
  isUnsafePathParameter,
  readLimited,
} from '../../client';
import { MAX_HUMAN_REQUEST_ID_LENGTH, REQUEST_ENDED } from '../../request';
import { HUMAN_CONTROL_TOOL_NAME } from '../../schema';
import { isRecord } from '../../utils';
import { readStrictJson } from '../forward/strict-json';
import { controlDeadlineMs } from '../notify/notify-tool-call-deadlines';
import { notAllowed } from '../proxy-paths';
import { isCallersQuestion, pageIdOf, requestOf, storeIdOf } from '../requests/request-records';
import type { ServiceCallAnswers } from '../requests/service-calls';
import type { ProxyStore } from '../stores/proxy-store';
import { TASK_PROXY_DEFAULTS, type ProxyAccess, type ProxyIdentity } from '../task-proxy-options';
import type { ControlTarget } from './control-change';
import { controlTopic, type ControlLeases } from './control-leases';

/** How long a call's status, as the service said it, stands for the control routes of this instance. */
const PENDING_CACHE_MS = 1000;
/** Calls whose status this instance keeps at once; the oldest go first. */
const MAX_CACHED = 5000;
/** How long a call once seen pending is told apart from one never seen: its end is a 410, not a 404. */
const SEEN_KEEP_MS = 24 * 60 * 60_000;

/** What the control routes need of the proxy. */
export interface ControlRouteDeps {
  readonly store: Pick<ProxyStore, 'readRequests' | 'keepNote' | 'readNote' | 'noteToolCallSeen'>;
  readonly leases: ControlLeases;
  readonly identifyCaller: (request: Request) => Promise<ProxyIdentity | Response>;
  readonly isAuthorized: (request: Request, access: ProxyAccess) => Promise<boolean>;
  /** The service's calls, once the part of the proxy that serves the service is set up; none for a proxy of requests only. */
  readonly serviceCalls: () => ServiceCallAnswers | undefined;
  readonly maxBodyBytes: number;
  readonly onStoreError: (error: unknown) => void;
  readonly now: () => number;
}

/** Where a hand-off stands for the caller: theirs to hold (`open`), ended (410), not theirs or none (404), or unknown now (503). */
type Standing = 'open' | 'ended' | 'none' | Response;

const unavailable = () => errorEnvelope(503, 'The proxy cannot reach its store now; try again.', { retryAfter: '1' });
const notFound = () => errorEnvelope(404, 'Not found', { code: CONTROL_NOT_FOUND_CODE });
const ended = () => errorEnvelope(410, 'This hand-off has ended', { code: REQUEST_ENDED });

/**
 * `GET`/`POST {basePath}/control/{id}`: who holds control of a hand-off (a pending `human_control`
 * call of the service, `{id}` its task with `?toolCallId=`, or a control request of
 * `proxy.requests`), and a page's take, renewal and release of it (see the control protocol).
 */
export function createControlRoute(deps: ControlRouteDeps) {
  const { leases, store, now } = deps;
  const pendingUntil = new Map<string, number>();
  const seenHere = new Set<string>();
  /** The control requests pages asked this instance about, by the store's id: their end ends control at once. */
  const requestsShown = new Map<string, { team: string; id: string }>();

  const cacheKey = (team: string, target: ControlTarget) => controlTopic(team, target);

  /** The call's status changed through this instance (answered): asked of the service again next time. */
  function forget(team: string, target: ControlTarget) {
    pendingUntil.delete(cacheKey(team, target));
  }

  /** Where a call stands: the service's word of the last second (`fresh`: of now). */
  async function callStanding(identity: ProxyIdentity, target: Extract<ControlTarget, { kind: 'call' }>, fresh = false): Promise<Standing> {
    const calls = deps.serviceCalls();
    if (calls === undefined || target.taskId === '' || isUnsafePathParameter(target.taskId)) return 'none';
    const key = cacheKey(identity.team, target);
    if (!fresh && (pendingUntil.get(key) ?? 0) > now()) return 'open';
    const pending = await calls.pending(identity, target.taskId, target.toolCallId);
    if (pending instanceof Response) return pending;
    const seenName = `${key}:seen`;
    if (pending === undefined) {
      pendingUntil.delete(key);
      // Only a call once seen pending for this team ended; any other is unknown to the caller.
      try {
        return seenHere.has(key) || (await store.readNote?.(seenName)) !== undefined ? 'ended' : 'none';
      } catch (error) {
        deps.onStoreError(error);
        return unavailable();
      }
    }
    if (pending.name !== HUMAN_CONTROL_TOOL_NAME) return 'none';
    if (!seenHere.has(key)) {
      try {
        await store.keepNote?.(seenName, '1', SEEN_KEEP_MS);
      } catch (error) {
        deps.onStoreError(error);
        return unavailable();
      }
      seenHere.add(key);
      if (seenHere.size > MAX_CACHED) seenHere.delete(seenHere.values().next().value as string);
    }
    // Past its deadline the call has ended, whatever the service still shows: the proxy answers it
    // expired, and a page that goes meanwhile did not hand back.
    const limitMs = controlDeadlineMs({ toolCallId: target.toolCallId, tool: { name: pending.name, parameters: pending.parameters } });
    let deadlineAt = Number.POSITIVE_INFINITY;
    if (limitMs !== undefined && store.noteToolCallSeen !== undefined) {
      try {
        deadlineAt = (await store.noteToolCallSeen(target.taskId, target.toolCallId, now(), TASK_PROXY_DEFAULTS.answeredTtlMs)) + limitMs;
      } catch (error) {
        deps.onStoreError(error);
        return unavailable();
      }
      if (deadlineAt <= now()) return 'ended';
    }
    pendingUntil.delete(key);
    pendingUntil.set(key, Math.min(now() + PENDING_CACHE_MS, deadlineAt));
    if (pendingUntil.size > MAX_CACHED) pendingUntil.delete(pendingUntil.keys().next().value as string);
    return 'open';
  }

  async function requestStanding(identity: ProxyIdentity, id: string): Promise<Standing> {
    if (id.length > MAX_HUMAN_REQUEST_ID_LENGTH) return 'none';
    let record;
    try {
      [record] = await store.readRequests([storeIdOf(id)]);
    } catch (error) {
      deps.onStoreError(error);
      return unavailable();
    }
    // Another team's request (or user's) and an unknown one look the same.
    if (!isCallersQuestion(record, id, identity) || requestOf(record)?.kind !== 'control') return 'none';
    if (record.state !== 'open' || (record.expiresAt !== undefined && record.expiresAt <= now())) return 'ended';
    requestsShown.delete(record.id);
    requestsShown.set(record.id, { team: identity.team, id });
    if (requestsShown.size > MAX_CACHED) requestsShown.delete(requestsShown.keys().next().value as string);
    return 'open';
  }

  /** The store changed request `storeId` (on any instance): once a control request shown here ended, whoever held it no longer does. */
  async function requestChanged(storeId: string): Promise<void> {
    const shown = requestsShown.get(storeId);
    if (shown === undefined) return;
    const [record] = await store.readRequests([storeId]);
    if (record !== undefined && record.state === 'open' && pageIdOf(record) === shown.id) return;
    requestsShown.delete(storeId);
    await leases.end(shown.team, { kind: 'request', requestId: shown.id });
  }

  /** The body of a POST, or the 400/413/415 that refuses it. */
  async function readBody(
    request: Request,
  ): Promise<{ bytes: Uint8Array; action: 'take' | 'release'; lease: string; toolCallId?: string } | Response> {
    const read = await readLimited(request, deps.maxBodyBytes).catch(() => 'unreadable' as const);
    if (read === 'unreadable') return errorEnvelope(400, 'The request body could not be read');
    if (read === 'too-large') return errorEnvelope(413, `Request body larger than ${deps.maxBodyBytes} bytes`);
    const parsed = readStrictJson(request.headers.get('content-type'), read, 'The body');
    if (parsed instanceof Response) return parsed;
    const body = parsed.value;
    if (!isRecord(body) || (body.action !== 'take' && body.action !== 'release'))
      return errorEnvelope(400, 'The body must be { "action": "take" | "release", "lease": "…" }');
    if (typeof body.lease !== 'string' || !CONTROL_LEASE_PATTERN.test(body.lease))
      return errorEnvelope(400, 'lease must be 16 to 128 characters of A-Z, a-z, 0-9, _ and -');
    if (body.toolCallId !== undefined && (typeof body.toolCallId !== 'string' || body.toolCallId === ''))
      return errorEnvelope(400, 'toolCallId must be a non-empty string');
    return {
      bytes: read,
      action: body.action,
      lease: body.lease,
      ...(body.toolCallId === undefined ? {} : { toolCallId: body.toolCallId }),
    };
  }

  async function route(request: Request, id: string): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'POST') return notAllowed(['GET', 'POST']);
    const body = request.method === 'POST' ? await readBody(request) : undefined;
    if (body instanceof Response) return body;
    // `identify` and `authorize` get a copy with the bytes.
    const seen = body === undefined ? request : new Request(request, { body: body.bytes as BodyInit });
    const identity = await deps.identifyCaller(seen);
    if (identity instanceof Response) return identity;
    const toolCallId = body === undefined ? (new URL(request.url).searchParams.get('toolCallId') ?? undefined) : body.toolCallId;
    if (id === '' || (toolCallId !== undefined && toolCallId === '')) return notFound();
    const target: ControlTarget = toolCallId === undefined ? { kind: 'request', requestId: id } : { kind: 'call', taskId: id, toolCallId };
    const access: ProxyAccess =
      target.kind === 'call'
        ? { identity, endpoint: 'control', taskId: target.taskId, toolCallId: target.toolCallId }
        : { identity, endpoint: 'control', requestId: target.requestId };
    if (!(await deps.isAuthorized(seen, access))) return errorEnvelope(403, 'Forbidden');

    // A release is asked of the service afresh: one that comes as the run ends (the page's hand-off
    // went with it) is the end of the hand-off, not a hand-back.
    const fresh = body?.action === 'release';
    const standing =
      target.kind === 'call' ? await callStanding(identity, target, fresh) : await requestStanding(identity, target.requestId);
    const { team } = identity;
    try {
      const refused = await refusal(team, target, standing);
      if (refused !== undefined) return refused;
      const data = (holder: unknown, you?: boolean) =>
        Response.json(
          { success: true, data: { holder, ttlMs: leases.ttlMs, ...(you === undefined ? {} : { you }) } },
          { headers: { 'cache-control': 'no-store' } },
        );
      if (body === undefined) return data(await leases.holder(team, target));
      if (body.action === 'release') return data(await leases.release(identity, team, target, body.lease), false);
      // A new holding of a call is granted on the service's word of now, not of the last second: a
      // page renewing control of a call that just ended must not take it afresh.
      const confirm = async () => {
        const current = target.kind === 'call' ? await callStanding(identity, target, true) : ('open' as const);
        return current === 'open' || ((await refusal(team, target, current)) ?? unavailable());
      };
      const taken = await leases.take(identity, team, target, body.lease, confirm);
      if (typeof taken === 'object' && 'refused' in taken) return taken.refused;
      if (taken === 'retry') return errorEnvelope(503, 'Control is changing hands; try again.', { retryAfter: '1' });
      if ('heldBy' in taken)
        return errorEnvelope(409, `${taken.heldBy.user} has control`, { code: CONTROL_HELD_CODE, fields: { details: taken.heldBy } });
      return data(taken.holder, true);
    } catch (error) {
      deps.onStoreError(error);
      return unavailable();
    }
  }

  /** The answer for a hand-off that is not open to the caller (ended: whoever held it no longer does); `undefined` while it is. */
  async function refusal(team: string, target: ControlTarget, standing: Standing): Promise<Response | undefined> {
    if (standing instanceof Response) return standing;
    if (standing === 'none') return notFound();
    if (standing === 'open') return undefined;
    await leases.end(team, target);
    return ended();
  }

  return { route, forget, requestChanged };
}

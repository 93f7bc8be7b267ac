import { ANSWER_IN_DOUBT_CODE, errorEnvelope, readLimited } from '../../client';
import { MAX_HUMAN_REQUEST_ID_LENGTH, REQUEST_ALREADY_ANSWERED, REQUEST_ENDED, type RequestListingState } from '../../request';
import { isRecord } from '../../utils';
import { AnswerSealingError } from './answer-sealing';
import { checkHumanAnswer } from './check-human-answer';
import { readStrictJson } from '../forward/strict-json';
import { describeError } from '../logger';
import {
  EXPIRED_ACTION,
  isCallersQuestion,
  NO_ANSWER,
  pageIdOf,
  randomId,
  replaceRecord,
  requestOf,
  storeIdOf,
  type RequestsContext,
} from './request-records';
import type { StoredRequest } from '../stores/request-store';
import type { ProxyIdentity } from '../task-proxy-options';
import type { RequestRouteAccess } from './request-list-route';
import type { ProxyAnswerVia } from '../teams/audit-log';

/** While an answer waits for its source, how often the record is read again besides the store's change events. */
const RECHECK_MS = 500;

/**
 * Hears of changes of one request's record (the store's `onRequestChange`, on this instance) from
 * the moment it is made: `wait` resolves at the next change, at once if one came since the last
 * `wait`, or after `ms`.
 */
export type ChangeWatcher = (id: string) => { wait: (ms: number) => Promise<void>; stop: () => void };

/**
 * `POST {basePath}/requests/{id}/answer`: the caller's team's request, answered exactly once (see
 * `requests-protocol.ts` for what each status says), through `takeAnswer`, the one path of every
 * way to answer. `authorize` is asked once the request is found to be the caller's.
 */
export async function answerRequestRoute(
  ctx: RequestsContext,
  access: RequestRouteAccess,
  watchChanges: ChangeWatcher,
  request: Request,
  id: string,
): Promise<Response> {
  const read = await readLimited(request, access.maxBodyBytes).catch(() => 'unreadable' as const);
  if (read === 'unreadable') return errorEnvelope(400, 'The request body could not be read');
  if (read === 'too-large') return errorEnvelope(413, `Request body larger than ${access.maxBodyBytes} bytes`);
  // `identify` and `authorize` get a copy with the bytes: a hook that reads the body leaves the answer its own.
  const seen = new Request(request, { body: read as BodyInit });
  const identity = await access.identifyCaller(seen);
  if (identity instanceof Response) return identity;
  return takeAnswer(ctx, access, watchChanges, {
    identity,
    id,
    via: 'page',
    async read() {
      if (!(await access.isAuthorized(seen, { identity, endpoint: 'answerRequest', requestId: id })))
        return errorEnvelope(403, 'Forbidden');
      const parsed = readStrictJson(request.headers.get('content-type'), read, 'The answer');
      return parsed instanceof Response ? parsed : parsed.value;
    },
  });
}

/** One answer to one request, however it came. */
export interface AnswerAttempt {
  /** Who answers: the request must be their team's (and theirs, when it is for one user). */
  readonly identity: ProxyIdentity;
  /** The request's id as pages know it (`pageIdOf`). */
  readonly id: string;
  /** How it came, for the audit trail. */
  readonly via: ProxyAnswerVia;
  /**
   * The answer (any JSON value, checked here), read once the request is found to be the caller's;
   * a `Response` refuses it (403 from `authorize`, a body that is not JSON).
   */
  readonly read: () => Promise<unknown>;
}

/**
 * The one way an answer is taken, whichever channel brought it (a page, an e-mail's link): checked
 * (`checkHumanAnswer`) before anything is written, sealed before it reaches the store, written once
 * by the record's compare-and-set (the first answer wins; every other hears 409 with who answered),
 * then waited for until the source has it (200; 202 for a durable request's answer kept for later,
 * never a 2xx for one nobody can take). Every outcome is in the audit trail with `via`, never the
 * answer's values.
 */
export async function takeAnswer(
  ctx: RequestsContext,
  access: Pick<RequestRouteAccess, 'recordAudit' | 'teams'>,
  watchChanges: ChangeWatcher,
  attempt: AnswerAttempt,
): Promise<Response> {
  const response = await answer(ctx, watchChanges, attempt);
  const recorded = access.recordAudit(attempt.identity, 'answer_request', response, {
    taskId: '',
    requestId: attempt.id.slice(0, MAX_HUMAN_REQUEST_ID_LENGTH),
    via: attempt.via,
  });
  // With teams, what a person was told is in the trail before they hear it.
  if (access.teams) return recorded;
  recorded.catch(ctx.onStoreError);
  return response;
}

async function answer(ctx: RequestsContext, watchChanges: ChangeWatcher, { identity, id, via, read }: AnswerAttempt): Promise<Response> {
  if (ctx.closed()) return errorEnvelope(503, 'This proxy is shutting down', { retryAfter: '1' });
  if (id === '' || id.length > MAX_HUMAN_REQUEST_ID_LENGTH) return errorEnvelope(404, 'Request not found');
  // The page's id names one question; the store keeps a keyed request's questions under one key.
  const storeId = storeIdOf(id);
  let record: StoredRequest | undefined;
  try {
    [record] = await ctx.store.readRequests([storeId]);
  } catch (error) {
    ctx.onStoreError(error);
    return unavailable();
  }
  // Another team's request (or user's), an unknown one, and an earlier question of a key look the same.
  if (!isCallersQuestion(record, id, identity)) return errorEnvelope(404, 'Request not found');
  const parsed = await read();
  if (parsed instanceof Response) return parsed;
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      const settled = await ended(ctx, record);
      if (settled !== undefined) return settled;
      const request = requestOf(record);
      if (request === undefined) return errorEnvelope(404, 'Request not found');
      const problem = checkHumanAnswer(request, parsed);
      if (problem !== undefined) return errorEnvelope(400, problem);
      const now = ctx.now();
      const answerId = randomId();
      // The body as checked: `checkHumanAnswer` took no field besides the answer's own.
      const sealedAnswer = await ctx.sealer.seal(storeId, JSON.stringify(parsed));
      const patch = {
        ...NO_ANSWER,
        state: 'answered' as const,
        answerId,
        sealedAnswer,
        answerAction: isRecord(parsed) ? String(parsed.action) : '',
        answeredBy: identity.user,
        answeredVia: via,
        endedAt: now,
      };
      const watch = watchChanges(storeId);
      try {
        const taken = await replaceRecord(ctx.store, record, patch, now);
        if (taken !== undefined) {
          ctx.stats.answeredAfter(record.team, record.source, now - record.openedAt);
          ctx.notifier.ended(id);
          return await delivered(ctx, watch.wait, taken);
        }
      } finally {
        watch.stop();
      }
      // Another answer (or a cancel, the deadline) came first: say which.
      const [again] = await ctx.store.readRequests([storeId]);
      if (again === undefined || pageIdOf(again) !== id) return errorEnvelope(404, 'Request not found');
      record = again;
    }
    return unavailable();
  } catch (error) {
    if (error instanceof AnswerSealingError) {
      ctx.logger.error(`an answer could not be sealed: ${describeError(error)}`);
      return errorEnvelope(500, `The proxy cannot take answers: ${error.message}`);
    }
    ctx.onStoreError(error);
    return unavailable();
  }
}

const unavailable = () => errorEnvelope(503, 'The proxy cannot reach its store now; try again.', { retryAfter: '1' });

/** 409 or 410 when `record` no longer takes an answer; undefined while it does (its opener checked first). */
async function ended(ctx: RequestsContext, record: StoredRequest): Promise<Response | undefined> {
  if (record.state === 'answered' || record.state === 'delivered') {
    if (record.answerAction === EXPIRED_ACTION) return gone('expired');
    return alreadyAnswered(record);
  }
  if (record.state !== 'open') return gone(record.state);
  if (!record.durable && record.opener !== ctx.owner) {
    const [live] = await ctx.store.liveOwners([record.opener]);
    if (live !== true) {
      const at = ctx.now();
      await replaceRecord(ctx.store, record, { state: 'unanswerable', endedAt: at }, at);
      return gone('unanswerable');
    }
  }
  return undefined;
}

function alreadyAnswered(record: StoredRequest): Response {
  return errorEnvelope(409, 'This request was already answered', {
    code: REQUEST_ALREADY_ANSWERED,
    fields: { answeredBy: record.answeredBy ?? '', answeredAt: new Date(record.endedAt ?? 0).toISOString() },
  });
}

function gone(state: RequestListingState): Response {
  const said = state === 'cancelled' ? 'was cancelled' : state === 'expired' ? 'expired' : 'can no longer be answered: its source is gone';
  return errorEnvelope(410, `This request ${said}`, { code: REQUEST_ENDED, fields: { state } });
}

/**
 * Waits, at most `answerWaitMs`, until the source has the answer `taken` holds: 200 once it is
 * delivered; 410 when its opener went away first; at the bound, 202 for a durable request (kept,
 * delivered later) and 504 `answer_in_doubt` for another whose opener still runs.
 */
async function delivered(ctx: RequestsContext, waitForChange: (ms: number) => Promise<void>, taken: StoredRequest): Promise<Response> {
  const until = ctx.now() + ctx.answerWaitMs;
  let record: StoredRequest | undefined = taken;
  for (;;) {
    if (record === undefined) return errorEnvelope(503, 'The proxy lost this request; try again.', { retryAfter: '1' });
    const ours = record.answerId === taken.answerId;
    if (record.state === 'delivered' && ours) return Response.json({ success: true, data: { delivered: true } });
    if (record.state === 'open') return errorEnvelope(503, 'The answer did not reach the source; try again.', { retryAfter: '1' });
    if (record.state !== 'answered' || !ours) return (await ended(ctx, record)) ?? gone('unanswerable');
    const left = until - ctx.now();
    if (!record.durable && record.opener !== ctx.owner) {
      const [live] = await ctx.store.liveOwners([record.opener]);
      if (live !== true) {
        const at = ctx.now();
        if ((await replaceRecord(ctx.store, record, { ...NO_ANSWER, state: 'unanswerable', endedAt: at }, at)) !== undefined)
          return gone('unanswerable');
        [record] = await ctx.store.readRequests([taken.id]);
        continue;
      }
    }
    if (left <= 0) {
      if (record.durable) return Response.json({ success: true, data: { delivered: false } }, { status: 202 });
      return errorEnvelope(504, 'The source has not taken the answer yet; whether it will is not known', { code: ANSWER_IN_DOUBT_CODE });
    }
    await waitForChange(Math.min(RECHECK_MS, left));
    [record] = await ctx.store.readRequests([taken.id]);
  }
}

import { ALREADY_ANSWERED_CODE, ANSWER_IN_DOUBT_CODE, errorEnvelope } from '../../client';
import { createHmacSha256 } from '../hmac';
import type { AnswerRecord, ProxyStore } from '../stores/proxy-store';

/** Longest `toolCallId` the gate takes. */
export const MAX_TOOL_CALL_ID_LENGTH = 1024;

/** Longest `Idempotency-Key` the gate takes. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** One `tool-input` request, its body already checked. */
export interface AnswerRequest {
  readonly taskId: string;
  /** The run the request names (`?runId=`); `undefined` for the task's most recent run. */
  readonly runId: string | undefined;
  readonly toolCallId: string;
  readonly input: string;
  /** The request's `Idempotency-Key`; `undefined` without one. */
  readonly key: string | undefined;
  /** The browser went away: stop waiting for another answer's outcome. */
  readonly signal: AbortSignal;
}

/**
 * What came of forwarding an answer: `applied` (a 2xx the service did not call a failure), `refused`
 * (the service answered, and did not take it), `unsent` (it never left: the connection was refused),
 * or `unknown` (a time-out, a 5xx, a connection lost after sending: it may have been applied).
 */
export type AnswerDelivery = 'applied' | 'refused' | 'unsent' | 'unknown';

/** A forward's response and what it says of the answer. */
export interface ForwardedAnswer {
  readonly response: Response;
  readonly delivery: AnswerDelivery;
  /** For `unknown`: the service did not answer in time (504), rather than answering badly (502). */
  readonly timedOut?: boolean;
}

/** How many answers ended how, since the proxy started. */
export interface AnswerStats {
  /** Forwarded and applied. */
  readonly accepted: number;
  /** A repeat of an applied or doubtful answer (same key and body), answered from the record. */
  readonly replayed: number;
  /** Refused with 409: the call was answered, or the service shows no such call pending. */
  readonly alreadyAnswered: number;
  /** Answered 502/503/504 `answer_in_doubt`. */
  readonly inDoubt: number;
  /** Forwarded, and refused by the service. */
  readonly refused: number;
  /** Answered 503 because the shared store or the run's status could not be read. */
  readonly unavailable: number;
}

export interface AnswerGateOptions {
  store: ProxyStore;
  /** This instance, as its claims name it. */
  owner: string;
  /**
   * How long after an answer fell in doubt the run's status still showing the call means it was not
   * applied: at least the upstream time-out, since the service may still be working on it.
   */
  settleMs: number;
  /** How long a forward may take in all (its time-out and reading its answer). */
  forwardMs: number;
  /** How long an applied answer is remembered. */
  answeredTtlMs: number;
  /**
   * A secret every instance holds and the store does not (the API key): the records keep only an
   * HMAC of an answer's `input` under it, so whoever reads the store cannot try every 6-digit code
   * against them.
   */
  recordKey: string;
  /**
   * The call the run's status shows pending now (`null`: none), from the service itself. Rejects
   * when the status cannot be read.
   */
  readPendingCall(taskId: string, runId: string | undefined): Promise<string | null>;
  /** Called once an answer was applied (or found applied). */
  onAnswered: (taskId: string) => void;
  onStoreError: (error: unknown) => void;
  /** How long a `sending` claim lives without renewal: another instance settles a dead one's answer after it. Default: 3000. */
  leaseMs?: number;
  /** Longest wait for the shared store, per call. Default: 3000. */
  storeTimeoutMs?: number;
  /** The clock. Default: `Date.now`. */
  now?: () => number;
}

/** Forwards one `tool-input` request; the gate decides whether it may. */
export interface AnswerGate {
  (request: AnswerRequest, forward: () => Promise<ForwardedAnswer>): Promise<Response>;
  stats(): AnswerStats;
}

/** Answers kept on this instance besides the store, so a store that forgets still has a witness here. */
const LOCAL_ANSWERS = 10_000;

class StoreUnavailable extends Error {}

/**
 * Exactly once, whatever fails. The run's status is the last word: an answer is forwarded only
 * while the service shows its call pending, and only by the request that claimed the call in the
 * store. An answer whose outcome the proxy did not see (a time-out, a 5xx, an instance that died
 * mid-way) is *in doubt*: no other answer is forwarded until the status settles it (the call gone:
 * applied; still pending a settle period later: not applied). A claim is never freed because a
 * lease ran out, and a store that lost its state is refilled by the instances from what they have
 * out before anything new is claimed.
 *
 * A repeat with the same `Idempotency-Key` and body gets the first outcome (waiting for it while it
 * is out); any other request for an answered call gets 409 `already_answered`, even with the same
 * input, so the gate is no oracle for guessing an answer.
 */
export function createAnswerGate(options: AnswerGateOptions): AnswerGate {
  const { store, owner, settleMs } = options;
  const now = options.now ?? (() => Date.now());
  const leaseMs = options.leaseMs ?? 3000;
  const storeTimeoutMs = options.storeTimeoutMs ?? 3000;
  const ttlMs = Math.max(options.answeredTtlMs, settleMs * 2);
  // Waiting for another answer's outcome: as long as its forward may take and its lease outlives it.
  const waitMs = options.forwardMs + leaseMs + 1000;
  /** Applied answers seen here, newest last. */
  const applied = new Map<string, { key: string; body: string; until: number }>();
  /** This instance's answers that are out or in doubt, written back to a store that lost them. */
  const mine = new Map<string, AnswerRecord>();
  const counts = { accepted: 0, replayed: 0, alreadyAnswered: 0, inDoubt: 0, refused: 0, unavailable: 0 };
  let requests = 0;
  // Domain-separated from any other use of the same secret.
  const answerHash = createHmacSha256(`hitl-react answer record\n${options.recordKey}`);

  const storeCall = <T>(call: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new StoreUnavailable('The proxy store did not answer in time')), storeTimeoutMs);
      call()
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });

  store.onAnswersReset?.(() => {
    for (const [id, record] of mine) {
      // A doubt older than the settle period is settled by the status alone.
      if (record.state === 'doubt' && record.since + settleMs <= now()) mine.delete(id);
      else void storeCall(() => store.claimAnswer(id, record, { leaseMs, ttlMs, reassert: true })).catch(options.onStoreError);
    }
  });

  function remember(id: string, record: AnswerRecord): void {
    mine.delete(id);
    mine.set(id, record);
    if (mine.size > LOCAL_ANSWERS) mine.delete(mine.keys().next().value as string);
  }

  function rememberApplied(id: string, record: AnswerRecord): void {
    applied.delete(id);
    applied.set(id, { key: record.key, body: record.body, until: now() + options.answeredTtlMs });
    if (applied.size > LOCAL_ANSWERS) applied.delete(applied.keys().next().value as string);
  }

  const sameAnswer = (record: { key: string; body: string }, key: string, body: string) =>
    key !== '' && record.key === key && record.body === body;

  function replayApplied(): Response {
    counts.replayed += 1;
    const response = Response.json({ success: true }, { headers: { 'cache-control': 'no-store' } });
    response.headers.set('idempotent-replayed', 'true');
    return response;
  }

  function alreadyAnswered(): Response {
    counts.alreadyAnswered += 1;
    return errorEnvelope(409, 'This tool call was already answered.', { code: ALREADY_ANSWERED_CODE });
  }

  function inDoubt(status: number, retryAfterMs?: number): Response {
    counts.inDoubt += 1;
    const message =
      status === 503
        ? 'Another answer to this tool call was sent and the service has not confirmed it yet; nothing was sent. Try again shortly.'
        : 'The task service did not confirm this answer: it may have been applied. The run’s status will tell; send the same answer again (same Idempotency-Key) to learn the outcome.';
    const retryAfter = retryAfterMs === undefined ? undefined : String(Math.max(1, Math.min(30, Math.ceil(retryAfterMs / 1000))));
    return errorEnvelope(
      status,
      message,
      retryAfter === undefined ? { code: ANSWER_IN_DOUBT_CODE } : { code: ANSWER_IN_DOUBT_CODE, retryAfter },
    );
  }

  function unavailable(error: string): Response {
    counts.unavailable += 1;
    return errorEnvelope(503, error, { retryAfter: '1' });
  }

  /** The answer found applied: recorded as such, and what `request` gets for it. */
  async function settledApplied(id: string, request: AnswerRequest, body: string, held: AnswerRecord): Promise<Response> {
    const record: AnswerRecord = { state: 'answered', key: held.key, body: held.body, owner, since: now() };
    if (await storeCall(() => store.replaceAnswer(id, held, record, ttlMs))) options.onAnswered(request.taskId);
    mine.delete(id);
    rememberApplied(id, record);
    return sameAnswer(held, request.key ?? '', body) ? replayApplied() : alreadyAnswered();
  }

  /**
   * A record in doubt (or a `sending` one whose owner stopped renewing it): the run's status
   * decides. `undefined` when the call was freed and the request may claim it.
   */
  async function settleDoubt(id: string, request: AnswerRequest, body: string, held: AnswerRecord): Promise<Response | undefined> {
    let record = held;
    if (held.state === 'sending') {
      // Its owner went away mid-forward: the answer may have reached the service.
      record = { ...held, state: 'doubt', owner: `${held.owner}>${owner}`, since: now(), status: 502 };
      if (!(await storeCall(() => store.replaceAnswer(id, held, record, ttlMs)))) return undefined;
    }
    let pending: string | null;
    try {
      pending = await options.readPendingCall(request.taskId, request.runId);
    } catch {
      return inDoubt(503, 1000);
    }
    if (pending !== request.toolCallId) return settledApplied(id, request, body, record);
    const left = record.since + settleMs - now();
    if (left > 0) return sameAnswer(record, request.key ?? '', body) ? inDoubt(record.status ?? 502, left) : inDoubt(503, left);
    // Still pending a settle period later: the service did not apply it.
    await storeCall(() => store.replaceAnswer(id, record, null, ttlMs));
    mine.delete(id);
    return undefined;
  }

  /** This request holds the call: check the status, forward, record what came of it. */
  async function send(id: string, request: AnswerRequest, claim: AnswerRecord, forward: () => Promise<ForwardedAnswer>): Promise<Response> {
    remember(id, claim);
    let pending: string | null;
    try {
      pending = await options.readPendingCall(request.taskId, request.runId);
    } catch {
      mine.delete(id);
      await storeCall(() => store.replaceAnswer(id, claim, null, ttlMs)).catch(options.onStoreError);
      return unavailable('The proxy cannot read the run’s status to check this answer now; nothing was sent. Try again.');
    }
    if (pending !== request.toolCallId) {
      // The service shows another call, or none: this one is answered (or never was pending).
      mine.delete(id);
      await storeCall(() => store.replaceAnswer(id, claim, null, ttlMs)).catch(options.onStoreError);
      return alreadyAnswered();
    }

    const renew = setInterval(
      () => {
        void storeCall(() => store.renewAnswer(id, claim.owner, leaseMs)).catch(options.onStoreError);
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    (renew as { unref?: () => void }).unref?.();
    let forwarded: ForwardedAnswer;
    try {
      forwarded = await forward();
    } catch {
      // The forward broke somewhere after it began: the answer may have left.
      forwarded = { response: errorEnvelope(502, 'The answer could not be forwarded'), delivery: 'unknown' };
    } finally {
      clearInterval(renew);
    }

    const { delivery } = forwarded;
    let next: AnswerRecord | null = null;
    let response = forwarded.response;
    if (delivery === 'applied') {
      counts.accepted += 1;
      next = { ...claim, state: 'answered', since: now() };
      rememberApplied(id, next);
      mine.delete(id);
    } else if (delivery === 'unknown') {
      const status = forwarded.timedOut === true ? 504 : 502;
      next = { ...claim, state: 'doubt', since: now(), status };
      remember(id, next);
      response = inDoubt(status);
    } else {
      // Refused by the service, or never sent: the call is free for the next answer.
      counts.refused += 1;
      mine.delete(id);
    }
    // An applied answer is the truth whatever the record became meanwhile (a stalled instance's
    // claim taken for a dead one's); anything else only replaces this request's own claim.
    await storeCall(() => store.replaceAnswer(id, next?.state === 'answered' ? undefined : claim, next, ttlMs)).catch(options.onStoreError);
    if (delivery === 'applied') options.onAnswered(request.taskId);
    return response;
  }

  async function gate(request: AnswerRequest, forward: () => Promise<ForwardedAnswer>): Promise<Response> {
    const id = JSON.stringify([request.taskId, request.toolCallId]);
    const key = request.key ?? '';
    const body = answerHash(request.input);
    const local = applied.get(id);
    if (local !== undefined && local.until > now()) return sameAnswer(local, key, body) ? replayApplied() : alreadyAnswered();

    const writer = `${owner}.${(++requests).toString(36)}`;
    const deadline = now() + waitMs;
    try {
      for (;;) {
        const claim: AnswerRecord = { state: 'sending', key, body, owner: writer, since: now() };
        const found = await storeCall(() => store.claimAnswer(id, claim, { leaseMs, ttlMs }));
        if (found.claimed) {
          // Owned by this instance (the lease) and named by this request (the record).
          return await send(id, request, claim, forward);
        }
        if ('resetting' in found) {
          if (now() >= deadline) return unavailable('The proxy store is recovering; try again.');
          await storeCall(() => store.waitForAnswer(id, Math.min(deadline - now(), 250)));
          continue;
        }
        const held = found.record;
        if (held.state === 'answered') {
          rememberApplied(id, held);
          return sameAnswer(held, key, body) ? replayApplied() : alreadyAnswered();
        }
        if (held.state === 'doubt' || !found.live) {
          const settled = await settleDoubt(id, request, body, held);
          if (settled !== undefined) return settled;
          continue;
        }
        // Another request is forwarding an answer now: its outcome decides (the same answer's, too).
        const left = deadline - now();
        if (left <= 0 || request.signal.aborted) return unavailable('Another answer to this tool call is still being sent; try again.');
        await storeCall(() => store.waitForAnswer(id, Math.min(left, 1000)));
      }
    } catch (error) {
      options.onStoreError(error);
      // Without the store the proxy cannot know whether someone else answered: it sends nothing.
      return unavailable('The proxy cannot check this answer now; nothing was sent. Try again.');
    }
  }

  return Object.assign(gate, { stats: (): AnswerStats => ({ ...counts }) });
}

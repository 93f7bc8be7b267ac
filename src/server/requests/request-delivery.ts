import type { HumanAnswer } from '../../request';
import { describeError } from '../logger';
import {
  EXPIRED_ACTION,
  expiredAnswer,
  NO_ANSWER,
  randomId,
  replaceRecord,
  requestAuditEntry,
  pageIdOf,
  sourceRequestOf,
  type HeldRequest,
  type RequestsContext,
} from './request-records';
import type { StoredRequest } from '../stores/request-store';

/** How long a durable answer's deliverer holds its claim without renewing it. */
const DELIVERY_CLAIM_MS = 30_000;
/** How often a deliverer renews its claim while `onAnswer` runs. */
const CLAIM_RENEW_MS = 10_000;
/** After a failed `onAnswer`, how long before any instance tries again. */
const RETRY_DELIVERY_MS = 5000;
/** How long the live opener of a durable request has to take its answer before other instances do. */
const OPENER_FIRST_MS = 10_000;

/**
 * What an instance does when a request's record changes (heard from the store, or seen by the
 * sweep): the opener hands an answer to its promise, or settles it with a cancel or an expiry;
 * a `durable` answer is claimed, handed to `onAnswer`, and marked delivered. Each id is handled by
 * one reaction at a time on this instance; across instances the record's version decides.
 */
export function createRequestDelivery(ctx: RequestsContext) {
  const { store, owner } = ctx;
  /** Ids being handled, and whether another change came meanwhile. */
  const running = new Map<string, { again: boolean }>();

  function settle(held: HeldRequest, answer: HumanAnswer): void {
    if (ctx.held.get(held.id) !== held) return;
    ctx.held.delete(held.id);
    // The source knows its request by its own id: the answer names that one.
    held.resolve({ ...answer, requestId: held.sourceId });
  }

  /** Handles the change of `id`; a change while one runs is handled once more after it. */
  function react(id: string): void {
    const active = running.get(id);
    if (active !== undefined) {
      active.again = true;
      return;
    }
    const state = { again: false };
    running.set(id, state);
    void (async () => {
      try {
        do {
          state.again = false;
          const [record] = await store.readRequests([id]);
          if (record !== undefined && !ctx.closed()) await reactTo(record);
        } while (state.again && !ctx.closed());
      } catch (error) {
        ctx.onStoreError(error);
      } finally {
        running.delete(id);
      }
    })();
  }

  async function reactTo(record: StoredRequest): Promise<void> {
    const held = ctx.held.get(record.id);
    const mine = held !== undefined && record.opener === owner;
    if (held !== undefined) {
      if (record.state === 'cancelled') return settle(held, { requestId: record.id, action: 'cancel' });
      if (record.state === 'expired') return settle(held, expiredAnswer(record.id));
      // Written here once, and now another instance's: its source opened the same key there (a
      // restart), which takes the answer from now on. This promise ends, so the key is not held here.
      if (held.written && record.opener !== owner) return settle(held, { requestId: record.id, action: 'cancel' });
    }
    if (record.durable) {
      if (record.state === 'answered') await deliverDurable(record, mine ? held : undefined);
      return;
    }
    if (!mine) {
      // Opened here, and no longer held (settled, or a cancel whose write failed): nobody here will take an answer.
      if (record.opener === owner && (record.state === 'open' || record.state === 'answered')) await markUnanswerable(record);
      return;
    }
    if (record.state === 'answered') await deliverToOpener(record, held);
    // Its heartbeat lapsed while this instance still runs (a long pause): it takes answers again.
    else if (record.state === 'unanswerable')
      await replaceRecord(store, record, { ...NO_ANSWER, state: 'open', endedAt: undefined }, ctx.now());
  }

  /** The opener of a request that is not durable hands the answer to its promise; the delivered record decides that it does so once. */
  async function deliverToOpener(record: StoredRequest, held: HeldRequest): Promise<void> {
    let answer: HumanAnswer;
    try {
      answer = JSON.parse(await ctx.sealer.open(record.id, record.sealedAnswer ?? '')) as HumanAnswer;
    } catch (error) {
      // Sealed under another API key, or changed: the request takes a new answer (the answering page hears it did not arrive).
      ctx.logger.error(`the answer to request ${JSON.stringify(record.id)} could not be opened: ${describeError(error)}`);
      await replaceRecord(store, record, { ...NO_ANSWER, state: 'open', endedAt: undefined }, ctx.now());
      return;
    }
    const delivered = await replaceRecord(store, record, { state: 'delivered', sealedAnswer: undefined }, ctx.now());
    if (delivered !== undefined) settle(held, answer);
  }

  /**
   * Claims a durable answer (its live opener first; another instance once the opener is gone or
   * left it for `OPENER_FIRST_MS`), hands it to `onAnswer` and to the promise this instance holds,
   * then marks it delivered. The claim is renewed while `onAnswer` runs.
   */
  async function deliverDurable(record: StoredRequest, held: HeldRequest | undefined): Promise<void> {
    if (ctx.onAnswer === undefined && held === undefined) return;
    const now = ctx.now();
    if (record.deliverUntil !== undefined && record.deliverUntil > now) return;
    if (held === undefined && record.opener !== owner && now - (record.endedAt ?? 0) < OPENER_FIRST_MS) {
      const [openerLive] = await store.liveOwners([record.opener]);
      if (openerLive === true) return;
    }
    let current = await replaceRecord(store, record, { deliverer: owner, deliverUntil: now + DELIVERY_CLAIM_MS }, now);
    if (current === undefined) return;
    let answer: HumanAnswer;
    try {
      answer =
        record.answerAction === EXPIRED_ACTION
          ? expiredAnswer(record.id)
          : (JSON.parse(await ctx.sealer.open(record.id, record.sealedAnswer ?? '')) as HumanAnswer);
    } catch (error) {
      // Another instance (with the key it was sealed under) takes it once this claim lapses.
      ctx.logger.error(`the answer to request ${JSON.stringify(record.id)} could not be opened: ${describeError(error)}`);
      return;
    }
    let renewing = Promise.resolve();
    const renew = setInterval(() => {
      renewing = renewing.then(async () => {
        const claimed = current;
        if (claimed === undefined) return;
        const at = ctx.now();
        current = (await replaceRecord(store, claimed, { deliverUntil: at + DELIVERY_CLAIM_MS }, at).catch(() => claimed)) ?? claimed;
      });
    }, CLAIM_RENEW_MS);
    (renew as { unref?: () => void }).unref?.();
    const request = sourceRequestOf(record);
    if (request !== undefined) answer = { ...answer, requestId: request.id };
    try {
      if (ctx.onAnswer !== undefined && request !== undefined)
        await ctx.onAnswer(request, answer, { id: record.id, team: record.team, ...(record.key === undefined ? {} : { key: record.key }) });
    } catch (error) {
      clearInterval(renew);
      await renewing;
      ctx.logger.error(`requests.onAnswer failed for request ${JSON.stringify(record.id)}: ${describeError(error)}`);
      const at = ctx.now();
      await replaceRecord(store, current, { deliverUntil: at + RETRY_DELIVERY_MS }, at).catch(ctx.onStoreError);
      return;
    }
    clearInterval(renew);
    await renewing;
    if (held !== undefined) settle(held, answer);
    // Tried again while the store fails: a claim left to lapse would hand the answer to `onAnswer` once more.
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const done = await replaceRecord(
          store,
          current,
          { state: 'delivered', sealedAnswer: undefined, deliverer: undefined, deliverUntil: undefined },
          ctx.now(),
        );
        if (done === undefined) ctx.logger.warn(`request ${JSON.stringify(record.id)} changed while its answer was delivered`);
        return;
      } catch (error) {
        ctx.onStoreError(error);
        await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
      }
    }
  }

  /** Nobody can take an answer to `record` any more (its opener is gone): pages say so, an answer gets 410. */
  async function markUnanswerable(record: StoredRequest): Promise<void> {
    const at = ctx.now();
    if ((await replaceRecord(store, record, { ...NO_ANSWER, state: 'unanswerable', endedAt: at }, at)) !== undefined)
      ctx.notifier.ended(pageIdOf(record));
  }

  /** The deadline of `record` passed: its source gets `{ action: 'cancel', expired: true }` (a durable one through `onAnswer`). */
  async function expire(record: StoredRequest): Promise<void> {
    const at = ctx.now();
    const patch: Partial<StoredRequest> = record.durable
      ? { ...NO_ANSWER, state: 'answered', answerId: randomId(), answerAction: EXPIRED_ACTION, endedAt: at }
      : { ...NO_ANSWER, state: 'expired', endedAt: at };
    if ((await replaceRecord(store, record, patch, at)) === undefined) return;
    ctx.stats.expired += 1;
    ctx.notifier.ended(pageIdOf(record));
    await ctx.audit(requestAuditEntry('expire_request', record));
    react(record.id);
  }

  return { react, settle, markUnanswerable, expire };
}

export type RequestDelivery = ReturnType<typeof createRequestDelivery>;

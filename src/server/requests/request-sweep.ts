import { NO_NOTIFIER } from '../notify/notifier';
import type { RequestDelivery } from './request-delivery';
import { pageIdOf, requestOf, waitingItem, type HeldRequest, type RequestsContext } from './request-records';
import type { StoredRequest } from '../stores/request-store';

/**
 * One pass over every team's requests, on each instance every second: deadlines passed, openers
 * gone, durable answers whose deliverer's claim lapsed, the notifier told what waits and what
 * ended, and this instance's own open requests written again where the store lost them (a Redis
 * restarted empty). One `listRequests` per pass; the record's version decides every change, so
 * instances sweeping at once do each thing once.
 */
export async function sweepRequests(
  ctx: RequestsContext,
  delivery: RequestDelivery,
  /** Writes a request this instance holds again, as `open` did. */
  rewrite: (held: HeldRequest) => Promise<void>,
): Promise<void> {
  const { store, owner } = ctx;
  const records = await store.listRequests(undefined, ctx.endedKeepMs);
  const now = ctx.now();
  const live = await liveOpeners(ctx, records);
  const seen = new Set<string>();
  for (const record of records) {
    seen.add(record.id);
    if (record.state === 'open' && record.expiresAt !== undefined && record.expiresAt <= now) {
      await delivery.expire(record);
      continue;
    }
    const waitingFor = record.state === 'open' || record.state === 'answered';
    if (waitingFor && !record.durable && live.get(record.opener) === false) {
      await delivery.markUnanswerable(record);
      continue;
    }
    if (record.state === 'open') {
      // Read only for a notifier that sends something: a thousand open requests are parsed every second otherwise.
      const request = ctx.notifier === NO_NOTIFIER ? undefined : requestOf(record);
      if (request !== undefined) ctx.notifier.notice(waitingItem(record, request));
    } else ctx.notifier.ended(pageIdOf(record));
    // What this instance may have missed of the store's changes: its own requests, and durable answers to deliver.
    const held = ctx.held.has(record.id);
    const orphan = !held && !record.durable && record.opener === owner && waitingFor;
    const toDeliver = record.state === 'answered' && record.durable && (held || ctx.onAnswer !== undefined);
    if ((held && record.state !== 'open' && record.state !== 'delivered') || orphan || toDeliver) delivery.react(record.id);
  }
  const missing = [...ctx.held.values()].filter((held) => !seen.has(held.id));
  if (missing.length === 0) return;
  const found = await store.readRequests(missing.map((held) => held.id));
  for (const [index, held] of missing.entries()) {
    if (found[index] !== undefined) {
      delivery.react(held.id);
      continue;
    }
    // The store lost it (or its first write failed): written again, open, as `open` wrote it.
    await rewrite(held);
  }
}

/** Whether the opener of each record that waits still runs (this instance: until it is closed). */
async function liveOpeners(ctx: RequestsContext, records: readonly StoredRequest[]): Promise<Map<string, boolean>> {
  const live = new Map<string, boolean>([[ctx.owner, !ctx.closed()]]);
  const others = [
    ...new Set(
      records
        .filter((record) => (record.state === 'open' || record.state === 'answered') && record.opener !== ctx.owner)
        .map((r) => r.opener),
    ),
  ];
  if (others.length === 0) return live;
  const answers = await ctx.store.liveOwners(others);
  for (const [index, opener] of others.entries()) live.set(opener, answers[index] === true);
  return live;
}

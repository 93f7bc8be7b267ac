import type { RequestStore, StoredPushSubscription, StoredRequest } from './request-store';

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

const FINAL: ReadonlySet<string> = new Set(['delivered', 'cancelled', 'expired', 'unanswerable']);

/** Whether a request's record no longer changes (an `answered` one still does: it is delivered next). */
export const isFinalRequestState = (state: string) => FINAL.has(state);

/**
 * The requests' part of the memory store: everything in this process. Listeners hear of a change in
 * a later microtask, as they would from a shared store.
 */
export function createMemoryRequestStore(now: () => number): RequestStore {
  const requests = new Map<string, Expiring<StoredRequest>>();
  const owners = new Map<string, number>();
  const once = new Map<string, number>();
  const agreed = new Map<string, Expiring<string>>();
  const notes = new Map<string, Expiring<string>>();
  const pushes = new Map<string, Expiring<StoredPushSubscription>>();
  const listeners = new Set<(id: string) => void>();

  const live = (id: string): StoredRequest | undefined => {
    const entry = requests.get(id);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > now()) return entry.value;
    requests.delete(id);
    return undefined;
  };
  const changed = (id: string) => {
    for (const listener of [...listeners]) queueMicrotask(() => listener(id));
  };

  return {
    putRequest(record, ttlMs) {
      const held = live(record.id);
      if (held !== undefined) return Promise.resolve(held);
      requests.set(record.id, { value: record, expiresAt: now() + ttlMs });
      changed(record.id);
      return Promise.resolve(record);
    },

    readRequests: (ids) => Promise.resolve(ids.map(live)),

    replaceRequest(next, expectedVersion, ttlMs) {
      const held = live(next.id);
      if (held === undefined || held.version !== expectedVersion) return Promise.resolve(false);
      requests.set(next.id, { value: next, expiresAt: now() + ttlMs });
      changed(next.id);
      return Promise.resolve(true);
    },

    listRequests(team, endedKeepMs) {
      const at = now();
      const found: StoredRequest[] = [];
      for (const id of [...requests.keys()]) {
        const record = live(id);
        if (record === undefined || (team !== undefined && record.team !== team)) continue;
        if (isFinalRequestState(record.state) && at - (record.endedAt ?? 0) >= endedKeepMs) continue;
        found.push(record);
      }
      return Promise.resolve(found.sort((a, b) => a.openedAt - b.openedAt));
    },

    onRequestChange(listener) {
      const own = (id: string) => listener(id);
      listeners.add(own);
      return Promise.resolve(() => {
        listeners.delete(own);
        return Promise.resolve();
      });
    },

    agreeOn(name, value, ttlMs) {
      const held = agreed.get(name);
      if (held !== undefined && held.expiresAt > now() && held.value !== value) return Promise.resolve(held.value);
      agreed.set(name, { value, expiresAt: now() + ttlMs });
      return Promise.resolve(value);
    },

    heartbeat(owner, ttlMs) {
      owners.set(owner, now() + ttlMs);
      return Promise.resolve();
    },

    liveOwners: (list) => Promise.resolve(list.map((owner) => (owners.get(owner) ?? 0) > now())),

    claimOnce(key, ttlMs) {
      const at = now();
      if ((once.get(key) ?? 0) > at) return Promise.resolve(false);
      once.set(key, at + ttlMs);
      if (once.size > 10_000) for (const [other, until] of once) if (until <= at) once.delete(other);
      return Promise.resolve(true);
    },

    hasClaim: (key) => Promise.resolve((once.get(key) ?? 0) > now()),

    keepNote(name, value, ttlMs) {
      const at = now();
      notes.set(name, { value, expiresAt: at + ttlMs });
      if (notes.size > 10_000) for (const [other, note] of notes) if (note.expiresAt <= at) notes.delete(other);
      return Promise.resolve();
    },

    readNote(name) {
      const note = notes.get(name);
      return Promise.resolve(note !== undefined && note.expiresAt > now() ? note.value : undefined);
    },

    savePushSubscription(subscription, ttlMs) {
      pushes.set(subscription.endpoint, { value: subscription, expiresAt: now() + ttlMs });
      return Promise.resolve();
    },

    listPushSubscriptions(team, user) {
      const at = now();
      const found: StoredPushSubscription[] = [];
      for (const [endpoint, { value, expiresAt }] of pushes) {
        if (expiresAt <= at) pushes.delete(endpoint);
        else if (value.team === team && (user === undefined || value.user === user)) found.push(value);
      }
      return Promise.resolve(found);
    },

    removePushSubscription(endpoint) {
      pushes.delete(endpoint);
      return Promise.resolve();
    },
  };
}

import { parseJsonRecord } from '../../utils';
import { isFinalRequestState } from '../stores/memory-request-store';
import type { RequestStore, StoredPushSubscription, StoredRequest, StoredRequestState } from '../stores/request-store';
import type { RedisClient } from './redis-connections';
import {
  AGREE_ON,
  FORGET_REQUESTS,
  LIST_PUSH_SUBSCRIPTIONS,
  PUT_REQUEST,
  REPLACE_REQUEST,
  SAVE_PUSH_SUBSCRIPTION,
} from './redis-request-scripts';

/** What the requests' part takes from the Redis proxy store. */
interface RedisRequestStoreOptions {
  /** Put before every key and channel (the store's `prefix`). */
  prefix: string;
  /** The command connection, made (or failed) before it resolves; its calls reject while Redis is away. */
  client: () => Promise<RedisClient>;
  /** The subscription connection, the same way. */
  subscriber: () => Promise<RedisClient>;
}

const STATES: ReadonlySet<string> = new Set<StoredRequestState>(['open', 'answered', 'delivered', 'cancelled', 'expired', 'unanswerable']);

/**
 * The requests' part of the Redis proxy store. Each request is one key (its JSON, with its
 * time-to-live), listed in a sorted set of its team's and one of every team's, by `openedAt`: a
 * listing is one range and one multiple get, however many requests there are. Writes are scripts
 * (a record, its indexes and the news of it change in one step), and the ids of the requests
 * written go out on one channel, which every instance's store listens to once.
 */
export function createRedisRequestStore({ prefix, client, subscriber }: RedisRequestStoreOptions): RequestStore {
  const key = {
    request: (id: string) => `${prefix}request:${id}`,
    allRequests: `${prefix}requests-all`,
    teamRequests: (team: string) => `${prefix}requests-of:${team}`,
    changes: `${prefix}requests`,
    alive: (owner: string) => `${prefix}alive:${owner}`,
    once: (name: string) => `${prefix}once:${name}`,
    agreed: (name: string) => `${prefix}agreed:${name}`,
    note: (name: string) => `${prefix}note:${name}`,
    push: (endpoint: string) => `${prefix}push:${endpoint}`,
    teamPushes: (team: string) => `${prefix}push-of:${team}`,
  };

  // One subscription to the channel for every listener of this store, kept until the store closes:
  // taking a listener off then never waits for Redis (an unsubscribe sent during an outage would
  // wait for its return).
  const listeners = new Set<(id: string) => void>();
  const dispatch = (id: string) => {
    // Each in a microtask of its own, as the memory store calls them: one that throws stops no other.
    for (const listener of [...listeners]) queueMicrotask(() => listener(id));
  };
  let subscribed: Promise<void> | undefined;
  const subscribe = () =>
    (subscribed ??= (async () => {
      await (await connectedSubscriber()).subscribe(key.changes, dispatch);
    })().catch((error: unknown) => {
      subscribed = undefined;
      throw error;
    }));
  /** A subscription command is queued while the connection is away (not refused, as others are): it would wait for Redis's return. */
  const connectedSubscriber = async () => {
    const connection = await subscriber();
    if (!connection.isReady) throw new Error('Redis is not connected');
    return connection;
  };

  return {
    async putRequest(record, ttlMs) {
      const redis = await client();
      const held = await redis.eval(PUT_REQUEST, {
        keys: [key.request(record.id), key.allRequests, key.teamRequests(record.team)],
        arguments: [JSON.stringify(record), ms(ttlMs), String(record.openedAt), record.id, key.changes],
      });
      if (held === null) return record;
      const found = readStoredRequest(held);
      if (found === undefined) throw new Error('Redis holds a request record of another shape');
      return found;
    },

    async readRequests(ids) {
      if (ids.length === 0) return [];
      const redis = await client();
      return (await redis.mGet(ids.map(key.request))).map(readStoredRequest);
    },

    async replaceRequest(next, expectedVersion, ttlMs) {
      const redis = await client();
      const reply = await redis.eval(REPLACE_REQUEST, {
        keys: [key.request(next.id), key.allRequests, key.teamRequests(next.team)],
        arguments: [
          String(expectedVersion),
          JSON.stringify(next),
          ms(ttlMs),
          String(next.openedAt),
          next.id,
          key.changes,
          key.teamRequests(''),
        ],
      });
      return reply === 1;
    },

    async listRequests(team, endedKeepMs) {
      const redis = await client();
      const ids = await redis.zRange(team === undefined ? key.allRequests : key.teamRequests(team), 0, -1);
      if (ids.length === 0) return [];
      const values = await redis.mGet(ids.map(key.request));
      const at = Date.now();
      const found: StoredRequest[] = [];
      // Triples for FORGET_REQUESTS: id, the version read ('' for none), its team's index.
      const stale: string[] = [];
      ids.forEach((id, index) => {
        const record = readStoredRequest(values[index]);
        if (record === undefined) stale.push(id, '', team === undefined ? '' : key.teamRequests(team));
        else if (isFinalRequestState(record.state) && at - (record.endedAt ?? 0) >= endedKeepMs)
          stale.push(id, String(record.version), key.teamRequests(record.team));
        else if (team === undefined || record.team === team) found.push(record);
      });
      if (stale.length > 0) await redis.eval(FORGET_REQUESTS, { keys: [key.allRequests], arguments: [key.request(''), ...stale] });
      // The index's order, by the score written with the record; sorted again in case a record
      // was replaced with another `openedAt` between the two reads.
      return found.sort((a, b) => a.openedAt - b.openedAt);
    },

    async onRequestChange(listener) {
      await connectedSubscriber();
      await subscribe();
      const own = (id: string) => listener(id);
      listeners.add(own);
      return () => {
        listeners.delete(own);
        return Promise.resolve();
      };
    },

    async agreeOn(name, value, ttlMs) {
      const redis = await client();
      const held = await redis.eval(AGREE_ON, { keys: [key.agreed(name)], arguments: [value, ms(ttlMs)] });
      if (typeof held !== 'string') throw new Error('Redis gave no agreed value');
      return held;
    },

    async heartbeat(owner, ttlMs) {
      const redis = await client();
      await redis.set(key.alive(owner), '1', { expiration: { type: 'PX', value: Number(ms(ttlMs)) } });
    },

    async liveOwners(owners) {
      if (owners.length === 0) return [];
      const redis = await client();
      return (await redis.mGet(owners.map(key.alive))).map((value) => value !== null);
    },

    async claimOnce(name, ttlMs) {
      const redis = await client();
      const reply = await redis.set(key.once(name), '1', { condition: 'NX', expiration: { type: 'PX', value: Number(ms(ttlMs)) } });
      return reply === 'OK';
    },

    async hasClaim(name) {
      const redis = await client();
      return (await redis.exists(key.once(name))) === 1;
    },

    async keepNote(name, value, ttlMs) {
      const redis = await client();
      await redis.set(key.note(name), value, { expiration: { type: 'PX', value: Number(ms(ttlMs)) } });
    },

    async readNote(name) {
      const redis = await client();
      const value = await redis.get(key.note(name));
      return typeof value === 'string' ? value : undefined;
    },

    async savePushSubscription(subscription, ttlMs) {
      const redis = await client();
      await redis.eval(SAVE_PUSH_SUBSCRIPTION, {
        keys: [key.push(subscription.endpoint), key.teamPushes(subscription.team)],
        arguments: [JSON.stringify(subscription), ms(ttlMs), subscription.endpoint],
      });
    },

    async listPushSubscriptions(team, user) {
      const redis = await client();
      const values = (await redis.eval(LIST_PUSH_SUBSCRIPTIONS, {
        keys: [key.teamPushes(team)],
        arguments: [key.push(''), team],
      })) as unknown[];
      return values.flatMap((value) => {
        const subscription = readPushSubscription(value);
        return subscription === undefined || (user !== undefined && subscription.user !== user) ? [] : [subscription];
      });
    },

    async removePushSubscription(endpoint) {
      const redis = await client();
      await redis.del(key.push(endpoint));
    },
  };
}

/** A time-to-live as `PX` takes it: a whole number of ms, at least 1. */
function ms(ttlMs: number): string {
  return String(Math.max(1, Math.ceil(ttlMs)));
}

/** A request's record as `putRequest` or `replaceRequest` stored it; `undefined` for none or anything else. */
function readStoredRequest(value: unknown): StoredRequest | undefined {
  const parsed = parseJsonRecord(value);
  if (parsed === undefined) return undefined;
  const { id, team, request, source, openedAt, durable, opener, state, version } = parsed;
  const strings = [id, team, request, source, opener].every((field) => typeof field === 'string');
  if (!strings || typeof openedAt !== 'number' || typeof durable !== 'boolean' || typeof version !== 'number') return undefined;
  if (typeof state !== 'string' || !STATES.has(state)) return undefined;
  return parsed as unknown as StoredRequest;
}

function readPushSubscription(value: unknown): StoredPushSubscription | undefined {
  const parsed = parseJsonRecord(value);
  if (parsed === undefined) return undefined;
  const { team, user, subscription, endpoint } = parsed;
  if (typeof team !== 'string' || typeof user !== 'string' || typeof subscription !== 'string' || typeof endpoint !== 'string')
    return undefined;
  return { team, user, subscription, endpoint };
}

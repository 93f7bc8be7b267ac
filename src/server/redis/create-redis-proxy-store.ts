import { createClient } from 'redis';
import { isRecord } from '../../utils';
import type { AnswerClaim, ProxyStore, StoredChange, TaskChannelListener } from '../proxy-store';
import { ACQUIRE_LEASE, COMMIT_CHANGE, RELEASE_LEASE } from './redis-scripts';

/** Options of `createRedisProxyStore`. */
export interface RedisProxyStoreOptions {
  /** The Redis server, e.g. `redis://user:password@redis.internal:6379/0`. Required. */
  url: string;
  /** Put before every key and channel, so several apps can share one Redis. Default: `'hitl:'`. */
  prefix?: string;
  /** Called with connection errors (the client reconnects by itself meanwhile). Default: `console.error`. */
  onError?: (error: unknown) => void;
}

/** A `ProxyStore` on Redis, with the connections to close when the proxy is done. */
export interface RedisProxyStore extends ProxyStore {
  /** Closes both connections (commands and subscriptions). */
  close(): Promise<void>;
}

type RedisClient = ReturnType<typeof createClient>;

/**
 * A `ProxyStore` on Redis, for several proxy instances behind one load balancer (give each the
 * same `url` and `prefix`): answered calls are `SET NX` with a time-to-live, one lease per run
 * decides which instance polls it, and changes reach every instance through pub/sub. Two
 * connections are opened at once: one for commands, one for subscriptions.
 *
 * ```ts
 * import { createTaskProxy } from 'hitl-react/server';
 * import { createRedisProxyStore } from 'hitl-react/server/redis';
 *
 * const proxy = createTaskProxy({ upstream, apiKey, basePath: '/api/hitl', store: createRedisProxyStore({ url: process.env.REDIS_URL! }) });
 * ```
 */
export function createRedisProxyStore(options: RedisProxyStoreOptions): RedisProxyStore {
  const prefix = options.prefix ?? 'hitl:';
  const onError = options.onError ?? ((error: unknown) => console.error('hitl-react: Redis proxy store', error));
  // Without the offline queue a command fails at once while Redis is away, instead of waiting for
  // its return: the hub then polls on its own, and streams are not held.
  const client: RedisClient = createClient({ url: options.url, disableOfflineQueue: true });
  const subscriber: RedisClient = client.duplicate();
  client.on('error', onError);
  subscriber.on('error', onError);
  const connected = Promise.all([client.connect(), subscriber.connect()]);
  // A failed connection is reported by the first method that needs it.
  connected.catch(() => undefined);
  const ready = async () => {
    await connected;
    return client;
  };
  // A connection made again may be to a Redis that lost everything (restarted, flushed) between
  // two of the hub's calls: the next call says so once, and the hub then commits its runs again.
  let readies = 0;
  let reportedReadies = 2;
  client.on('ready', () => (readies += 1));
  subscriber.on('ready', () => (readies += 1));
  /** For the hub's calls: both connections must be up, or a change committed now would reach no instance's streams. */
  const bothReady = async () => {
    await connected;
    if (!client.isReady || !subscriber.isReady) throw new Error('Redis is not connected');
    if (readies > reportedReadies) {
      reportedReadies = readies;
      throw new Error('the connection to Redis was lost and made again; what Redis kept may be gone');
    }
    return client;
  };

  const key = {
    answer: (id: string) => `${prefix}answer:${id}`,
    answers: `${prefix}answers`,
    lease: (topic: string) => `${prefix}lease:${topic}`,
    wanted: (topic: string) => `${prefix}wanted:${topic}`,
    state: (topic: string) => `${prefix}state:${topic}`,
    task: (taskId: string) => `${prefix}task:${taskId}`,
    epoch: `${prefix}epoch`,
    seq: `${prefix}seq`,
  };

  // Settlements of answers, for the waiters of this instance: one subscription for all of them.
  const waiters = new Map<string, Set<() => void>>();
  let answersChannel: Promise<void> | undefined;
  const listenToAnswers = () =>
    (answersChannel ??= connected.then(() =>
      subscriber.subscribe(key.answers, (id) => {
        const set = waiters.get(id);
        waiters.delete(id);
        for (const resolve of set ?? []) resolve();
      }),
    ));

  return {
    async claimAnswer(id, ttlMs) {
      const redis = await ready();
      for (;;) {
        if ((await redis.set(key.answer(id), 'pending', { condition: 'NX', expiration: { type: 'PX', value: ttlMs } })) === 'OK')
          return 'claimed';
        const held = await redis.get(key.answer(id));
        // Expired between the two commands: claim again.
        if (held === 'pending' || held === 'answered') return held satisfies AnswerClaim;
      }
    },

    async settleAnswer(id, outcome, ttlMs) {
      const redis = await ready();
      if (outcome === 'answered') await redis.set(key.answer(id), 'answered', { expiration: { type: 'PX', value: ttlMs } });
      else await redis.del(key.answer(id));
      await redis.publish(key.answers, id);
    },

    async waitForAnswer(id, timeoutMs) {
      await listenToAnswers();
      await new Promise<void>((resolve) => {
        let set = waiters.get(id);
        if (set === undefined) waiters.set(id, (set = new Set()));
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        set.add(done);
      });
    },

    async acquireLease(topic, owner, ttlMs) {
      const redis = await bothReady();
      return (await redis.eval(ACQUIRE_LEASE, { keys: [key.lease(topic)], arguments: [owner, String(ttlMs)] })) === 1;
    },

    async releaseLease(topic, owner, holdMs) {
      const redis = await ready();
      await redis.eval(RELEASE_LEASE, { keys: [key.lease(topic)], arguments: [owner, String(holdMs)] });
    },

    async markWanted(topics, ttlMs, keepMs) {
      if (topics.length === 0) return;
      const redis = await bothReady();
      const batch = redis.multi();
      for (const topic of topics) {
        batch.set(key.wanted(topic), '1', { expiration: { type: 'PX', value: ttlMs } });
        batch.pExpire(key.state(topic), keepMs, 'GT');
      }
      await batch.exec();
    },

    async isWanted(topic) {
      const redis = await bothReady();
      return (await redis.exists(key.wanted(topic))) === 1;
    },

    async commit(taskId, change, keepMs) {
      const redis = await bothReady();
      const reply = await redis.eval(COMMIT_CHANGE, {
        keys: [key.epoch, key.seq, key.state(change.topic), key.task(taskId)],
        arguments: [newEpoch(), change.resource, change.payload, String(keepMs), change.topic],
      });
      const stored = readChange(reply);
      if (stored === undefined) throw new Error('Redis answered a commit with something else than the change');
      return stored;
    },

    async read(topics) {
      const redis = await bothReady();
      if (topics.length === 0) return [];
      // One round-trip for every topic of a stream, not one each.
      const batch = redis.multi();
      for (const topic of topics) batch.hGetAll(key.state(topic));
      const hashes = (await batch.execAsPipeline()) as unknown as Array<Record<string, string>>;
      return hashes.flatMap((hash) => Object.values(hash).flatMap((value) => readChange(value) ?? []));
    },

    async announceAnswered(taskId) {
      const redis = await ready();
      await redis.publish(key.task(taskId), JSON.stringify({ answered: true }));
    },

    async subscribe(taskId, listener: TaskChannelListener) {
      await connected;
      const channel = key.task(taskId);
      const onMessage = (message: string) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(message);
        } catch {
          return;
        }
        if (!isRecord(parsed)) return;
        if (parsed.answered === true) listener.answered();
        const change = readChange(parsed.change);
        if (change !== undefined) listener.change(change);
      };
      await subscriber.subscribe(channel, onMessage);
      return () => subscriber.unsubscribe(channel, onMessage);
    },

    async close() {
      await connected.catch(() => undefined);
      await Promise.allSettled([subscriber.close(), client.close()]);
    },
  };
}

/** A random epoch, used only if the store has none yet (a new or flushed Redis). */
function newEpoch(): string {
  return Math.floor(Math.random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
}

/** A change as the commit script stored it; `undefined` for anything else. */
function readChange(value: unknown): StoredChange | undefined {
  let parsed: unknown;
  try {
    parsed = typeof value === 'string' ? JSON.parse(value) : undefined;
  } catch {
    return undefined;
  }
  if (!isRecord(parsed)) return undefined;
  const { topic, resource, epoch, seq, payload } = parsed;
  if (typeof topic !== 'string' || typeof epoch !== 'string' || typeof seq !== 'number' || typeof payload !== 'string') return undefined;
  if (resource !== 'status' && resource !== 'result' && resource !== 'gif') return undefined;
  return { topic, resource, epoch, seq, payload };
}

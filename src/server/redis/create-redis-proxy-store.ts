import { createClient } from 'redis';
import { isRecord } from '../../utils';
import { isAuditEntry, type AuditEntry } from '../../client';
import type { AnswerClaim, ProxyStore, StoredChange, TaskChannelListener, TeamTask } from '../proxy-store';
import { ACQUIRE_LEASE, ASSIGN_TASK, COMMIT_CHANGE, RELEASE_LEASE } from './redis-scripts';

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
  const client: RedisClient = createClient({ url: options.url });
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

  const key = {
    answer: (id: string) => `${prefix}answer:${id}`,
    answers: `${prefix}answers`,
    lease: (topic: string) => `${prefix}lease:${topic}`,
    wanted: (topic: string) => `${prefix}wanted:${topic}`,
    state: (topic: string) => `${prefix}state:${topic}`,
    task: (taskId: string) => `${prefix}task:${taskId}`,
    epoch: `${prefix}epoch`,
    seq: `${prefix}seq`,
    owner: (taskId: string) => `${prefix}owner:${taskId}`,
    teamTasks: `${prefix}team-tasks:`,
    auditSeq: `${prefix}audit-seq`,
    teamAudit: (team: string) => `${prefix}audit:${JSON.stringify([team])}`,
    taskAudit: (team: string, taskId: string) => `${prefix}audit:${JSON.stringify([team, taskId])}`,
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
      const redis = await ready();
      return (await redis.eval(ACQUIRE_LEASE, { keys: [key.lease(topic)], arguments: [owner, String(ttlMs)] })) === 1;
    },

    async releaseLease(topic, owner, holdMs) {
      const redis = await ready();
      await redis.eval(RELEASE_LEASE, { keys: [key.lease(topic)], arguments: [owner, String(holdMs)] });
    },

    async markWanted(topics, ttlMs, keepMs) {
      if (topics.length === 0) return;
      const redis = await ready();
      const batch = redis.multi();
      for (const topic of topics) {
        batch.set(key.wanted(topic), '1', { expiration: { type: 'PX', value: ttlMs } });
        batch.pExpire(key.state(topic), keepMs, 'GT');
      }
      await batch.exec();
    },

    async isWanted(topic) {
      const redis = await ready();
      return (await redis.exists(key.wanted(topic))) === 1;
    },

    async commit(taskId, change, keepMs) {
      const redis = await ready();
      const reply = await redis.eval(COMMIT_CHANGE, {
        keys: [key.epoch, key.seq, key.state(change.topic), key.task(taskId)],
        arguments: [newEpoch(), change.resource, change.payload, String(keepMs), change.topic],
      });
      const stored = readChange(reply);
      if (stored === undefined) throw new Error('Redis answered a commit with something else than the change');
      return stored;
    },

    async read(topics) {
      const redis = await ready();
      const hashes = await Promise.all(topics.map((topic) => redis.hGetAll(key.state(topic))));
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

    // Teams and the audit trail.

    async assignTask(task) {
      const redis = await ready();
      await redis.eval(ASSIGN_TASK, {
        keys: [key.owner(task.taskId)],
        arguments: [JSON.stringify(task), key.teamTasks, task.taskId, String(task.createdAt), task.team],
      });
    },

    async readTasks(taskIds) {
      if (taskIds.length === 0) return [];
      const redis = await ready();
      return (await redis.mGet(taskIds.map(key.owner))).map(readTeamTask);
    },

    async listTeamTasks(team, offset, count) {
      const redis = await ready();
      const list = key.teamTasks + team;
      const [total, ids] = await Promise.all([
        redis.zCard(list),
        count > 0 ? redis.zRange(list, offset, offset + count - 1, { REV: true }) : [],
      ]);
      const tasks = ids.length === 0 ? [] : (await redis.mGet(ids.map(key.owner))).flatMap((value) => readTeamTask(value) ?? []);
      return { total, tasks };
    },

    async appendAudit(entry, retentionMs) {
      const redis = await ready();
      const at = Date.now();
      // The number makes two equal entries two members of the sorted set.
      const member = `${await redis.incr(key.auditSeq)} ${JSON.stringify(entry)}`;
      const batch = redis.multi();
      for (const trail of [key.teamAudit(entry.team), key.taskAudit(entry.team, entry.taskId)]) {
        batch.zAdd(trail, { score: at, value: member });
        batch.zRemRangeByScore(trail, '-inf', at - retentionMs);
        batch.pExpire(trail, retentionMs);
      }
      await batch.exec();
    },

    async readAudit({ team, taskId, limit }) {
      const redis = await ready();
      const trail = taskId === undefined ? key.teamAudit(team) : key.taskAudit(team, taskId);
      const members = limit > 0 ? await redis.zRange(trail, 0, limit - 1, { REV: true }) : [];
      return members.flatMap((member) => readAuditEntry(member) ?? []);
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

function readTeamTask(value: unknown): TeamTask | undefined {
  let parsed: unknown;
  try {
    parsed = typeof value === 'string' ? JSON.parse(value) : undefined;
  } catch {
    return undefined;
  }
  if (!isRecord(parsed)) return undefined;
  const { taskId, team, createdAt, readableName } = parsed;
  if (typeof taskId !== 'string' || typeof team !== 'string' || typeof createdAt !== 'number' || typeof readableName !== 'string')
    return undefined;
  return { taskId, team, createdAt, readableName };
}

function readAuditEntry(member: string): AuditEntry | undefined {
  try {
    const parsed: unknown = JSON.parse(member.slice(member.indexOf(' ') + 1));
    return isAuditEntry(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

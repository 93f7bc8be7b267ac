import { parseJsonRecord } from '../../utils';
import { toProxyAuditEntry, type ProxyAuditEntry } from '../teams/audit-log';
import { readAnswerRecord } from '../forward/answer-record';
import { noteToolCallSeen } from './note-tool-call-seen';
import { redisConnections } from './redis-connections';
import { redisWatchedTasks } from './redis-watched-tasks';
import { createRedisRequestStore } from './redis-request-store';
import type { AnswerClaim, ProxyStore, StoredChange, TaskChannelListener, TeamTask } from '../stores/proxy-store';
import {
  ACQUIRE_LEASE,
  ANSWER_EPOCH,
  ASSIGN_TASK,
  CLAIM_ANSWER,
  COMMIT_CHANGE,
  RELEASE_LEASE,
  RENEW_ANSWER,
  REPLACE_ANSWER,
} from './redis-scripts';

/** Options of `createRedisProxyStore`. */
export interface RedisProxyStoreOptions {
  /**
   * The Redis server, e.g. `redis://user:password@redis.internal:6379/0`, or a function that returns
   * it (as `upstream` and `apiKey` of `createTaskProxy`), called at the store's first call. Either
   * way the store connects at its first call, not as it is made: a module that makes the store as it
   * loads, such as a Next.js route handler (which `next build` loads), reaches no Redis until it is
   * used, and `process.env.REDIS_URL` may be given as it is. Until there is an address (`undefined`
   * or empty, or a function that gives none), each call fails with an error that says so, and a
   * function is asked again at the next call. Required.
   */
  url: string | undefined | (() => string | undefined);
  /** Put before every key and channel, so several apps can share one Redis. Default: `'hitl:'`. */
  prefix?: string;
  /**
   * Called with each connection error (the client reconnects by itself meanwhile). Default: one
   * line on `console.error` an outage, its first error, until a connection is made again.
   */
  onError?: (error: unknown) => void;
  /**
   * How long, after the store finds Redis without its state (a restart without persistence, a
   * `FLUSHALL`, or a Redis, or `prefix`, used for the first time: the store cannot tell them
   * apart), a tool call nobody holds may not be claimed: the time every proxy instance has to
   * reconnect and write back the answers it has out, so none of them can be sent twice. The first
   * answers on a new Redis wait it too, once. `0` holds nothing back, and gives up that guarantee.
   * Default: 5000.
   */
  resetGraceMs?: number;
}

/** A `ProxyStore` on Redis, with the connections to close when the proxy is done. */
export interface RedisProxyStore extends ProxyStore {
  /** Closes both connections (commands and subscriptions), if they were opened (none for a store never called); the store then refuses every call. */
  close(): Promise<void>;
}

/**
 * A `ProxyStore` on Redis, for several proxy instances behind one load balancer (give each the
 * same `url` and `prefix`): answered calls are `SET NX` with a time-to-live, one lease per run
 * decides which instance polls it, and changes reach every instance through pub/sub. Two
 * connections, one for commands, one for subscriptions, are opened at the store's first call, not
 * as it is made: a module `next build` loads reaches no Redis.
 *
 * ```ts
 * import { createTaskProxy } from 'hitl-react/server';
 * import { createRedisProxyStore } from 'hitl-react/server/redis';
 *
 * const proxy = createTaskProxy({ upstream, apiKey, basePath: '/api/hitl', store: createRedisProxyStore({ url: process.env.REDIS_URL }) });
 * ```
 */
export function createRedisProxyStore(options: RedisProxyStoreOptions): RedisProxyStore {
  const prefix = options.prefix ?? 'hitl:';
  const key = {
    answer: (id: string) => `${prefix}answer:${id}`,
    answerLease: (id: string) => `${prefix}answer-lease:${id}`,
    answers: `${prefix}answers`,
    answerEpoch: `${prefix}answer-epoch`,
    answersReset: `${prefix}answers-reset`,
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

  // The answers' epoch this instance last saw: a store that no longer has it lost its state. The
  // scripts set the reset marker whenever they find no epoch (why: redis-scripts.ts, CHECK_EPOCH).
  const resetGraceMs = Math.max(0, Math.ceil(options.resetGraceMs ?? 5000));
  let answerEpoch = '';
  const resetListeners = new Set<() => void>();
  const sawAnswerEpoch = (epoch: unknown) => {
    if (typeof epoch !== 'string') return;
    const reset = answerEpoch !== '' && epoch !== answerEpoch;
    answerEpoch = epoch;
    if (reset) for (const listener of [...resetListeners]) listener();
  };
  const answerEpochArguments = () => [newEpoch(), String(resetGraceMs)];

  // Opened by the first call that needs them. On every connection: the first one learns the epoch,
  // so that an instance finds a Redis that restarted empty as it reconnects, not at its next answer.
  const connections = redisConnections({
    url: options.url,
    onError: options.onError,
    onReady: (client) => {
      client
        .eval(ANSWER_EPOCH, { keys: [key.answerEpoch, key.answersReset], arguments: answerEpochArguments() })
        .then(sawAnswerEpoch, connections.onError);
    },
  });
  const opened = connections.opened;
  // A connection made again may be to a Redis that lost everything (restarted, flushed) between
  // two of the hub's calls: the next call says so once, and the hub then commits its runs again.
  let reportedReadies = 2;
  const ready = async () => (await opened()).client;
  /**
   * For every call of the hub: both connections must be up, or a change committed now would reach
   * no instance's streams. A call that needs only one of them (a lease given up, an answer announced,
   * a subscription) checks both too: the hub takes any call that goes through for the store's
   * return, and the two connections come back one after the other.
   */
  const bothReady = async () => {
    const connected = await opened();
    if (!connected.client.isReady || !connected.subscriber.isReady) throw new Error('Redis is not connected');
    if (connections.readies() > reportedReadies) {
      reportedReadies = connections.readies();
      throw new Error('the connection to Redis was lost and made again; what Redis kept may be gone');
    }
    return connected;
  };

  // Settlements of answers, for the waiters of this instance: one subscription for all of them.
  const waiters = new Map<string, Set<() => void>>();
  let answersChannel: Promise<void> | undefined;
  const listenToAnswers = () =>
    (answersChannel ??= (async () => {
      const { subscriber } = await opened();
      await subscriber.subscribe(key.answers, (id) => {
        const set = waiters.get(id);
        waiters.delete(id);
        for (const resolve of set ?? []) resolve();
      });
    })().catch((error: unknown) => {
      // Asked again by the next call: the address may be there by then.
      answersChannel = undefined;
      throw error;
    }));

  return {
    async claimAnswer(id, record, { leaseMs, ttlMs, reassert = false }) {
      const redis = await ready();
      // Listening before claiming: whoever finds the call held and waits misses no change of it.
      await listenToAnswers();
      const reply = (await redis.eval(CLAIM_ANSWER, {
        keys: [key.answerEpoch, key.answersReset, key.answer(id), key.answerLease(id)],
        arguments: [...answerEpochArguments(), JSON.stringify(record), record.owner, String(leaseMs), String(ttlMs), reassert ? '1' : '0'],
      })) as unknown[];
      sawAnswerEpoch(reply[1]);
      if (reply[0] === 'claimed') return { claimed: true } satisfies AnswerClaim;
      if (reply[0] === 'resetting') return { claimed: false, resetting: true } satisfies AnswerClaim;
      const held = readAnswerRecord(reply[2]);
      if (held === undefined) throw new Error('Redis holds an answer record of another shape');
      return { claimed: false, record: held, live: reply[3] === 1 } satisfies AnswerClaim;
    },

    async renewAnswer(id, owner, leaseMs) {
      const redis = await ready();
      return (await redis.eval(RENEW_ANSWER, { keys: [key.answer(id), key.answerLease(id)], arguments: [owner, String(leaseMs)] })) === 1;
    },

    async replaceAnswer(id, expected, next, ttlMs) {
      const redis = await ready();
      const reply = await redis.eval(REPLACE_ANSWER, {
        keys: [key.answer(id), key.answerLease(id), key.answers],
        arguments: [
          expected?.state ?? '',
          expected?.owner ?? '',
          String(expected?.since ?? 0),
          next === null ? '' : JSON.stringify(next),
          String(ttlMs),
          id,
        ],
      });
      return reply === 1;
    },

    onAnswersReset(listener) {
      resetListeners.add(listener);
      return () => resetListeners.delete(listener);
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
      const { client: redis } = await bothReady();
      const reply = Number(await redis.eval(ACQUIRE_LEASE, { keys: [key.lease(topic)], arguments: [owner, String(ttlMs)] }));
      return reply === -1 ? true : reply;
    },

    async releaseLease(topic, owner, holdMs) {
      const { client: redis } = await bothReady();
      await redis.eval(RELEASE_LEASE, { keys: [key.lease(topic)], arguments: [owner, String(holdMs)] });
    },

    async readLease(topic) {
      const { client: redis } = await bothReady();
      const holder = await redis.get(key.lease(topic));
      return typeof holder === 'string' && holder !== '' ? holder : undefined;
    },

    async markWanted(topics, ttlMs, keepMs) {
      if (topics.length === 0) return;
      const { client: redis } = await bothReady();
      const batch = redis.multi();
      for (const topic of topics) {
        batch.set(key.wanted(topic), '1', { expiration: { type: 'PX', value: ttlMs } });
        batch.pExpire(key.state(topic), keepMs, 'GT');
      }
      await batch.exec();
    },

    async isWanted(topic) {
      const { client: redis } = await bothReady();
      return (await redis.exists(key.wanted(topic))) === 1;
    },

    async commit(taskId, change, keepMs) {
      const { client: redis } = await bothReady();
      const reply = await redis.eval(COMMIT_CHANGE, {
        keys: [key.epoch, key.seq, key.state(change.topic), key.task(taskId)],
        arguments: [newEpoch(), change.resource, change.payload, String(keepMs), change.topic],
      });
      const stored = readChange(reply);
      if (stored === undefined) throw new Error('Redis answered a commit with something else than the change');
      return stored;
    },

    async read(topics) {
      const { client: redis } = await bothReady();
      if (topics.length === 0) return [];
      // One round-trip for every topic of a stream, not one each.
      const batch = redis.multi();
      for (const topic of topics) batch.hGetAll(key.state(topic));
      const hashes = (await batch.execAsPipeline()) as unknown as Array<Record<string, string>>;
      return hashes.flatMap((hash) => Object.values(hash).flatMap((value) => readChange(value) ?? []));
    },

    async announceAnswered(taskId) {
      const { client: redis } = await bothReady();
      await redis.publish(key.task(taskId), JSON.stringify({ answered: true }));
    },

    async subscribe(taskId, listener: TaskChannelListener) {
      const { subscriber } = await bothReady();
      const channel = key.task(taskId);
      const onMessage = (message: string) => {
        const parsed = parseJsonRecord(message);
        if (parsed === undefined) return;
        if (parsed.answered === true) listener.answered();
        const change = readChange(parsed.change);
        if (change !== undefined) listener.change(change);
      };
      await subscriber.subscribe(channel, onMessage);
      return () => subscriber.unsubscribe(channel, onMessage);
    },

    noteToolCallSeen: async (taskId, toolCallId, at, ttlMs) => noteToolCallSeen(await ready(), prefix, { taskId, toolCallId, at, ttlMs }),

    ...redisWatchedTasks(ready, prefix),

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
      // The number makes two equal entries two members of the sorted set, and orders the entries
      // of one millisecond (zero-padded, as members of one score are in byte order). The store
      // names its entries when they are read (`id`): one given with the entry is not kept.
      const { id: _given, ...kept } = entry;
      const member = `${String(await redis.incr(key.auditSeq)).padStart(16, '0')} ${JSON.stringify(kept)}`;
      const batch = redis.multi();
      for (const trail of [key.teamAudit(entry.team), key.taskAudit(entry.team, entry.taskId)]) {
        batch.zAdd(trail, { score: at, value: member });
        batch.zRemRangeByScore(trail, '-inf', at - retentionMs);
        batch.pExpire(trail, retentionMs);
      }
      await batch.exec();
    },

    async readAudit({ team, taskId, limit, before }) {
      const redis = await ready();
      const trail = taskId === undefined ? key.teamAudit(team) : key.taskAudit(team, taskId);
      if (limit <= 0) return [];
      if (before === undefined) return (await redis.zRangeWithScores(trail, 0, limit - 1, { REV: true })).flatMap(readAuditMember);
      // `<score>:<number>`: the members below it in the set's order (score, then the member's
      // bytes, whose leading number decides since numbers are unique), as ZRANGE REV lists them.
      const cursor = /^(\d{1,16}):(\d{1,20})$/.exec(before);
      if (cursor === null) return [];
      const [, score = '', number = ''] = cursor;
      const [ties, older] = await Promise.all([
        redis.zRange(trail, score, score, { BY: 'SCORE', REV: true }),
        redis.zRangeWithScores(trail, `(${score}`, '-inf', { BY: 'SCORE', REV: true, LIMIT: { offset: 0, count: limit } }),
      ]);
      const below = ties
        .filter((member) => member.slice(0, member.indexOf(' ')) < number)
        .map((value) => ({ value, score: Number(score) }));
      return [...below, ...older].slice(0, limit).flatMap(readAuditMember);
    },

    ...createRedisRequestStore({ prefix, client: ready, subscriber: async () => (await opened()).subscriber }),

    close: connections.close,
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
  const parsed = parseJsonRecord(value);
  if (parsed === undefined) return undefined;
  const { topic, resource, epoch, seq, payload } = parsed;
  if (typeof topic !== 'string' || typeof epoch !== 'string' || typeof seq !== 'number' || typeof payload !== 'string') return undefined;
  if (resource !== 'status' && resource !== 'result' && resource !== 'gif') return undefined;
  return { topic, resource, epoch, seq, payload };
}

function readTeamTask(value: unknown): TeamTask | undefined {
  const parsed = parseJsonRecord(value);
  if (parsed === undefined) return undefined;
  const { taskId, team, createdAt, readableName } = parsed;
  if (typeof taskId !== 'string' || typeof team !== 'string' || typeof createdAt !== 'number' || typeof readableName !== 'string')
    return undefined;
  return { taskId, team, createdAt, readableName };
}

/** An entry of a trail's sorted set, named by its score and number; none for anything else. */
function readAuditMember({ value, score }: { value: string; score: number }): ProxyAuditEntry[] {
  const space = value.indexOf(' ');
  const entry = toProxyAuditEntry(parseJsonRecord(value.slice(space + 1)));
  return entry === undefined ? [] : [{ ...entry, id: `${score}:${value.slice(0, space)}` }];
}

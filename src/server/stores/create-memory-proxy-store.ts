import type { ProxyAuditEntry } from '../teams/audit-log';
import { sameAnswerRecord } from '../forward/answer-record';
import { createMemoryRequestStore } from './memory-request-store';
import type { AnswerClaim, AnswerRecord, ProxyStore, StoredChange, TaskChannelListener, TeamTask } from './proxy-store';

/** Options of `createMemoryProxyStore`. */
export interface MemoryProxyStoreOptions {
  /** The clock of every time-to-live. Default: `Date.now`, looked up at call time. */
  now?: () => number;
  /** Most audit entries kept per team (the oldest go first), so the trail's memory stays bounded. Default: 10000. */
  maxAuditEntriesPerTeam?: number;
}

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

/** Expired entries are swept once per this many operations, so memory stays bounded without a timer. */
const SWEEP_EVERY = 1024;

/**
 * The default `ProxyStore`: everything in this process, for one proxy instance. Changes reach
 * subscribers in a later microtask, in commit order, as they would from a shared store.
 */
export function createMemoryProxyStore(options: MemoryProxyStoreOptions = {}): ProxyStore {
  const now = options.now ?? (() => Date.now());
  // Random, so ids from before a restart are never mistaken for this process's.
  const epoch = Math.floor(Math.random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
  let seq = 0;
  let operations = 0;
  const answers = new Map<string, Expiring<AnswerRecord>>();
  const answerLeases = new Map<string, Expiring<string>>();
  const waiters = new Map<string, Set<() => void>>();
  const leases = new Map<string, Expiring<string>>();
  const wanted = new Map<string, number>();
  const states = new Map<string, Expiring<Map<string, StoredChange>>>();
  const channels = new Map<string, Set<TaskChannelListener>>();
  const toolCallsSeen = new Map<string, Expiring<number>>();
  const watched = new Map<string, number>();
  const teams = createMemoryTeams(now, options.maxAuditEntriesPerTeam ?? 10_000, epoch);

  const live = <T>(map: Map<string, Expiring<T>>, key: string): T | undefined => {
    const entry = map.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > now()) return entry.value;
    map.delete(key);
    return undefined;
  };

  function tick(): void {
    if (++operations % SWEEP_EVERY !== 0) return;
    const at = now();
    for (const map of [answers, answerLeases, leases, states, toolCallsSeen] as Array<Map<string, Expiring<unknown>>>)
      for (const [key, entry] of map) if (entry.expiresAt <= at) map.delete(key);
    for (const map of [wanted, watched]) for (const [key, expiresAt] of map) if (expiresAt <= at) map.delete(key);
  }

  function wake(id: string): void {
    const set = waiters.get(id);
    waiters.delete(id);
    for (const resolve of set ?? []) resolve();
  }

  function deliver(taskId: string, call: (listener: TaskChannelListener) => void): void {
    const set = channels.get(taskId);
    if (set === undefined) return;
    for (const listener of [...set]) queueMicrotask(() => call(listener));
  }

  return {
    claimAnswer(id, record, { leaseMs, ttlMs }) {
      tick();
      const held = live(answers, id);
      if (held !== undefined)
        return Promise.resolve<AnswerClaim>({ claimed: false, record: held, live: live(answerLeases, id) !== undefined });
      answers.set(id, { value: record, expiresAt: now() + ttlMs });
      answerLeases.set(id, { value: record.owner, expiresAt: now() + leaseMs });
      return Promise.resolve<AnswerClaim>({ claimed: true });
    },

    renewAnswer(id, owner, leaseMs) {
      const held = live(answers, id);
      if (held?.state !== 'sending' || held.owner !== owner) return Promise.resolve(false);
      answerLeases.set(id, { value: owner, expiresAt: now() + leaseMs });
      return Promise.resolve(true);
    },

    replaceAnswer(id, expected, next, ttlMs) {
      const held = live(answers, id);
      if (expected !== undefined && (held === undefined || !sameAnswerRecord(held, expected))) return Promise.resolve(false);
      if (next === null) answers.delete(id);
      else answers.set(id, { value: next, expiresAt: now() + ttlMs });
      if (next?.state !== 'sending') answerLeases.delete(id);
      wake(id);
      return Promise.resolve(true);
    },

    waitForAnswer(id, timeoutMs) {
      return new Promise((resolve) => {
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

    acquireLease(topic, owner, ttlMs) {
      tick();
      const holder = live(leases, topic);
      if (holder !== undefined && holder !== owner) return Promise.resolve(Math.max(1, (leases.get(topic)?.expiresAt ?? 0) - now()));
      leases.set(topic, { value: owner, expiresAt: now() + ttlMs });
      return Promise.resolve(true);
    },

    releaseLease(topic, owner, holdMs) {
      if (live(leases, topic) === owner) {
        if (holdMs > 0) leases.set(topic, { value: '', expiresAt: now() + holdMs });
        else leases.delete(topic);
      }
      return Promise.resolve();
    },

    readLease(topic) {
      const holder = live(leases, topic);
      return Promise.resolve(holder === '' ? undefined : holder);
    },

    markWanted(topics, ttlMs, keepMs) {
      tick();
      const at = now();
      for (const topic of topics) {
        wanted.set(topic, Math.max(wanted.get(topic) ?? 0, at + ttlMs));
        const state = states.get(topic);
        if (state !== undefined) state.expiresAt = Math.max(state.expiresAt, at + keepMs);
      }
      return Promise.resolve();
    },

    isWanted: (topic) => Promise.resolve((wanted.get(topic) ?? 0) > now()),

    commit(taskId, change, keepMs) {
      tick();
      const stored: StoredChange = { ...change, epoch, seq: ++seq };
      const kept = states.get(change.topic);
      const state = live(states, change.topic) ?? new Map<string, StoredChange>();
      state.set(change.resource, stored);
      states.set(change.topic, { value: state, expiresAt: Math.max(kept?.expiresAt ?? 0, now() + keepMs) });
      deliver(taskId, (listener) => listener.change(stored));
      return Promise.resolve(stored);
    },

    read(topics) {
      const found: StoredChange[] = [];
      for (const topic of topics) for (const change of live(states, topic)?.values() ?? []) found.push(change);
      return Promise.resolve(found);
    },

    announceAnswered(taskId) {
      deliver(taskId, (listener) => listener.answered());
      return Promise.resolve();
    },

    subscribe(taskId, listener) {
      let set = channels.get(taskId);
      if (set === undefined) channels.set(taskId, (set = new Set()));
      set.add(listener);
      const listeners = set;
      return Promise.resolve(() => {
        listeners.delete(listener);
        if (listeners.size === 0 && channels.get(taskId) === listeners) channels.delete(taskId);
        return Promise.resolve();
      });
    },

    noteToolCallSeen(taskId, toolCallId, at, ttlMs) {
      tick();
      const id = JSON.stringify([taskId, toolCallId]);
      const earliest = Math.min(live(toolCallsSeen, id) ?? at, at);
      toolCallsSeen.set(id, { value: earliest, expiresAt: now() + ttlMs });
      return Promise.resolve(earliest);
    },

    watchTask(taskId, expiresAt) {
      tick();
      watched.set(taskId, Math.max(watched.get(taskId) ?? 0, expiresAt));
      return Promise.resolve();
    },

    listWatchedTasks(limit) {
      const at = now();
      for (const [taskId, expiresAt] of watched) if (expiresAt <= at) watched.delete(taskId);
      const latestFirst = [...watched].sort((a, b) => b[1] - a[1]);
      return Promise.resolve(latestFirst.slice(0, Math.max(0, limit)).map(([taskId]) => taskId));
    },

    unwatchTask(taskId) {
      watched.delete(taskId);
      return Promise.resolve();
    },

    ...teams,
    ...createMemoryRequestStore(now),
  };
}

type TeamMethods = Pick<ProxyStore, 'assignTask' | 'readTasks' | 'listTeamTasks' | 'appendAudit' | 'readAudit'>;

/**
 * The teams' tasks and audit trails: per team, so a team's list never costs in proportion to the
 * others'. An entry's `id` is `<epoch>.<n>`, `n` counting up in this process: a page read with
 * `before` starts right below it (found by bisection), however many entries were appended since.
 */
function createMemoryTeams(now: () => number, maxAuditEntries: number, epoch: string): TeamMethods {
  const tasks = new Map<string, TeamTask>();
  /** Per team, its task ids oldest first. */
  const lists = new Map<string, string[]>();
  /** Per team, its entries oldest first, each with its number and when it expires. */
  const trails = new Map<string, Array<{ entry: ProxyAuditEntry; seq: number; expiresAt: number }>>();
  let auditSeq = 0;
  const idPrefix = `${epoch}.`;

  return {
    assignTask(task) {
      const before = tasks.get(task.taskId);
      if (before !== undefined) {
        const list = lists.get(before.team) ?? [];
        list.splice(list.indexOf(task.taskId), 1);
        if (list.length === 0) lists.delete(before.team);
      }
      tasks.set(task.taskId, { ...task });
      let list = lists.get(task.team);
      if (list === undefined) lists.set(task.team, (list = []));
      // Usually the newest: a walk back from the end finds its place at once.
      let at = list.length;
      while (at > 0 && (tasks.get(list[at - 1]!)?.createdAt ?? 0) > task.createdAt) at -= 1;
      list.splice(at, 0, task.taskId);
      return Promise.resolve();
    },

    readTasks: (taskIds) => Promise.resolve(taskIds.map((taskId) => tasks.get(taskId))),

    listTeamTasks(team, offset, count) {
      const list = lists.get(team) ?? [];
      const end = Math.max(0, list.length - offset);
      const page = list.slice(Math.max(0, end - count), end).reverse();
      return Promise.resolve({ total: list.length, tasks: page.flatMap((taskId) => tasks.get(taskId) ?? []) });
    },

    appendAudit(entry, retentionMs) {
      let trail = trails.get(entry.team);
      if (trail === undefined) trails.set(entry.team, (trail = []));
      // The store names its entries; an `id` given with one is not kept.
      const { id: _given, ...kept } = entry;
      trail.push({ entry: kept, seq: ++auditSeq, expiresAt: now() + retentionMs });
      const at = now();
      let expired = 0;
      while (expired < trail.length && (trail[expired]!.expiresAt <= at || trail.length - expired > maxAuditEntries)) expired += 1;
      if (expired > 0) trail.splice(0, expired);
      return Promise.resolve();
    },

    readAudit({ team, taskId, limit, before }) {
      const trail = trails.get(team) ?? [];
      let end = trail.length;
      if (before !== undefined) {
        const cursor = before.startsWith(idPrefix) ? Number(before.slice(idPrefix.length)) : Number.NaN;
        // Another process's (or a made-up) cursor: nothing of this trail is below it.
        if (!Number.isSafeInteger(cursor)) return Promise.resolve([]);
        let low = 0;
        while (low < end) {
          const middle = (low + end) >>> 1;
          if (trail[middle]!.seq < cursor) low = middle + 1;
          else end = middle;
        }
      }
      const at = now();
      const found: ProxyAuditEntry[] = [];
      for (let index = end - 1; index >= 0 && found.length < limit; index--) {
        const { entry, seq, expiresAt } = trail[index]!;
        if (expiresAt > at && (taskId === undefined || entry.taskId === taskId)) found.push({ ...entry, id: `${idPrefix}${seq}` });
      }
      return Promise.resolve(found);
    },
  };
}

import type { EventResource } from '../../client';
import type { ProxyAuditEntry } from '../teams/audit-log';
import type { RequestStore } from './request-store';

/** The latest change of one resource of one topic, as a `ProxyStore` keeps it and hands it to every instance. */
export interface StoredChange {
  /** The topic (`topicKey` of the task and run it follows). */
  readonly topic: string;
  readonly resource: EventResource;
  /** Names the store's sequence: a store that lost its state starts a new one, and event ids of the old one mean nothing. */
  readonly epoch: string;
  /** Larger for every later change committed to the store, whatever its topic. */
  readonly seq: number;
  /** The event's JSON `data:` (an `EventPayload`), the API key already scrubbed from it. */
  readonly payload: string;
}

/** What a subscriber of a task's channel is told. */
export interface TaskChannelListener {
  /** A change of one of the task's topics was committed, on this instance or another. Called in `seq` order. */
  change(change: StoredChange): void;
  /** An answer to one of the task's tool calls was accepted. */
  answered(): void;
}

/**
 * Where one tool call's answer stands, as the proxy's instances share it. The service's run status
 * is the truth; this record only coordinates the instances while the status cannot yet tell.
 * - `sending`: `owner` is forwarding it now (since `since`); its lease says the instance is alive.
 * - `doubt`: it was sent and nobody knows whether the service applied it (since `since`); no other
 *   answer goes until the run's status settles it.
 * - `answered`: the service applied it (or the status shows the call gone).
 * A refused answer leaves no record: the call is free for the next one.
 */
export interface AnswerRecord {
  readonly state: 'sending' | 'doubt' | 'answered';
  /** The `Idempotency-Key` of the answer the record is about; `''` when it came without one. */
  readonly key: string;
  /** An HMAC of the answer's `input` under a secret the store does not hold (the API key), so a repeat can be told from another answer without keeping the text or anything a reader of the store could try codes against. */
  readonly body: string;
  /** The instance (or its request) that wrote the record. */
  readonly owner: string;
  /** When the record took its state, in ms since the epoch (`sending`: the forward began; `doubt`: the doubt arose). */
  readonly since: number;
  /** `doubt`: the HTTP status the sender answered (502 or 504), replayed to a repeat of the same answer. */
  readonly status?: number | undefined;
}

/** What `claimAnswer` found: the call is this request's to forward, another record holds it, or the store was just reset. */
export type AnswerClaim =
  | { readonly claimed: true }
  | {
      readonly claimed: false;
      readonly record: AnswerRecord;
      /** For `sending`: whether its owner still renews its lease. */ readonly live: boolean;
    }
  | { readonly claimed: false; readonly resetting: true };

/** Options of `claimAnswer`. */
export interface ClaimAnswerOptions {
  /** How long a `sending` claim lives unless its owner renews it (`renewAnswer`). */
  readonly leaseMs: number;
  /** How long the record is kept. */
  readonly ttlMs: number;
  /**
   * Written by its owner again after the store lost its state: taken even while the store is
   * `resetting`, when nothing else holds the call.
   */
  readonly reassert?: boolean;
}

/**
 * The state `createTaskProxy` shares between its instances: which tool calls were answered, which
 * instance polls which topic, who still wants a topic, and the latest change of each topic with
 * the channel that hands changes to every instance. `createMemoryProxyStore()` (the default) keeps
 * it in one process; `createRedisProxyStore()` (`hitl-react/server/redis`) on Redis, for several.
 *
 * Every method may reject (a store that cannot be reached); the proxy then answers 503 for an
 * answer and ends the affected streams, and never forwards an answer it could not claim.
 */
export interface ProxyStore extends RequestStore {
  /**
   * Claims answer `id` for `record` (a `sending` one), atomically: `claimed` when no record holds
   * the call, the record and its lease's liveness otherwise. While the
   * store is `resetting` (it lost its state a moment ago, and the instances are writing back the
   * answers they have out), a call with no record is not claimed.
   */
  claimAnswer(id: string, record: AnswerRecord, options: ClaimAnswerOptions): Promise<AnswerClaim>;
  /** Renews the lease of `owner`'s `sending` claim on `id`; false when the record is no longer that claim. */
  renewAnswer(id: string, owner: string, leaseMs: number): Promise<boolean>;
  /**
   * Replaces the record of `id` with `next` (or removes it, `null`), atomically, if it still is
   * `expected` (same state, owner and time); with `expected` undefined, whatever it is. True when
   * replaced. Wakes every waiter.
   */
  replaceAnswer(id: string, expected: AnswerRecord | undefined, next: AnswerRecord | null, ttlMs: number): Promise<boolean>;
  /** Resolves once the record of `id` changes, on any instance, or after `timeoutMs`, whichever comes first. */
  waitForAnswer(id: string, timeoutMs: number): Promise<void>;
  /**
   * Calls `listener` when the store finds it lost its state (a shared store restarted empty or
   * flushed), so that each instance writes back the answers it has out. Optional: a store that
   * cannot lose its state without the process going too (the memory store) never calls it.
   */
  onAnswersReset?(listener: () => void): () => void;

  /**
   * Takes the lease on `topic` for `owner` for `ttlMs`, or renews it when `owner` holds it: true
   * while `owner` holds it. When another holds it: how many ms its lease has left, so the caller
   * tries again right as it lapses (a store that cannot tell answers `false`, and the caller tries
   * again an interval later).
   */
  acquireLease(topic: string, owner: string, ttlMs: number): Promise<boolean | number>;
  /** Gives the lease up if `owner` holds it; nobody may take it for `holdMs` (so no one polls sooner than the owner would have). */
  releaseLease(topic: string, owner: string, holdMs: number): Promise<void>;
  /**
   * The owner holding the lease on `topic` now, without taking or renewing it; `undefined` when
   * nobody does (never taken, lapsed, given up, or held empty after a release's hold).
   */
  readLease(topic: string): Promise<string | undefined>;
  /** A stream names `topics`: they are wanted for `ttlMs` from now, and their state is kept at least `keepMs`. */
  markWanted(topics: readonly string[], ttlMs: number, keepMs: number): Promise<void>;
  /** Whether some stream, on any instance, named `topic` within its last `markWanted` time. */
  isWanted(topic: string): Promise<boolean>;

  /**
   * Numbers a change, keeps it as the latest of its resource (for `keepMs`) and hands it to every
   * subscriber of `taskId`, all at once: subscribers see changes in `seq` order.
   */
  commit(taskId: string, change: Pick<StoredChange, 'topic' | 'resource' | 'payload'>, keepMs: number): Promise<StoredChange>;
  /** The latest change of each resource of `topics` that the store still keeps. */
  read(topics: readonly string[]): Promise<StoredChange[]>;
  /** Tells every subscriber of `taskId` that an answer was accepted. */
  announceAnswered(taskId: string): Promise<void>;
  /** Listens to the changes and announcements of `taskId`; resolves once listening, with the function that stops it. */
  subscribe(taskId: string, listener: TaskChannelListener): Promise<() => Promise<void>>;

  /**
   * Keeps the earliest time (`at`, ms since the epoch) any instance saw tool call `toolCallId` of
   * `taskId` pending, for `ttlMs` from now (renewed at each call), and resolves with it: the
   * "waiting since" every browser shows. Optional: without it, each instance keeps its own times.
   */
  noteToolCallSeen?(taskId: string, toolCallId: string, at: number, ttlMs: number): Promise<number>;

  /**
   * Puts `taskId` on the list of tasks the proxy watches until their run ends (each task created
   * through a proxy with notifications), until `expiresAt` (ms since the epoch); a task already on
   * it keeps the later time. Every instance reads the list, so a watch outlives the instance that
   * began it. Optional, with `listWatchedTasks` and `unwatchTask`: without them each instance
   * watches only the tasks created through it, and a watch ends with its instance.
   */
  watchTask?(taskId: string, expiresAt: number): Promise<void>;
  /** The tasks on the list whose time has not come, latest time first, at most `limit`. */
  listWatchedTasks?(limit: number): Promise<string[]>;
  /** Takes `taskId` off the list (its run ended). */
  unwatchTask?(taskId: string): Promise<void>;

  // Teams and the audit trail (`identify`, `assignTask`, `auditLog`).

  /** Records that `task.taskId` belongs to `task.team`, taking it from any team it belonged to before. */
  assignTask(task: TeamTask): Promise<void>;
  /** The records of `taskIds`, in the same order; `undefined` for a task the proxy never recorded. */
  readTasks(taskIds: readonly string[]): Promise<Array<TeamTask | undefined>>;
  /** The `count` tasks of `team` from `offset`, newest first, and how many it has in all. */
  listTeamTasks(team: string, offset: number, count: number): Promise<{ total: number; tasks: TeamTask[] }>;
  /** Keeps `entry` for `retentionMs`, shared by every instance. */
  appendAudit(entry: ProxyAuditEntry, retentionMs: number): Promise<void>;
  /**
   * The newest `limit` entries of `team` (of its task `taskId` only, when given), newest first,
   * each with an `id` the store makes: its place in the trail. With `before` (such an `id`), only
   * the entries older than that one, so that entries appended meanwhile do not shift a reader's
   * pages; a `before` the store did not make reads nothing.
   */
  readAudit(query: AuditQuery): Promise<ProxyAuditEntry[]>;
}

/** A task as the proxy recorded it: whose it is, and what its team's task list shows of it. */
export interface TeamTask {
  readonly taskId: string;
  readonly team: string;
  /** When it was created (or assigned), in ms since the epoch; the team's list is newest first. */
  readonly createdAt: number;
  /** What the task list shows as its `readable_name`. */
  readonly readableName: string;
}

/** What `ProxyStore.readAudit` is asked. */
export interface AuditQuery {
  readonly team: string;
  /** Only this task's entries. */
  readonly taskId?: string | undefined;
  /** Most entries to return. */
  readonly limit: number;
  /** The `id` of an entry this store returned: only entries older than it. */
  readonly before?: string | undefined;
}

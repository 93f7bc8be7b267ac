import type { AuditEntry, EventResource } from '../client';

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

/** Who may forward an answer: this request (`claimed`), one already on its way (`pending`), or nobody any more (`answered`). */
export type AnswerClaim = 'claimed' | 'pending' | 'answered';

/**
 * The state `createTaskProxy` shares between its instances: which tool calls were answered, which
 * instance polls which topic, who still wants a topic, and the latest change of each topic with
 * the channel that hands changes to every instance. `createMemoryProxyStore()` (the default) keeps
 * it in one process; `createRedisProxyStore()` (`hitl-react/server/redis`) on Redis, for several.
 *
 * Every method may reject (a store that cannot be reached); the proxy then answers 503 for an
 * answer and ends the affected streams, and never forwards an answer it could not claim.
 */
export interface ProxyStore {
  /**
   * Claims answer `id` for the caller, atomically: `claimed` when nobody holds it (it is then
   * `pending` for `ttlMs`, so a proxy that dies mid-way does not block it for ever), else what
   * it is.
   */
  claimAnswer(id: string, ttlMs: number): Promise<AnswerClaim>;
  /** Ends a claim: `answered` is kept for `ttlMs`, `released` frees the call for the next answer. Wakes every waiter. */
  settleAnswer(id: string, outcome: 'answered' | 'released', ttlMs: number): Promise<void>;
  /** Resolves once answer `id` is settled, on any instance, or after `timeoutMs`, whichever comes first. */
  waitForAnswer(id: string, timeoutMs: number): Promise<void>;

  /** Takes the lease on `topic` for `owner`, or renews it when `owner` holds it; true while `owner` holds it. */
  acquireLease(topic: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `owner` holds it; nobody may take it for `holdMs` (so no one polls sooner than the owner would have). */
  releaseLease(topic: string, owner: string, holdMs: number): Promise<void>;
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

  // Teams and the audit trail (`identify`, `assignTask`, `auditLog`).

  /** Records that `task.taskId` belongs to `task.team`, taking it from any team it belonged to before. */
  assignTask(task: TeamTask): Promise<void>;
  /** The records of `taskIds`, in the same order; `undefined` for a task the proxy never recorded. */
  readTasks(taskIds: readonly string[]): Promise<Array<TeamTask | undefined>>;
  /** The `count` tasks of `team` from `offset`, newest first, and how many it has in all. */
  listTeamTasks(team: string, offset: number, count: number): Promise<{ total: number; tasks: TeamTask[] }>;
  /** Keeps `entry` for `retentionMs`, shared by every instance. */
  appendAudit(entry: AuditEntry, retentionMs: number): Promise<void>;
  /** The newest `limit` entries of `team` (of its task `taskId` only, when given), newest first. */
  readAudit(query: { team: string; taskId?: string | undefined; limit: number }): Promise<AuditEntry[]>;
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

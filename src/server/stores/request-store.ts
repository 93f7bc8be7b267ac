/**
 * What a `ProxyStore` keeps of the requests opened with `proxy.requests.open` (a `HumanRequest` of
 * any source waiting for a person of a team), of the instances that opened them, of the
 * notifications sent, and of the push subscriptions. The source (the MCP request, the LangGraph
 * thread, the process holding the promise) is the truth; these records coordinate the instances.
 */

/** Where a request stands. `open` takes an answer; every other state is final except `answered`. */
export type StoredRequestState =
  /** Waiting for a person. */
  | 'open'
  /** An answer won (`answerId`, `sealedAnswer`) and is on its way to the source. */
  | 'answered'
  /** The source has the answer (the opener's promise resolved, or `onAnswer` returned). */
  | 'delivered'
  /** The source gave up (`proxy.requests.cancel`). */
  | 'cancelled'
  /** Its deadline passed; the source got `{ action: 'cancel', expired: true }`. */
  | 'expired'
  /** Its opener is gone (a request that is not `durable`): nobody could take an answer. */
  | 'unanswerable';

/** One request as the instances share it. */
export interface StoredRequest {
  /** The proxy's id of the request: random, or keyed by the source's `key` (see `keyedRequestId`). Never the source's own id. */
  readonly id: string;
  readonly team: string;
  /** The source's own key of the request (`open`'s `key`), scoped to the team and the source. Default: none. */
  readonly key?: string | undefined;
  /** When set, only this user of the team sees and answers it. */
  readonly user?: string | undefined;
  /** The `HumanRequest`'s JSON as its source gave it, the source's own `id` included (agent-made text; never an answer). */
  readonly request: string;
  /** The request's `source` (`'mcp'`, `'langgraph'`, ...), for stats and notification rules. */
  readonly source: string;
  /** Ms since the epoch. */
  readonly openedAt: number;
  /** Ms since the epoch; undefined: no deadline. */
  readonly expiresAt?: number | undefined;
  /** Outlives its opener; answered through `requests.onAnswer` of any live instance. */
  readonly durable: boolean;
  /** The instance that opened it (see `heartbeat`). */
  readonly opener: string;
  readonly state: StoredRequestState;
  /** Incremented by every write; `replaceRequest` compares it. Starts at 1. */
  readonly version: number;
  /** When it left `open` (answered, cancelled, expired, unanswerable), ms since the epoch. */
  readonly endedAt?: number | undefined;
  /** The winning answer's id (random, made by the instance that took it). */
  readonly answerId?: string | undefined;
  /** The winning answer, sealed (AES-GCM under a key derived from the API key) so the store never holds it readable; removed once delivered. */
  readonly sealedAnswer?: string | undefined;
  /** The winning answer's action (`accept`, `decline`, `cancel`): what the pages and the audit may show. */
  readonly answerAction?: string | undefined;
  /** Who answered (the `identify`'d user; `''` without teams). */
  readonly answeredBy?: string | undefined;
  /** How the winning answer came (`page`, `email`, `slack`), for the messages that say how it ended. */
  readonly answeredVia?: string | undefined;
  /** When the first page listed it to a person, ms since the epoch. */
  readonly firstViewedAt?: number | undefined;
  /** For a `durable` answer being handed to `requests.onAnswer`: the instance doing it, and until when its claim holds. */
  readonly deliverer?: string | undefined;
  readonly deliverUntil?: number | undefined;
}

/** A push subscription a page handed in (`POST {basePath}/push/subscriptions`). */
export interface StoredPushSubscription {
  readonly team: string;
  readonly user: string;
  /** The `PushSubscription`'s JSON (`endpoint`, `keys.p256dh`, `keys.auth`). */
  readonly subscription: string;
  /** Its `endpoint`: one record per endpoint. */
  readonly endpoint: string;
}

/** The requests' part of `ProxyStore`. Every method may reject (the store cannot be reached). */
export interface RequestStore {
  /**
   * Adds `record` (state `open`, version 1) unless a record with its id exists, atomically; kept for
   * `ttlMs`. Resolves with the record the store now holds (the existing one when there was one).
   */
  putRequest(record: StoredRequest, ttlMs: number): Promise<StoredRequest>;
  /** The records of `ids`, in order; `undefined` where there is none. */
  readRequests(ids: readonly string[]): Promise<Array<StoredRequest | undefined>>;
  /**
   * Replaces the record of `next.id` with `next` if its `version` is still `expectedVersion`,
   * atomically, keeping it `ttlMs` from now; `next.version` must be `expectedVersion + 1`. True when
   * replaced. Every instance's `onRequestChange` listeners then hear of it.
   */
  replaceRequest(next: StoredRequest, expectedVersion: number, ttlMs: number): Promise<boolean>;
  /**
   * The records of `team` that are not final, or became final less than `endedKeepMs` ago (so pages
   * can say what became of them), oldest `openedAt` first. With `team` undefined, those of every team.
   */
  listRequests(team: string | undefined, endedKeepMs: number): Promise<StoredRequest[]>;
  /** Calls `listener` with the id of every request written by `putRequest` or `replaceRequest`, on any instance. */
  onRequestChange(listener: (id: string) => void): Promise<() => Promise<void>>;

  /**
   * The value every instance agrees on under `name`: sets `value` when none is held (kept `ttlMs`,
   * and kept `ttlMs` again by each call that gives the same one) and resolves with the value held,
   * atomically. The proxy checks with it that every instance has the same `secret`. Optional: a
   * store without it checks nothing.
   */
  agreeOn?(name: string, value: string, ttlMs: number): Promise<string>;

  /** Says `owner` is alive for `ttlMs` from now. */
  heartbeat(owner: string, ttlMs: number): Promise<void>;
  /** Whether each of `owners` sent a heartbeat that has not lapsed; in order. */
  liveOwners(owners: readonly string[]): Promise<boolean[]>;

  /** True the first time `key` is claimed within `ttlMs`, on any instance (a notification marked sent, a deadline's stop). */
  claimOnce(key: string, ttlMs: number): Promise<boolean>;
  /** Whether a claim of `key` (`claimOnce`) holds now, on any instance, without taking it: a notification already sent. */
  hasClaim(key: string): Promise<boolean>;

  /**
   * Keeps `value` under `name` for `ttlMs`, replacing what was there: what a channel must find again
   * on any instance (the Slack message posted about a request). Optional: a store without it keeps
   * no notes, and `slackChannel` cannot update its messages.
   */
  keepNote?(name: string, value: string, ttlMs: number): Promise<void>;
  /** The note kept under `name` (`keepNote`), `undefined` for none. */
  readNote?(name: string): Promise<string | undefined>;

  /** Keeps `subscription` (replacing one with the same `endpoint`) for `ttlMs`. */
  savePushSubscription(subscription: StoredPushSubscription, ttlMs: number): Promise<void>;
  /** The push subscriptions of `team` (of `user` only, when given). */
  listPushSubscriptions(team: string, user?: string): Promise<StoredPushSubscription[]>;
  /** Forgets the subscription of `endpoint` (the push service said it is gone). */
  removePushSubscription(endpoint: string): Promise<void>;
}

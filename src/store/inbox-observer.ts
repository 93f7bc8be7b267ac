import { MAX_PAGE_LIMIT, type Page, type TaskListItem } from '../client';
import type { HumanAnswer, RequestListing } from '../request';
import { removeDraft, requestDraftScope } from '../utils';
import { compareInboxItems, statusRunId, toInboxItem, toRequestItem, type InboxItem, type InboxRequestItem } from './inbox-item';
import { requestAnswersOf, type RequestOutcome } from './request-answers';
import { resourceKeyId, resourceKeys, type RequestsKey, type ResourceKey } from './resource-key';
import type { RunStore, Watcher } from './run-store';

/** Defaults of `InboxOptions`. */
export const INBOX_DEFAULTS = Object.freeze({ listIntervalMs: 30_000 });

export interface InboxOptions {
  /**
   * The tasks whose most recent runs are watched. Default: every `active` task of
   * `GET /api/v1/tasks`, all pages of 30, listed again every `listIntervalMs`.
   */
  taskIds?: readonly string[] | undefined;
  /**
   * Milliseconds between two listings of the tasks, or `false` to list them once. Ignored with
   * `taskIds`. Also how often a proxy without requests (its 404) is asked again. Default: 30000.
   */
  listIntervalMs?: number | false | undefined;
  /** Milliseconds between status polls of each run. Default: the store's `pollIntervalMs.status` (2000). */
  pollIntervalMs?: number | undefined;
  /**
   * Lists the requests of a `createTaskProxy` too (`proxy.requests.open`: an MCP elicitation, a
   * LangGraph interrupt…), polled every `pollIntervalMs.requests` of the store (1000), when the
   * client can read them (`createTaskClient`'s can). Default: true.
   */
  requests?: boolean | undefined;
  /** When false, nothing is fetched or polled. Default: true. */
  enabled?: boolean | undefined;
}

export interface InboxResult {
  /**
   * Every tool call and request waiting for the person, oldest first, and the requests that ended
   * in the last minute (their `state` says how). Calls and requests whose answer was accepted here
   * are gone at once.
   */
  readonly items: readonly InboxItem[];
  /** The items still waiting: `items.length` less the requests that ended. */
  readonly count: number;
  /** True until the task list (or, with `taskIds`, the first status) and the requests have loaded or failed. */
  readonly isLoading: boolean;
  /**
   * The task list's last failure, else the first run status's; undefined when every last request
   * succeeded. Set also while older data is kept (then `isStale`).
   */
  readonly error: Error | undefined;
  /**
   * True when what is shown may be out of date: the last refresh of the task list or of a status
   * failed while its earlier data is kept. Default state: false.
   */
  readonly isStale: boolean;
  /**
   * When everything watched last answered without a failure, in ms since the epoch; undefined
   * until then. With `isStale`, "last updated" is this. While nothing is stale it moves only with
   * another change (a poll that brings the same data makes no new snapshot).
   */
  readonly updatedAt: number | undefined;
  /** Lists the tasks and the requests, and reads every status again now. */
  refetch(): Promise<void>;
  /**
   * Answers a request of `items` (`request.id`) with what `<HumanRequestPrompt>` gives `onAnswer`,
   * once: another call for it while the first is out joins that one. Resolves once the proxy took
   * it; the item then leaves. Rejects with the client's `TaskApiError`; a 409 (someone answered
   * first) or 410 (it ended) also turns the item into one that says so. The prompt's word at the
   * deadline (`{ action: 'cancel', expired: true }`) is not sent: the proxy ends the request
   * itself, and the item says it expired at once.
   */
  readonly answerRequest: (id: string, answer: HumanAnswer) => Promise<{ delivered: boolean }>;
}

const EMPTY_ITEMS: readonly InboxItem[] = Object.freeze([]);

/** A resource the observer reads and watches, at the interval it was watched with. */
interface Held {
  off: () => void;
  watcher: Watcher<unknown> | undefined;
  interval: number | false | undefined;
}

function sameItems(a: readonly InboxItem[], b: readonly InboxItem[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((item, index) => {
    const other = b[index];
    if (item.kind === 'request' || other?.kind !== 'tool_call') return item === other;
    return (
      item.id === other.id &&
      item.toolCall === other.toolCall &&
      item.taskName === other.taskName &&
      item.runId === other.runId &&
      item.waitingSince === other.waitingSince
    );
  });
}

/**
 * The inbox's view of the store (`useInbox`): every pending tool call across tasks. Unlike the
 * `StoreObserver` definitions, what it reads depends on what it read (the task list names the
 * runs, its `total` the further pages), so it manages its own subscriptions.
 */
export class InboxObserver {
  private readonly listeners = new Set<() => void>();
  private readonly held = new Map<string, Held>();
  private readonly taskListeners = new Map<string, () => void>();
  private offAnswers: (() => void) | undefined;
  /** Listings keep their identity while unchanged (`replaceEqualDeep`): so do their items. */
  private readonly requestItems = new WeakMap<
    RequestListing,
    { outcome: RequestOutcome | undefined; item: InboxRequestItem | undefined }
  >();
  private current: InboxResult | undefined;
  private server: InboxResult | undefined;
  private updating = false;
  private updatedAt: number | undefined;

  constructor(
    private store: RunStore,
    private options: InboxOptions,
  ) {}

  getSnapshot = (): InboxResult => (this.current ??= this.build());

  /** The result the server renders (and hydration starts from): nothing fetched. */
  getServerSnapshot = (): InboxResult =>
    (this.server ??= Object.freeze({
      items: EMPTY_ITEMS,
      count: 0,
      isLoading: this.active,
      error: undefined,
      isStale: false,
      updatedAt: undefined,
      refetch: this.refetch,
      answerRequest: this.answerRequest,
    }));

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.update();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.release();
    };
  };

  /** Adopts new options (and store); cheap when nothing changed. */
  setOptions(store: RunStore, options: InboxOptions): void {
    if (store !== this.store) this.release();
    const changed = store !== this.store || JSON.stringify(options) !== JSON.stringify(this.options);
    this.store = store;
    this.options = options;
    if (changed && this.listeners.size > 0) this.update();
  }

  private readonly refetch = async (): Promise<void> => {
    const keys = [...this.pageKeys(), ...this.tasks().map((task) => resourceKeys.status(task.id)), ...this.requestKeys()];
    await Promise.all(keys.map((key) => this.store.refetch(key).catch(() => undefined)));
  };

  private readonly answerRequest = (id: string, answer: HumanAnswer) => requestAnswersOf(this.store).answer(id, answer);

  private get active(): boolean {
    return this.options.enabled !== false;
  }

  /** The proxy's requests, when they are listed and the client can read them. */
  private requestKeys(): RequestsKey[] {
    return this.active && this.options.requests !== false && this.store.client.listRequests !== undefined ? [resourceKeys.requests()] : [];
  }

  private pageKeys(): ResourceKey[] {
    if (this.options.taskIds !== undefined || !this.active) return [];
    const first = this.store.getSnapshot(resourceKeys.tasksPage(1, MAX_PAGE_LIMIT)).data;
    const pages = first === undefined ? 1 : Math.max(1, Math.ceil(first.total / MAX_PAGE_LIMIT));
    return Array.from({ length: pages }, (_, index) => resourceKeys.tasksPage(index + 1, MAX_PAGE_LIMIT));
  }

  /** The tasks watched, with their names where the list gave them. */
  private tasks(): Array<{ id: string; name: string | undefined }> {
    if (!this.active) return [];
    if (this.options.taskIds !== undefined) return [...new Set(this.options.taskIds)].map((id) => ({ id, name: undefined }));
    const seen = new Map<string, string | undefined>();
    for (const key of this.pageKeys()) {
      const page = this.store.getSnapshot(key).data as Page<TaskListItem> | undefined;
      for (const task of page?.data ?? [])
        if (String(task.status) === 'active' && !seen.has(task.id))
          seen.set(task.id, typeof task.readable_name === 'string' ? task.readable_name : undefined);
    }
    return [...seen].map(([id, name]) => ({ id, name }));
  }

  /** Brings subscriptions and watchers in line with what the result reads now, then rebuilds it. */
  private readonly update = (): void => {
    if (this.updating) return;
    this.updating = true;
    try {
      const wanted = new Map<string, { key: ResourceKey; interval: number | false | undefined }>();
      const listInterval = this.options.listIntervalMs ?? INBOX_DEFAULTS.listIntervalMs;
      for (const key of this.pageKeys()) wanted.set(resourceKeyId(key), { key, interval: listInterval });
      const tasks = this.tasks();
      for (const task of tasks) {
        const key = resourceKeys.status(task.id);
        wanted.set(resourceKeyId(key), { key, interval: this.options.pollIntervalMs });
      }
      for (const key of this.requestKeys()) {
        // A proxy without requests is asked again as seldom as the task list, not every second.
        const served = this.store.getSnapshot(resourceKeys.requests()).data?.served !== false;
        wanted.set(resourceKeyId(key), { key, interval: served ? undefined : listInterval });
      }
      for (const [id, held] of this.held) {
        const want = wanted.get(id);
        if (want !== undefined && want.interval === held.interval) continue;
        held.off();
        held.watcher?.unwatch();
        this.held.delete(id);
      }
      for (const [id, { key, interval }] of wanted) {
        if (this.held.has(id)) continue;
        const entry: Held = { off: this.store.subscribe(key, this.update), watcher: undefined, interval };
        // Held before watching: a watch that answers at once calls back into `update`.
        this.held.set(id, entry);
        entry.watcher = this.store.watch(key, { pollIntervalMs: interval });
      }
      this.syncTaskListeners(tasks.map((task) => task.id));
      // Answers to requests (this page's, or a 409 or 410 they got) change the items before the proxy's list does.
      this.offAnswers ??= requestAnswersOf(this.store).subscribe(this.update);
    } finally {
      this.updating = false;
    }
    const next = this.build();
    const before = this.current;
    if (
      before !== undefined &&
      before.isLoading === next.isLoading &&
      before.error === next.error &&
      before.isStale === next.isStale &&
      // A poll that brings the same data is no change: it only moves `updatedAt`, which is read
      // beside stale data, so a page of 200 items is not rendered again at every status answer.
      (before.updatedAt === next.updatedAt || !next.isStale) &&
      sameItems(before.items, next.items)
    )
      return;
    this.current = next;
    for (const listener of [...this.listeners]) listener();
  };

  /** Answers accepted take their items away at once, before the service shows the call gone. */
  private syncTaskListeners(taskIds: readonly string[]): void {
    const wanted = new Set(taskIds);
    for (const [taskId, off] of this.taskListeners) {
      if (wanted.has(taskId)) continue;
      off();
      this.taskListeners.delete(taskId);
    }
    for (const taskId of wanted)
      if (!this.taskListeners.has(taskId)) this.taskListeners.set(taskId, this.store.subscribeToolInputs(taskId, this.update));
  }

  private build(): InboxResult {
    const store = this.store;
    const items: InboxItem[] = [];
    let error: Error | undefined;
    let listLoading = false;
    let stale = false;
    for (const key of this.pageKeys()) {
      const snapshot = store.getSnapshot(key);
      if (snapshot.data === undefined && snapshot.error === undefined) listLoading = true;
      // A failure is shown even while the earlier list is kept: an unreachable service must not
      // look like one where nothing waits.
      error ??= snapshot.error;
      if (snapshot.data !== undefined && snapshot.error !== undefined) stale = true;
    }
    const tasks = this.tasks();
    let statusesSettled = tasks.length === 0;
    const now = Date.now();
    for (const task of tasks) {
      const snapshot = store.getSnapshot(resourceKeys.status(task.id));
      if (snapshot.data !== undefined || snapshot.error !== undefined) statusesSettled = true;
      error ??= snapshot.error;
      if (snapshot.data === undefined) continue;
      if (snapshot.error !== undefined) stale = true;
      const call = snapshot.data.toolCall;
      if (call === null || call === undefined || typeof call.toolCallId !== 'string') continue;
      const answer = store.getToolInput(task.id, call.toolCallId).state;
      if (answer === 'submitted' || answer === 'stale') continue;
      const item = toInboxItem(
        task.id,
        task.name,
        call,
        store.getWaitingSince(task.id, call.toolCallId) ?? now,
        statusRunId(snapshot.data),
      );
      if (item !== undefined) items.push(item);
    }
    let requestsLoading = false;
    const answers = requestAnswersOf(store);
    for (const key of this.requestKeys()) {
      const snapshot = store.getSnapshot(key);
      if (snapshot.data === undefined && snapshot.error === undefined) requestsLoading = true;
      error ??= snapshot.error;
      if (snapshot.data !== undefined && snapshot.error !== undefined) stale = true;
      for (const listing of snapshot.data?.requests ?? []) {
        const item = this.requestItem(listing, answers.get(listing.request.id));
        if (item !== undefined) items.push(item);
      }
    }
    items.sort(compareInboxItems);
    const loading = this.active && (listLoading || requestsLoading || (this.options.taskIds !== undefined && !statusesSettled));
    if (!loading && error === undefined && this.active) this.updatedAt = now;
    return Object.freeze({
      items: items.length === 0 ? EMPTY_ITEMS : Object.freeze(items),
      count: items.filter((item) => item.kind === 'tool_call' || item.state === 'open').length,
      isLoading: loading,
      error,
      isStale: stale,
      updatedAt: this.updatedAt,
      refetch: this.refetch,
      answerRequest: this.answerRequest,
    });
  }

  /** The item of a listing, the same object while neither it nor what this page learnt of it changed. */
  private requestItem(listing: RequestListing, outcome: RequestOutcome | undefined): InboxRequestItem | undefined {
    const cached = this.requestItems.get(listing);
    if (cached !== undefined && cached.outcome === outcome) return cached.item;
    const item = toRequestItem(listing, outcome);
    this.requestItems.set(listing, { outcome, item });
    // What was typed for a request that can no longer be answered goes, as a call's does when it goes away.
    if (item !== undefined && item.state !== 'open') removeDraft(requestDraftScope(item.source), item.request.id);
    return item;
  }

  private release(): void {
    for (const held of this.held.values()) {
      held.off();
      held.watcher?.unwatch();
    }
    this.held.clear();
    for (const off of this.taskListeners.values()) off();
    this.taskListeners.clear();
    this.offAnswers?.();
    this.offAnswers = undefined;
  }
}

import { isAnswerableToolCall, MAX_PAGE_LIMIT, type Page, type TaskListItem } from '../client';
import type { HumanAnswer, RequestListing } from '../request';
import { removeDraft, requestDraftScope } from '../utils';
import { compareInboxItems, toInboxItem, toRequestItem, type InboxItem, type InboxRequestItem } from './inbox-item';
import { requestAnswersOf, type RequestOutcome } from './request-answers';
import { resourceKeys, type RequestsKey, type ResourceKey } from './resource-key';
import type { RunStore } from './run-store';
import { StoreObserver, type ObserverDefinition } from './store-observer';

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

const isActive = (options: InboxOptions) => options.enabled !== false;

/** The proxy's requests, when they are listed and the client can read them. */
function requestKeys(store: RunStore, options: InboxOptions): RequestsKey[] {
  return isActive(options) && options.requests !== false && store.client.listRequests !== undefined ? [resourceKeys.requests()] : [];
}

function pageKeys(store: RunStore, options: InboxOptions): ResourceKey[] {
  if (options.taskIds !== undefined || !isActive(options)) return [];
  const first = store.getSnapshot(resourceKeys.tasksPage(1, MAX_PAGE_LIMIT)).data;
  const pages = first === undefined ? 1 : Math.max(1, Math.ceil(first.total / MAX_PAGE_LIMIT));
  return Array.from({ length: pages }, (_, index) => resourceKeys.tasksPage(index + 1, MAX_PAGE_LIMIT));
}

/** The tasks watched, with their names where the list gave them. */
function tasksOf(store: RunStore, options: InboxOptions): Array<{ id: string; name: string | undefined }> {
  if (!isActive(options)) return [];
  if (options.taskIds !== undefined) return [...new Set(options.taskIds)].map((id) => ({ id, name: undefined }));
  const seen = new Map<string, string | undefined>();
  for (const key of pageKeys(store, options)) {
    const page = store.getSnapshot(key).data as Page<TaskListItem> | undefined;
    for (const task of page?.data ?? [])
      if (String(task.status) === 'active' && !seen.has(task.id))
        seen.set(task.id, typeof task.readable_name === 'string' ? task.readable_name : undefined);
  }
  return [...seen].map(([id, name]) => ({ id, name }));
}

/** Every key the inbox reads: the task list's pages, the watched tasks' statuses, the requests. */
function keysOf(store: RunStore, options: InboxOptions): ResourceKey[] {
  const statuses = tasksOf(store, options).map((task) => resourceKeys.status(task.id));
  return [...pageKeys(store, options), ...statuses, ...requestKeys(store, options)];
}

/** What the inbox remembers between results. */
interface InboxMemory {
  updatedAt: number | undefined;
  /** Listings keep their identity while unchanged (`replaceEqualDeep`): so do their items. */
  readonly requestItems: WeakMap<RequestListing, { outcome: RequestOutcome | undefined; item: InboxRequestItem | undefined }>;
  last: InboxResult | undefined;
}

/** The item of a listing, the same object while neither it nor what this page learnt of it changed. */
function requestItem(memory: InboxMemory, listing: RequestListing, outcome: RequestOutcome | undefined): InboxRequestItem | undefined {
  const cached = memory.requestItems.get(listing);
  if (cached !== undefined && cached.outcome === outcome) return cached.item;
  const item = toRequestItem(listing, outcome);
  memory.requestItems.set(listing, { outcome, item });
  // What was typed for a request that can no longer be answered goes, as a call's does when it goes away.
  if (item !== undefined && item.state !== 'open') removeDraft(requestDraftScope(item.source), item.request.id);
  return item;
}

type Actions = Pick<InboxResult, 'refetch' | 'answerRequest'>;

/**
 * The inbox's view of the store: what it reads depends on what it read (the task list names the
 * runs, its `total` the further pages).
 */
const inboxObserver: ObserverDefinition<InboxOptions, InboxResult, Actions, InboxMemory> = {
  signature: (options) => JSON.stringify(options),
  // Answers accepted take their items away at once, before the service shows the call gone.
  reads: (options, store) => ({ keys: keysOf(store, options), toolInputsOf: tasksOf(store, options).map((task) => task.id) }),
  // Answers to requests (this page's, or a 409 or 410 they got) change the items before the proxy's list does.
  listen: (store, onChange) => requestAnswersOf(store).subscribe(onChange),
  watches(options, _result, store) {
    const listInterval = options.listIntervalMs ?? INBOX_DEFAULTS.listIntervalMs;
    // A proxy without requests is asked again as seldom as the task list, not every second.
    const served = store.getSnapshot(resourceKeys.requests()).data?.served !== false;
    return [
      ...pageKeys(store, options).map((key) => ({ key, options: { pollIntervalMs: listInterval } })),
      ...tasksOf(store, options).map((task) => ({
        key: resourceKeys.status(task.id),
        options: { pollIntervalMs: options.pollIntervalMs },
      })),
      ...requestKeys(store, options).map((key) => ({ key, options: { pollIntervalMs: served ? undefined : listInterval } })),
    ];
  },
  memory: () => ({ updatedAt: undefined, requestItems: new WeakMap(), last: undefined }),
  actions: (store, options) => ({
    async refetch() {
      const current = store();
      await Promise.all(keysOf(current, options()).map((key) => current.refetch(key).catch(() => undefined)));
    },
    answerRequest: (id, answer) => requestAnswersOf(store()).answer(id, answer),
  }),
  select(store, options, actions, memory) {
    const items: InboxItem[] = [];
    let error: Error | undefined;
    let listLoading = false;
    let stale = false;
    /** `lists`: a listing (of the tasks or the requests), which loads until it answers. */
    const read = <K extends ResourceKey>(key: K, lists = false) => {
      const snapshot = store.getSnapshot(key);
      if (lists && snapshot.data === undefined && snapshot.error === undefined) listLoading = true;
      // A failure is shown even while the earlier data is kept: an unreachable service must not
      // look like one where nothing waits.
      error ??= snapshot.error;
      if (snapshot.data !== undefined && snapshot.error !== undefined) stale = true;
      return snapshot;
    };
    for (const key of pageKeys(store, options)) read(key, true);
    const tasks = tasksOf(store, options);
    let statusesSettled = tasks.length === 0;
    const now = Date.now();
    for (const task of tasks) {
      const snapshot = read(resourceKeys.status(task.id));
      if (snapshot.data !== undefined || snapshot.error !== undefined) statusesSettled = true;
      if (snapshot.data === undefined) continue;
      const call = snapshot.data.toolCall;
      if (!isAnswerableToolCall(call)) continue;
      const answer = store.getToolInput(task.id, call.toolCallId).state;
      if (answer === 'submitted' || answer === 'stale') continue;
      items.push(toInboxItem(task, snapshot.data, call, store.getWaitingSince(task.id, call.toolCallId) ?? now));
    }
    const answers = requestAnswersOf(store);
    for (const key of requestKeys(store, options)) {
      for (const listing of read(key, true).data?.requests ?? []) {
        const item = requestItem(memory, listing, answers.get(listing.request.id));
        if (item !== undefined) items.push(item);
      }
    }
    items.sort(compareInboxItems);
    const active = isActive(options);
    const loading = active && (listLoading || (options.taskIds !== undefined && !statusesSettled));
    if (!loading && error === undefined && active) memory.updatedAt = now;
    const before = memory.last;
    if (
      before !== undefined &&
      before.isLoading === loading &&
      before.error === error &&
      before.isStale === stale &&
      // A poll that brings the same data is no change: it only moves `updatedAt`, which is read
      // beside stale data, so a page of 200 items is not rendered again at every status answer.
      (before.updatedAt === memory.updatedAt || !stale) &&
      sameItems(before.items, items)
    )
      return before;
    return (memory.last = Object.freeze({
      items: items.length === 0 ? EMPTY_ITEMS : Object.freeze(items),
      count: items.filter((item) => item.kind === 'tool_call' || item.state === 'open').length,
      isLoading: loading,
      error,
      isStale: stale,
      updatedAt: memory.updatedAt,
      ...actions,
    }));
  },
  initial: (options, actions) =>
    Object.freeze({
      items: EMPTY_ITEMS,
      count: 0,
      isLoading: isActive(options),
      error: undefined,
      isStale: false,
      updatedAt: undefined,
      ...actions,
    }),
};

/** The inbox's observer (`useInbox`): every pending tool call across tasks, and the proxy's requests. */
export class InboxObserver extends StoreObserver<InboxOptions, InboxResult, Actions, InboxMemory> {
  constructor(store: RunStore, options: InboxOptions) {
    super(inboxObserver, store, options);
  }

  readonly getSnapshot = (): InboxResult => this.getCurrentResult();

  /** The result the server renders (and hydration starts from): nothing fetched. */
  readonly getServerSnapshot = (): InboxResult => this.serverResult(this.options);
}

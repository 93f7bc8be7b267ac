import { EMPTY_SNAPSHOT, type WatchOptions } from './resource';
import { resourceKeyId, type ResourceKey } from './resource-key';
import type { RunStore, Watcher } from './run-store';
import { IDLE_TOOL_INPUT } from './tool-input-state';

/**
 * The listeners of an observer, as TanStack Query's `Subscribable`: `onSubscribe` runs when the
 * first one comes, `onUnsubscribe` when the last one leaves.
 */
export class Subscribable {
  protected readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.onSubscribe();
    return () => {
      if (this.listeners.delete(listener) && this.listeners.size === 0) this.onUnsubscribe();
    };
  };

  protected onSubscribe(): void {}

  protected onUnsubscribe(): void {}

  /** Tells every listener, including one that unsubscribes another on the way. */
  protected notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** A resource to keep fetched (and polled) while the observer has listeners. */
export interface WatchRequest {
  readonly key: ResourceKey;
  readonly options: WatchOptions<unknown>;
}

/**
 * What one kind of observer reads and watches, and how it builds its result: the part of a hook
 * that is not React. Each hook of `src/hooks` is `useStoreObserver(definition, store, options)`.
 */
export interface ObserverDefinition<O, R extends object, A extends object = object, M = undefined> {
  /** Everything of `options` the result depends on, as a string: equal strings and equal store state give equal results. */
  signature(options: O): string;
  /**
   * The resources the result reads, and the tasks whose answers it reads (tool-input states). Read
   * again at each change: what a result reads may depend on what it read (the inbox's task list).
   */
  reads(options: O, store: RunStore): { readonly keys: readonly ResourceKey[]; readonly toolInputsOf?: string | readonly string[] };
  /** Anything else the result reads, besides the store's resources and answers. Default: nothing. */
  listen?: (store: RunStore, onChange: () => void) => () => void;
  /** What to keep watched, given the options and the result just built. */
  watches(options: O, result: R, store: RunStore): readonly WatchRequest[];
  /** The result's functions, made once per observer; they read the latest store and options. */
  actions(store: () => RunStore, options: () => O, result: () => R): A;
  /** What the observer remembers between results (e.g. the page shown last), made once per observer. Default: nothing. */
  memory?(): M;
  /** The result now. */
  select(store: RunStore, options: O, actions: A, memory: M): R;
  /** The result on the server and while hydrating. Default: `select` over a store where nothing was fetched. */
  initial?(options: O, actions: A): R;
}

/** A store where nothing was fetched or answered: what the server renders, and hydration starts from. */
const NOTHING_FETCHED = {
  getSnapshot: () => EMPTY_SNAPSHOT,
  getToolInput: () => IDLE_TOOL_INPUT,
  getToolInputSubject: () => undefined,
  getWaitingSince: () => undefined,
  isRunTerminal: () => false,
} as Partial<RunStore> as RunStore;

type Fields = Record<string, unknown>;

function shallowEqual(a: object, b: object): boolean {
  const left = a as Fields;
  const right = b as Fields;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) if (!Object.is(left[key], right[key])) return false;
  return true;
}

/**
 * Observes the store for one component, like TanStack Query's `QueryObserver`: it subscribes to the
 * resources its result reads, keeps the right ones watched while it has listeners, builds a result
 * that keeps its identity while nothing in it changed, and notifies its listeners only when a field
 * the component has read changed (a component showing `data` is not re-rendered by the
 * `isFetching` flips of a poll that brought nothing new).
 */
export class StoreObserver<O, R extends object, A extends object = object, M = undefined> extends Subscribable {
  private store: RunStore;
  protected options: O;
  private readonly actions: A;
  /** Last result per options signature (two, so a render with new options does not thrash the current one). */
  private readonly results = new Map<string, R>();
  private readonly memory: M;
  private readonly servers = new Map<string, R>();
  private readonly tracked = new Set<string>();
  private trackedView: { result: R; view: R } | undefined;
  /** What the observer listens to, by resource key id (and `tool-inputs:` task id): how to stop. */
  private readonly reads = new Map<string, () => void>();
  private readonly watching = new WatchSet((key, options) => this.store.watch(key, options));
  private updating = false;
  private dirty = false;

  constructor(
    private readonly definition: ObserverDefinition<O, R, A, M>,
    store: RunStore,
    options: O,
  ) {
    super();
    this.store = store;
    this.options = options;
    this.memory = definition.memory?.() as M;
    this.actions = definition.actions(
      () => this.store,
      () => this.options,
      () => this.result(this.store, this.options),
    );
  }

  /** The result for `store` and `options` now; the same object while nothing in it changed. */
  readonly result = (store: RunStore, options: O): R => {
    const signature = this.definition.signature(options);
    const cached = this.results.get(signature);
    const next = this.definition.select(store, options, this.actions, this.memory);
    const result = cached !== undefined && shallowEqual(cached, next) ? cached : next;
    if (result !== cached) {
      this.results.delete(signature);
      this.results.set(signature, result);
      if (this.results.size > 2) this.results.delete(this.results.keys().next().value as string);
    }
    return result;
  };

  /** The result the server renders (and hydration starts from) for `options`. */
  readonly serverResult = (options: O): R => {
    const signature = this.definition.signature(options);
    let result = this.servers.get(signature);
    if (result === undefined) {
      result =
        this.definition.initial?.(options, this.actions) ??
        this.definition.select(NOTHING_FETCHED, options, this.actions, this.definition.memory?.() as M);
      this.servers.clear();
      this.servers.set(signature, result);
    }
    return result;
  };

  /** Adopts new options (and store), after a render used them. Cheap when nothing changed. */
  setOptions(store: RunStore, options: O): void {
    if (store !== this.store) {
      this.unsubscribeReads();
      this.watching.set([]);
      // The results are kept: the next one is compared with them, so the listeners hear of the new store's data.
      this.store = store;
    }
    this.options = options;
    if (this.listeners.size > 0) this.onStoreChange();
  }

  /** The result last built for the current options (made now if there is none), without building it again. */
  getCurrentResult(): R {
    return this.results.get(this.definition.signature(this.options)) ?? this.result(this.store, this.options);
  }

  protected override onSubscribe(): void {
    this.onStoreChange();
  }

  protected override onUnsubscribe(): void {
    this.unsubscribeReads();
    this.watching.set([]);
  }

  /**
   * `result` with getters that record which fields the component reads. Until one was read, every
   * change notifies: code that reads the result later (an effect, a callback) must not see it frozen.
   */
  trackResult(result: R): R {
    if (this.trackedView?.result === result) return this.trackedView.view;
    const view = {} as Fields;
    for (const key of Object.keys(result)) {
      Object.defineProperty(view, key, {
        enumerable: true,
        get: () => {
          this.tracked.add(key);
          return (result as Fields)[key];
        },
      });
    }
    Object.freeze(view);
    this.trackedView = { result, view: view as R };
    return view as R;
  }

  private readonly onStoreChange = (): void => {
    // Watching may fetch at once and so call back here; the outer call loops until things settle.
    if (this.updating) {
      this.dirty = true;
      return;
    }
    this.updating = true;
    const before = this.results.get(this.definition.signature(this.options));
    let after: R;
    try {
      do {
        this.dirty = false;
        if (this.listeners.size > 0) this.subscribeReads();
        after = this.result(this.store, this.options);
        this.watching.set(this.listeners.size > 0 ? this.definition.watches(this.options, after, this.store) : []);
      } while (this.dirty);
    } finally {
      this.updating = false;
    }
    if (before !== undefined && before !== after && this.changedForReader(before, after)) this.notify();
  };

  private changedForReader(before: R, after: R): boolean {
    if (this.tracked.size === 0) return true;
    for (const key of this.tracked) if (!Object.is((before as Fields)[key], (after as Fields)[key])) return true;
    return false;
  }

  private subscribeReads(): void {
    const { keys, toolInputsOf = [] } = this.definition.reads(this.options, this.store);
    const wanted = new Map<string, () => () => void>();
    for (const key of keys) wanted.set(resourceKeyId(key), () => this.store.subscribe(key, this.onStoreChange));
    for (const taskId of typeof toolInputsOf === 'string' ? [toolInputsOf] : toolInputsOf)
      wanted.set(`tool-inputs:${taskId}`, () => this.store.subscribeToolInputs(taskId, this.onStoreChange));
    const { listen } = this.definition;
    if (listen !== undefined) wanted.set('listen', () => listen(this.store, this.onStoreChange));
    for (const [id, off] of this.reads) {
      if (wanted.has(id)) continue;
      this.reads.delete(id);
      off();
    }
    for (const [id, open] of wanted) if (!this.reads.has(id)) this.reads.set(id, open());
  }

  private unsubscribeReads(): void {
    for (const off of this.reads.values()) off();
    this.reads.clear();
  }
}

/**
 * The watchers one reader holds, kept in line with what it wants watched now: new keys are watched,
 * keys no longer wanted unwatched, and a watcher whose options changed gets them. Used by each
 * `StoreObserver`, and by the leader tab for what the other tabs watch.
 */
export class WatchSet {
  private readonly held = new Map<string, { watcher: Watcher<unknown>; options: WatchOptions<unknown> }>();

  constructor(private readonly watch: (key: ResourceKey, options: WatchOptions<unknown>) => Watcher<unknown>) {}

  /** Whether the resource of this key id is watched. */
  has(id: string): boolean {
    return this.held.has(id);
  }

  /** Watches exactly `requests` (the last of a key wins); nothing stops the watchers it still wants. */
  set(requests: Iterable<WatchRequest>): void {
    const wanted = new Map<string, WatchRequest>();
    for (const request of requests) wanted.set(resourceKeyId(request.key), request);
    for (const [id, held] of this.held) {
      if (wanted.has(id)) continue;
      this.held.delete(id);
      held.watcher.unwatch();
    }
    for (const [id, { key, options }] of wanted) {
      const held = this.held.get(id);
      if (held === undefined) {
        this.held.set(id, { watcher: this.watch(key, options), options });
      } else if (held.options.pollIntervalMs !== options.pollIntervalMs || held.options.passive !== options.passive) {
        held.options = options;
        held.watcher.setOptions(options);
      }
    }
  }
}

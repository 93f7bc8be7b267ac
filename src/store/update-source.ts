import type { BackoffOptions } from '../utils';
import type { Resource, WatchOptions } from './resource';
import type { ResourceKey } from './resource-key';
import type { Watcher } from './run-store';
import type { CrossTabOptions, StreamOptions } from './run-store-options';
import type { StoreEnvironment } from './store-environment';
import type { ToolInputRef } from './tool-input-state';
import type { WaitingClock } from './waiting-since';

/**
 * A way data reaches the store besides its own polls: the proxy's event stream (`EventFeed`), or
 * the leader among the tabs of the origin (`CrossTabSync`). It covers some resources, which the
 * store then does not poll, and pushes their data through `UpdateSourceHost.push`.
 */
export interface UpdateSource {
  /** This source brings `resource` now: the store does not poll it. */
  covers(resource: Resource): boolean;
  /** What the store watches, or whether it is paused, changed: the source follows soon. */
  refresh(): void;
  /** A resource of the store changed (a leader passes it on to the tabs that watch it). */
  published?(resource: Resource): void;
  destroy(): void;
}

/** What a store gives its update sources. */
export interface UpdateSourceHost {
  readonly random: () => number;
  /** When this store first saw each pending call; followers adopt the leader's earlier sightings. */
  readonly waits: WaitingClock;
  /** Every resource of the store, oldest first. */
  resources(): Iterable<Resource>;
  /** The interval the watchers of `resource` ask for; undefined when it is read once. */
  requestedInterval(resource: Resource): number | undefined;
  watch(key: ResourceKey, options: WatchOptions<unknown>): Watcher<unknown>;
  /**
   * Data (or an error) read elsewhere at `at`, applied as this store's own answer would be.
   * `checked`: the data already passed the wire checks where it was read.
   */
  push(key: ResourceKey, at: number, data: unknown, error: unknown, checked: boolean): void;
  /** What the sources cover changed: `keys` (or every resource) are scheduled again. */
  reschedule(keys?: readonly ResourceKey[]): void;
  isPaused(): boolean;
  /** Another tab's answer to this call was accepted. */
  adoptAnswered(ref: ToolInputRef): void;
}

/** Whether a watched resource wants updates: a status watched with `pollIntervalMs: false` is read once. */
export const wantsUpdates = (host: UpdateSourceHost, resource: Resource): boolean =>
  resource.key.resource !== 'status' || host.requestedInterval(resource) !== undefined;

/** `RunStoreOptions.stream` with its defaults, and the store's backoff for reconnecting. */
export type EventFeedSettings = Required<StreamOptions> & { backoff: BackoffOptions };

/** The link to the other tabs of the origin named `name`, through `options.environment` or the browser's. */
export interface TabsPlan {
  readonly options: CrossTabOptions;
  readonly name: string;
  readonly base: StoreEnvironment;
  /** The calls this tab has on screen, counted before the code loaded. */
  readonly showing: ReadonlyMap<string, number>;
  /** Whether a tab of the origin is visible may have changed (the leader then polls, or stops). */
  notifyVisibility(): void;
}

import { clientScope, type TaskClient } from '../client';
import type { BackoffOptions } from '../utils';
import type { CrossTabSync } from './cross-tab-sync';
import type { EventFeed } from './event-feed';
import { isRunResourceKey, isTabSharedKind } from './resource-key';
import type { RunStoreTabs, Transport } from './run-store';
import { RUN_STORE_DEFAULTS, type RunStoreOptions } from './run-store-options';
import { hasBrowserTabs, type StoreEnvironment } from './store-environment';
import type { ToolInputRef } from './tool-input-state';
import { wantsUpdates, type TabsPlan, type UpdateSource, type UpdateSourceHost } from './update-source';

/** The store's update sources as one, whether or not their code is there yet. */
export interface StoreSources extends Required<UpdateSource> {
  /** The environment the scheduler pauses by (a leader counts as visible while any tab is). */
  readonly environment: StoreEnvironment;
  readonly tabs: RunStoreTabs;
  transport(): Transport;
  /** Runs `send` once for the origin, under a lock per call (see `CrossTabSync.exclusive`). */
  exclusive(ref: ToolInputRef, send: () => Promise<void>): Promise<void>;
}

/**
 * Opens the store's update sources. Their code (the stream's connection, the tabs' elections and
 * records) loads on demand in one piece, only for a client with a stream or tabs to reach, so a
 * page outside a browser, or with neither, does not ship it. Until it is there, what the sources
 * will bring waits, as it would for a leader; answers and `once` wait for it; what is on screen is
 * counted here and handed over.
 */
export function createStoreSources(
  client: TaskClient,
  options: RunStoreOptions,
  host: UpdateSourceHost,
  base: StoreEnvironment,
  backoff: BackoffOptions,
): StoreSources {
  const showing = new Map<string, number>();
  const listeners = new Set<() => void>();
  const done = new Set<string>();
  const notifyVisibility = () => {
    for (const listener of [...listeners]) listener();
  };
  let feed: EventFeed | undefined;
  let sync: CrossTabSync | undefined;
  let destroyed = false;
  let loading: Promise<void> | undefined;

  const crossTab = options.crossTab;
  // The browser's environment is made by the code that uses it, loaded below.
  const name = crossTab === false ? undefined : (crossTab?.name ?? clientScope(client));
  const reachable = crossTab !== false && (crossTab?.environment !== undefined || hasBrowserTabs());
  const tabs: TabsPlan | undefined =
    reachable && name !== undefined ? { options: crossTab || {}, name, base, showing, notifyVisibility } : undefined;
  const stream = client.events;
  if (stream !== undefined || tabs !== undefined) {
    loading = import('./open-update-sources')
      .then(({ EventFeed, openCrossTabSync }) => {
        if (destroyed) return;
        feed = stream && new EventFeed(host, stream, { ...RUN_STORE_DEFAULTS.stream, ...options.stream, backoff });
        sync = tabs && openCrossTabSync(host, tabs);
      })
      // Without their code (a failed chunk load), the store polls everything itself.
      .catch(() => undefined)
      .finally(() => {
        loading = undefined;
        if (destroyed) return;
        host.reschedule();
        notifyVisibility();
      });
  }
  /** Runs `action` once the code has loaded (at once when nothing is loading). */
  const afterLoad = <T>(action: () => T | Promise<T>): Promise<T> =>
    loading === undefined ? Promise.resolve(action()) : loading.then(action);
  const each = (action: (source: UpdateSource) => void) => [sync, feed].forEach((source) => source && action(source));

  return {
    environment: {
      isVisible: () => base.isVisible() || sync?.pollsForVisibleTab() === true,
      isOnline: () => base.isOnline(),
      subscribe(onChange) {
        const off = base.subscribe(onChange);
        listeners.add(onChange);
        return () => {
          off();
          listeners.delete(onChange);
        };
      },
    },
    covers(resource) {
      const kind = resource.key.resource;
      if (loading !== undefined)
        return (
          (tabs !== undefined && isTabSharedKind(kind)) ||
          (stream !== undefined && isRunResourceKey(resource.key) && wantsUpdates(host, resource))
        );
      // The tabs first: a follower fed by its leader does not follow the stream for itself.
      return sync?.covers(resource) === true || feed?.covers(resource) === true;
    },
    published: (resource) => sync?.published(resource),
    refresh: () => each((source) => source.refresh()),
    transport: () => feed?.transport ?? (loading !== undefined && stream !== undefined ? 'stream' : 'polling'),
    exclusive: (ref, send) => afterLoad(() => (sync === undefined ? send() : sync.exclusive(ref, send))),
    tabs: {
      role: () => sync?.role ?? 'alone',
      once: (onceName, action) =>
        afterLoad(async () => {
          if (sync !== undefined) return sync.once(onceName, action);
          if (done.has(onceName)) return false;
          done.add(onceName);
          await action();
          return true;
        }),
      show(id) {
        showing.set(id, (showing.get(id) ?? 0) + 1);
        sync?.refresh();
        let active = true;
        return () => {
          if (!active) return;
          active = false;
          const count = (showing.get(id) ?? 1) - 1;
          if (count <= 0) showing.delete(id);
          else showing.set(id, count);
          sync?.refresh();
        };
      },
      isShownInVisibleTab: (id) => (base.isVisible() && showing.has(id)) || sync?.shownInOtherVisibleTab(id) === true,
    },
    destroy() {
      destroyed = true;
      each((source) => source.destroy());
    },
  };
}

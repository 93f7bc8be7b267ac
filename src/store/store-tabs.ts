import { clientScope, type TaskClient } from '../client';
import type { CrossTabDeps, CrossTabOptions, CrossTabSync } from './cross-tab-sync';
import type { Resource } from './resource';
import { isTabSharedKind } from './resource-key';
import type { RunStoreTabs } from './run-store';
import type { StoreEnvironment } from './store-environment';
import { createBrowserTabEnvironment } from './tab-environment';
import type { ToolInputRef } from './tool-input-state';

/** What a store offers about the other tabs of its origin, whether or not it can reach them. */
export interface StoreTabs extends RunStoreTabs {
  /** The environment the scheduler pauses by (a leader counts as visible while any tab is). */
  readonly environment: StoreEnvironment;
  /** Another tab polls this resource for this one, or the link is still loading: not polled here. */
  covers(resource: Resource): boolean;
  /** A resource of this tab changed: the leader posts it to the tabs that watch it. */
  published(resource: Resource): void;
  /** What this tab watches changed. */
  refresh(): void;
  /** Runs `send` once for the origin, under a lock per call (see `CrossTabSync.exclusive`). */
  exclusive(ref: ToolInputRef, send: () => Promise<void>): Promise<void>;
  destroy(): void;
}

/**
 * The store's link to the other tabs. Its code (elections, shared records, the messages) loads on
 * demand, only where there are tabs to reach, so a page outside a browser, or with `crossTab: false`,
 * does not ship it. Until it is there, the resources other tabs may poll wait, as they would for a
 * leader; answers and `once` wait for it; what is on screen is counted here and handed over.
 */
export function createStoreTabs(
  client: TaskClient,
  option: false | CrossTabOptions | undefined,
  deps: CrossTabDeps,
  base: StoreEnvironment,
): StoreTabs {
  const showing = new Map<string, number>();
  const visibilityListeners = new Set<() => void>();
  const done = new Set<string>();
  const notifyVisibility = () => {
    for (const listener of [...visibilityListeners]) listener();
  };
  let sync: CrossTabSync | undefined;
  let destroyed = false;
  let loading: Promise<void> | undefined;

  const tabs = option === false ? undefined : (option?.environment ?? createBrowserTabEnvironment());
  const name = option === false ? undefined : (option?.name ?? clientScope(client));
  if (tabs !== undefined && name !== undefined) {
    loading = import('./cross-tab-sync')
      .then(({ openCrossTabSync }) => {
        if (!destroyed) sync = openCrossTabSync(deps, base, tabs, option || {}, name, showing, notifyVisibility);
      })
      // Without its code (a failed chunk load), each tab polls for itself, as without a channel.
      .catch(() => undefined)
      .finally(() => {
        loading = undefined;
        if (destroyed) return;
        deps.onCoverageChange();
        notifyVisibility();
      });
  }
  /** Runs `action` with the link once it has loaded (at once when nothing is loading). */
  const afterLoad = <T>(action: () => T | Promise<T>): Promise<T> =>
    loading === undefined ? Promise.resolve(action()) : loading.then(action);

  return {
    environment: {
      isVisible: () => base.isVisible() || sync?.pollsForVisibleTab() === true,
      isOnline: () => base.isOnline(),
      subscribe(onChange) {
        const off = base.subscribe(onChange);
        visibilityListeners.add(onChange);
        return () => {
          off();
          visibilityListeners.delete(onChange);
        };
      },
    },
    role: () => sync?.role ?? 'alone',
    covers: (resource) => (loading !== undefined && isTabSharedKind(resource.key.resource)) || sync?.covers(resource) === true,
    published: (resource) => sync?.published(resource),
    refresh: () => sync?.refresh(),
    exclusive: (ref, send) => afterLoad(() => (sync === undefined ? send() : sync.exclusive(ref, send))),
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
    destroy() {
      destroyed = true;
      sync?.destroy();
    },
  };
}

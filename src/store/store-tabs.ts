import { clientScope, type TaskClient } from '../client';
import { CrossTabSync, type CrossTabDeps, type CrossTabOptions } from './cross-tab-sync';
import type { StoreEnvironment } from './store-environment';
import type { RunStoreTabs } from './run-store';
import { createBrowserTabEnvironment } from './tab-environment';

/** What a store offers about the other tabs of its origin, whether or not it can reach them. */
export interface StoreTabs extends RunStoreTabs {
  readonly sync: CrossTabSync | undefined;
  /** The environment the scheduler pauses by (a leader counts as visible while any tab is). */
  readonly environment: StoreEnvironment;
}

function openSync(client: TaskClient, option: CrossTabOptions | undefined, deps: CrossTabDeps, base: StoreEnvironment) {
  const tabs = option?.environment ?? createBrowserTabEnvironment();
  const name = option?.name ?? clientScope(client);
  if (tabs === undefined || name === undefined) return undefined;
  const channel = tabs.channel(`hitl-react:1:${name}`);
  return channel === undefined ? undefined : new CrossTabSync(deps, base, channel, tabs, option ?? {}, name);
}

/** The store's cross-tab link, or a stand-in that keeps the same promises within this tab. */
export function createStoreTabs(
  client: TaskClient,
  option: false | CrossTabOptions | undefined,
  deps: CrossTabDeps,
  base: StoreEnvironment,
): StoreTabs {
  const sync = option === false ? undefined : openSync(client, option, deps, base);
  if (sync !== undefined)
    return {
      sync,
      environment: sync.environment(),
      role: () => sync.role,
      once: (name, action) => sync.once(name, action),
      show: (id) => sync.show(id),
      isShownInVisibleTab: (id) => sync.isShownInVisibleTab(id),
    };
  const done = new Set<string>();
  const shown = new Map<string, number>();
  return {
    sync,
    environment: base,
    role: () => 'alone',
    async once(name, action) {
      if (done.has(name)) return false;
      done.add(name);
      await action();
      return true;
    },
    show(id) {
      shown.set(id, (shown.get(id) ?? 0) + 1);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const count = (shown.get(id) ?? 1) - 1;
        if (count <= 0) shown.delete(id);
        else shown.set(id, count);
      };
    },
    isShownInVisibleTab: (id) => base.isVisible() && shown.has(id),
  };
}

import { openCrossTabSync, type CrossTabSync } from './cross-tab-sync';
import { EventFeed } from './event-feed';
import type { SourcePlan, UpdateSourceHost } from './update-source';

/**
 * The code of the store's update sources, loaded on demand in one piece (`createStoreSources`):
 * the proxy's event stream when the client has one, the link to the other tabs when they can be
 * reached (undefined where the browser has no channel).
 */
export function openUpdateSources(
  host: UpdateSourceHost,
  plan: SourcePlan,
): { feed: EventFeed | undefined; sync: CrossTabSync | undefined } {
  return {
    feed: plan.stream && new EventFeed(host, plan.stream.source, plan.stream.settings),
    sync: plan.tabs && openCrossTabSync(host, plan.tabs),
  };
}

/**
 * The code of the store's update sources, loaded on demand in one piece (`createStoreSources`):
 * the proxy's event stream, and the link to the other tabs.
 */
export { openCrossTabSync } from './cross-tab-sync';
export { EventFeed } from './event-feed';

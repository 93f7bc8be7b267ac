export { LiveView } from './live-view';
export type { LiveViewProps, LiveViewState } from './live-view';
export { liveViewSandbox } from './live-view-sandbox';
export type { LiveViewMessages } from './messages';

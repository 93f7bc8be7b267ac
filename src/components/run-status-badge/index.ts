export { RunStatusBadge } from './run-status-badge';
export type { RunStatusBadgeProps } from './run-status-badge';
export { runStatusState } from './run-status-state';
export type { RunStatusState, RunStatusLike } from './run-status-state';
export { defaultRunStatusBadgeMessages } from './messages';
export type { RunStatusBadgeMessages } from './messages';

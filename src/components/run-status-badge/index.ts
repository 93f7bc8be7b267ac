export { RunStatusBadge } from './run-status-badge';
export type { RunStatusBadgeProps } from './run-status-badge';
export type { RunStatusBadgeMessages } from './messages';

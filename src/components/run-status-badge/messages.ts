export type { RunStatusBadgeMessages } from '../../messages';

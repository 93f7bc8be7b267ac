export type { AuditTrailMessages } from '../../messages';

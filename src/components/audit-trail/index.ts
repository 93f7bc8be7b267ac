export { AuditTrail } from './audit-trail';
export type { AuditTrailProps, AuditTrailState } from './audit-trail';
export { defaultAuditTrailMessages } from './messages';
export type { AuditTrailMessages } from './messages';

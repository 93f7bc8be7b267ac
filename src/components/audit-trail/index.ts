export { AuditTrail } from './audit-trail';
export type { AuditTrailProps, AuditTrailState } from './audit-trail';
export type { AuditTrailMessages } from './messages';

import { enAuditTrailMessages, type AuditTrailMessages } from '../../messages';

export type { AuditTrailMessages };

/** The English defaults of `AuditTrailMessages` (the `en` locale's group). */
export const defaultAuditTrailMessages: AuditTrailMessages = enAuditTrailMessages;

import { enRunStatusBadgeMessages, type RunStatusBadgeMessages } from '../../messages';

export type { RunStatusBadgeMessages };

/** The English defaults of `RunStatusBadgeMessages` (the `en` locale's group). */
export const defaultRunStatusBadgeMessages: RunStatusBadgeMessages = enRunStatusBadgeMessages;

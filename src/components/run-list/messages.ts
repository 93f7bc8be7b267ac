import { enRunListMessages, type RunListMessages } from '../../messages';

export type { RunListMessages };

/** The English defaults of `RunListMessages` (the `en` locale's group). */
export const defaultRunListMessages: RunListMessages = enRunListMessages;

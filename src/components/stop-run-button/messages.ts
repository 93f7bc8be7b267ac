import { enStopRunButtonMessages, type StopRunButtonMessages } from '../../messages';

export type { StopRunButtonMessages };

/** The English defaults of `StopRunButtonMessages` (the `en` locale's group). */
export const defaultStopRunButtonMessages: StopRunButtonMessages = enStopRunButtonMessages;

import { enLiveViewMessages, type LiveViewMessages } from '../../messages';

export type { LiveViewMessages };

/** The English defaults of `LiveViewMessages` (the `en` locale's group). */
export const defaultLiveViewMessages: LiveViewMessages = enLiveViewMessages;

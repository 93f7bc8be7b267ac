import { enRunGifMessages, type RunGifMessages } from '../../messages';

export type { RunGifMessages };

/** The English defaults of `RunGifMessages` (the `en` locale's group). */
export const defaultRunGifMessages: RunGifMessages = enRunGifMessages;

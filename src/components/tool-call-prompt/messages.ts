import { enFormMessages, enPromptMessages, type FormMessages, type PromptMessages } from '../../messages';

/** The texts `<ToolCallPrompt>` writes: those of its forms (`form` group of `Messages`) and its own (`prompt` group). */
export type ToolCallPromptMessages = FormMessages & PromptMessages;

/** The English defaults of `ToolCallPromptMessages`. */
export const defaultToolCallPromptMessages: ToolCallPromptMessages = { ...enFormMessages, ...enPromptMessages };

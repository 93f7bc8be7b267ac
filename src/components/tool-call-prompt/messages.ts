import type { FormMessages, PromptMessages } from '../../messages';

/** The texts `<ToolCallPrompt>` writes: those of its forms (`form` group of `Messages`) and its own (`prompt` group). */
export type ToolCallPromptMessages = FormMessages & PromptMessages;

import type { ApprovalMessages, FormMessages, PromptMessages } from '../../messages';

export type { ApprovalMessages };

/**
 * Every text `<ApprovalPrompt>` can write: its own (`approval` group of `Messages`), its argument
 * editor's fields (`form` group) and its JSON editor's (`prompt` group).
 */
export type ApprovalPromptMessages = ApprovalMessages & FormMessages & PromptMessages;

import type { ApprovalMessages, FormMessages, PromptMessages, RequestMessages } from '../../messages';

/**
 * Every text `<HumanRequestPrompt>` can write: its own (`request` group of `Messages`), its forms'
 * (`form`), its JSON editor's (`prompt`) and its approvals' (`approval`).
 */
export type HumanRequestPromptMessages = RequestMessages & FormMessages & PromptMessages & ApprovalMessages;

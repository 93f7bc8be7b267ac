import type { ApprovalMessages, ControlMessages, FormMessages, PromptMessages, RequestMessages } from '../../messages';

/**
 * Every text `<HumanRequestPrompt>` can write: its own (`request` group of `Messages`), its forms'
 * (`form`), its JSON editor's (`prompt`), its approvals' (`approval`) and its hand-offs' (`control`).
 */
export type HumanRequestPromptMessages = RequestMessages & FormMessages & PromptMessages & ApprovalMessages & ControlMessages;

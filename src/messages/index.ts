/**
 * Every text the library writes itself, as typed functions (so a translation can reorder words and
 * choose plural forms), grouped by the part that writes them, with the English defaults. Locales
 * (`hitl-react/locales/de`, …) are objects of the same shape.
 */
export { enApprovalMessages, type ApprovalMessages } from './approval-messages';
export { enFormMessages, type FieldMessageContext, type FormMessages } from './form-messages';
export { en, mergeMessages, type MessageGroup, type Messages, type PartialMessages } from './messages';
export { plural } from './plural';
export { enPromptMessages, type PromptMessages } from './prompt-messages';

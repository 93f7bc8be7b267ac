import { enFormMessages, type FormMessages } from '../../messages';

/**
 * Every text `<ToolCallForm>` writes itself: field errors, notes, labels, the submit button and
 * the alert about unusable parameters (the `form` group of `Messages`). Pass a partial object in
 * `messages` to replace some; each is a function of the field and the limit involved, so
 * translations can reorder words.
 */
export type ToolCallFormMessages = FormMessages;

/** The English defaults of `ToolCallFormMessages`. */
export const defaultToolCallFormMessages: ToolCallFormMessages = enFormMessages;

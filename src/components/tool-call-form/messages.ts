import { defaultFormViewMessages, type FormViewMessages } from '../form-view';

/**
 * Every text `<ToolCallForm>` writes itself: those of the form view (field errors, notes, labels,
 * the submit button) and the alert about unusable parameters. Pass a partial object in `messages`
 * to replace some; each is a function of the field and the limit involved, so translations can
 * reorder words.
 */
export interface ToolCallFormMessages extends FormViewMessages {
  /** Heading of the alert shown instead of a form whose parameters are unusable. Default: "This form cannot be shown. The request from the automation agent is malformed:". */
  invalidParameters(context: { count: number }): string;
}

/** The English defaults of `ToolCallFormMessages`. */
export const defaultToolCallFormMessages: ToolCallFormMessages = {
  ...defaultFormViewMessages,
  invalidParameters: () => 'This form cannot be shown. The request from the automation agent is malformed:',
};

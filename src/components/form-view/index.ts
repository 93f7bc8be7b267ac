/**
 * The form view family: the rendering of a `FormModel` held by a `FormControl` (src/form), shared
 * by `<ToolCallForm>` and the forms `<ToolCallPrompt>` generates. Internal: the package exports
 * what its users need through the tool-call-form and tool-call-prompt families.
 */
export { FieldLabel, type FieldLabelProps } from './field-label';
export { fieldContext, issueText, noteText, shownLabelOf, type FieldIssueMessages } from './field-text';
export { followSubmission, type ToolCallFormState } from './follow-submission';
export { DEFAULT_AGENT_NOTICE, FormFooter, type FormFooterProps } from './form-footer';
export { FormView, type FormViewProps } from './form-view';
export { defaultFormViewMessages, type FieldMessageContext, type FormViewMessages } from './form-view-messages';

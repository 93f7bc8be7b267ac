/**
 * The form view family: the rendering of a headless form (src/form, `useFormView`), shared by
 * `<ToolCallForm>` and the forms `<ToolCallPrompt>` generates. Internal: the package exports what
 * its users need through the tool-call-form and tool-call-prompt families.
 */
export { FieldLabel, Label, type LabelProps } from './field-label';
export type { FieldComponents, FieldSlotProps, RenderField } from './field-slots';
export { followSubmission } from './follow-submission';
export { DEFAULT_AGENT_NOTICE, FormFooter, type FormFooterProps } from './form-footer';
export { DefaultField } from './form-field';
export { formViewState, FormView, type FormViewProps, type ToolCallFormState } from './form-view';

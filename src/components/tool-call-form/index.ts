export { ToolCallForm } from './tool-call-form';
export type { ToolCallFormProps } from './tool-call-form';
export { DEFAULT_AGENT_NOTICE } from './form-footer';
export type { ToolCallFormState } from './form-view';
export { defaultToolCallFormMessages } from './messages';
export type { FieldMessageContext, ToolCallFormMessages } from './messages';
export { SENSITIVE_AUTOCOMPLETE_TOKENS } from './policies';
export type { AutocompletePolicy, ClassNamePolicy } from './policies';

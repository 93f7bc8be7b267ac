export { ToolCallForm } from './tool-call-form';
export type { ToolCallFormProps } from './tool-call-form';
export { DEFAULT_AGENT_NOTICE } from '../form-view';
export type { FieldMessageContext, ToolCallFormState } from '../form-view';
export { defaultToolCallFormMessages } from './messages';
export type { ToolCallFormMessages } from './messages';
export { SENSITIVE_AUTOCOMPLETE_TOKENS } from '../../form';
export type { AutocompletePolicy, ClassNamePolicy } from '../../form';

export { ToolCallForm, type ToolCallFormProps } from './tool-call-form';
export { DEFAULT_AGENT_NOTICE, type FieldComponents, type FieldSlotProps, type RenderField, type ToolCallFormState } from '../form-view';
export { SENSITIVE_AUTOCOMPLETE_TOKENS, type AutocompletePolicy, type ClassNamePolicy } from '../../form';

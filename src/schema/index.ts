export { formInputSchema, FORM_FIELD_TYPES, encodeFormAnswer } from './form-input-schema';
export type {
  FormAnswer,
  FormAnswerEntry,
  FormAnswerValue,
  FormField,
  FormFieldKind,
  FormFieldOption,
  FormInputParameters,
} from './form-input-schema';
export { formInputTool, FORM_INPUT_TOOL_NAME } from './form-input-tool';
export type { FormInputToolOptions } from './form-input-tool';
export { humanControlTool, HUMAN_CONTROL_TOOL_NAME } from './human-control-tool';
export type { HumanControlParameters, HumanControlToolOptions } from './human-control-tool';
export { defineTool, type DefineToolOptions, type FromSchema, type ToolParameters, type TypedToolDefinition } from './define-tool';
export { checkFormInput, fieldSubject } from './check-form-input';
export { pointerSegments } from './json-pointer';
export type { FormInputProblem, FormInputProblemCode } from './check-form-input';
export { isDateLikeKind, type DateLikeKind } from './date-like-kinds';

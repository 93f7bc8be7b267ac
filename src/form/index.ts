/**
 * The form core (ARCHITECTURE.md, layer `form`): everything a form is without React. Untrusted
 * `form_input` parameters (or a flat JSON Schema) become a `FormModel`; `createFormControl` holds
 * the per-field state, validates it into structured `FieldIssue`s and builds the answer. Views
 * (components, and hooks on top) render the model and turn issues into words through their messages.
 */
export { answerValue } from './answer-value';
export { applyAutocompletePolicy, SENSITIVE_AUTOCOMPLETE_TOKENS, type AutocompletePolicy } from './autocomplete-policy';
export { buildFormModel } from './build-form-model';
export { applyClassNamePolicy, type ClassNamePolicy } from './class-name-policy';
export { coerceFieldValue, emptyFieldValue } from './coerce-field-value';
export { compilePattern, tryCompilePattern, type PatternRefusal } from './compile-pattern';
export { formatDateLike, parseDateLike, sanitizeDateLike } from './date-like';
export { sameIssue, type FieldIssue, type FieldIssueCode } from './field-issue';
export type { ControlKind, FieldModel, FieldNote, FieldValue, FormModel } from './field-model';
export { buildFormAnswer, initialFieldValues } from './form-answer';
export {
  createFormControl,
  type FieldHandle,
  type FieldState,
  type FormControl,
  type FormControlOptions,
  type FormState,
  type SetValueOptions,
} from './form-control';
export { isFloatText, sanitizeRange, sanitizeText, tidyNumber } from './sanitizers';
export { buildSchemaForm, isFlatObjectSchema, schemaFormAnswer, type FlatObjectSchema, type SchemaForm } from './schema-form';
export { schemaFormObstacle, type SchemaFormObstacle } from './schema-form-obstacle';
export { isValidEmail, isValidUrl, validateField } from './validate-field';
export { fieldIds, type FieldIds } from './field-ids';
export {
  createFieldPropGetters,
  type FieldAriaProps,
  type FieldChangeEvent,
  type FieldChangeTarget,
  type FieldElement,
  type FieldInputProps,
  type FieldKeyEvent,
  type FieldOptionProps,
  type FieldPropGetters,
  type FieldPropsEnvironment,
} from './field-props';
export { fieldContext, issueText, noteText, shownLabelOf, type FieldIssueMessages } from './field-text';
export { focusGroup } from './focus-group';
export {
  createFormController,
  type FormController,
  type FormControllerOptions,
  type FormControllerState,
  type FormStatus,
  type RefusedSubmit,
} from './form-controller';
export {
  createHeadlessView,
  headlessInternals,
  type HeadlessEnvironment,
  type HeadlessField,
  type HeadlessFieldError,
  type HeadlessForm,
  type HeadlessFormOptions,
  type HeadlessFormProps,
  type HeadlessSettings,
  type HeadlessView,
} from './headless-form';
export {
  cutText,
  DEFAULT_CONTENT_LIMITS,
  measureContent,
  resolveContentLimits,
  type ContentLimits,
  type ContentMeasure,
} from './content-limits';
export { draftableAnswer, isSecretField } from './form-draft';

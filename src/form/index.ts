/**
 * The form core (ARCHITECTURE.md, layer `form`): everything a form is without React. Untrusted
 * `form_input` parameters (or a flat JSON Schema) become a `FormModel`; `createFormControl` is the
 * form's one object: per-field state, validation into structured `FieldIssue`s, the submit, the
 * answer, and what a view reads. Views (components, and hooks on top) render the model and turn
 * issues into words through their messages.
 */
export { answerValue } from './answer-value';
export { applyAutocompletePolicy, SENSITIVE_AUTOCOMPLETE_TOKENS, type AutocompletePolicy } from './autocomplete-policy';
export { buildFormModel } from './build-form-model';
export { applyClassNamePolicy, type ClassNamePolicy } from './class-name-policy';
export { coerceFieldValue, emptyFieldValue } from './coerce-field-value';
export { compilePattern, tryCompilePattern, type PatternRefusal } from './compile-pattern';
export { formatDateLike, parseDateLike, sanitizeDateLike } from './date-like';
export { sameIssue, type FieldIssue, type FieldIssueCode } from './field-issue';
export type { ControlKind, FieldHandle, FieldModel, FieldNote, FieldValue, FormModel } from './field-model';
export { buildFormAnswer, createFormControl, fieldControlOf, formControlOf, initialFieldValues } from './form-control';
export type { FormControl, FormViewState } from './form-state';
export { isFloatText, sanitizeRange, sanitizeText, tidyNumber } from './sanitizers';
export { buildSchemaForm, isFlatObjectSchema, schemaFormAnswer, type FlatObjectSchema, type SchemaForm } from './schema-form';
export { schemaFormObstacle, type SchemaFormObstacle } from './schema-form-obstacle';
export { isValidEmail, isValidUrl, validateField } from './validate-field';
export { fieldIds, type FieldIds } from './field-ids';
export type {
  FieldChangeEvent,
  FieldChangeTarget,
  FieldInputProps,
  FieldKeyEvent,
  FieldOptionProps,
  FieldPropGetters,
} from './field-prop-types';
export { fieldContext, issueText, noteText, shownLabelOf, type FieldIssueMessages } from './field-text';
export { focusGroup } from './focus-group';
export type { FormStatus, HeadlessField, HeadlessFieldError, HeadlessForm, HeadlessFormOptions, HeadlessFormProps } from './headless-form';
export {
  cutText,
  DEFAULT_CONTENT_LIMITS,
  measureContent,
  resolveContentLimits,
  type ContentLimits,
  type ContentMeasure,
} from './content-limits';
export { draftableAnswer, isSecretField } from './form-draft';

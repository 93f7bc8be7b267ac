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
export { compilePattern } from './compile-pattern';
export { DATE_LIKE_KINDS, formatDateLike, isDateLikeKind, parseDateLike, sanitizeDateLike, type DateLikeKind } from './date-like';
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
export { isValidEmail, isValidUrl, validateField } from './validate-field';
